package dev.assay.engine.pack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The checksum of the files a pack load reads: equal for the same files, different when one of them changes. */
class LoadedFilesCrcTest {

    @TempDir
    Path dir;

    private String loadedCrc() throws Exception {
        LoadedFilesCrc files = new LoadedFilesCrc(DirectoryPackFiles.open(dir));
        RulePack pack = new PackLoader().load(files);
        assertEquals(RulesHash.of(DirectoryPackFiles.open(dir)), pack.rulesHash(), "a folder's pack is hashed");
        return files.value();
    }

    @Test
    void changesWithTheFilesTheLoaderReadsOnly() throws Exception {
        Files.writeString(dir.resolve("pack.yaml"), PackCompileTest.PACK);
        String first = loadedCrc();
        assertEquals(first, loadedCrc(), "deterministic");
        assertEquals("crc32:", first.substring(0, 6));

        Files.createDirectories(dir.resolve("tests"));
        Files.writeString(dir.resolve("tests/case.yaml"), "not read by the loader\n");
        assertEquals(first, loadedCrc(), "a file the loader does not read cannot change the rules");

        Files.writeString(dir.resolve("pack.yaml"), PackCompileTest.PACK + "\n# one more line\n");
        assertNotEquals(first, loadedCrc(), "a changed manifest");
    }

    @Test
    void onlyTheBuiltContentLoaderSkipsPatternChecks() throws Exception {
        Files.writeString(dir.resolve("pack.yaml"), PackCompileTest.PACK.replace("'tok-[a-z0-9]{8,}'", "'(?<=x)y'"));
        PackException e = org.junit.jupiter.api.Assertions.assertThrows(PackException.class,
                () -> new PackLoader().load(DirectoryPackFiles.open(dir)));
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("not a valid RE2 pattern"), e.getMessage());
        // The registry uses it only for files whose CRC matches the build's, which checked them.
        assertEquals(java.util.List.of("(?<=x)y"),
                PackLoader.ofBuiltContent().load(DirectoryPackFiles.open(dir)).manifest().redact());
    }

    @Test
    void aFileThatChangesBetweenTwoReadsNeverMatches() throws Exception {
        Path file = Files.writeString(dir.resolve("pack.yaml"), "a: 1\n");
        LoadedFilesCrc files = new LoadedFilesCrc(DirectoryPackFiles.open(dir));
        files.read("pack.yaml");
        Files.writeString(file, "a: 2\n");
        files.read("pack.yaml");
        assertEquals("", files.value());
    }
}
