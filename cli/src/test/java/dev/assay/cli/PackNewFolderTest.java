package dev.assay.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code pack new --dir DIR} makes DIR when it does not exist yet, and refuses a file in its place. */
class PackNewFolderTest {

    @Test
    void createsAMissingFolder(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("packs/nested");
        Cli.Result r = Cli.run("pack", "new", "my-pack", "--dir", dir.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(Files.isRegularFile(dir.resolve("my-pack/1.0.0/pack.yaml")));
    }

    @Test
    void refusesAFileWhereTheFolderShouldBe(@TempDir Path tmp) throws Exception {
        Path file = Files.writeString(tmp.resolve("packs"), "not a folder");
        Cli.Result r = Cli.run("pack", "new", "my-pack", "--dir", file.toString());
        assertEquals(1, r.code(), r.out());
        assertEquals(1, r.err().lines().count(), r.err());
    }
}
