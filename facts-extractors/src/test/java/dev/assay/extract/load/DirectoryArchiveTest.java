package dev.assay.extract.load;

import static dev.assay.extract.load.Fixtures.Entry;
import static dev.assay.extract.load.Fixtures.limits;
import static dev.assay.extract.load.Fixtures.text;
import static dev.assay.extract.load.Fixtures.utf8;
import static dev.assay.extract.load.Fixtures.write;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.spi.Limits;
import dev.assay.engine.spi.SkippedFile;
import dev.assay.engine.spi.Target;
import dev.assay.engine.spi.TargetEntry;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Archives inside a directory target are opened like archives inside an archive, within the same bounds. */
class DirectoryArchiveTest {

    @TempDir
    Path tmp;

    private final LocalTargetOpener opener = new LocalTargetOpener();

    private static List<String> paths(List<TargetEntry> entries) {
        return entries.stream().map(TargetEntry::path).toList();
    }

    private Path skill(String archiveName, byte[] archive) {
        Path root = tmp.resolve("skill");
        write(root, "SKILL.md", utf8("# Skill\n"));
        write(root, "vendor/" + archiveName, archive);
        return root;
    }

    @Test
    void aZipInAFolderIsWalkedAndReadUnderItsNameWithABang() throws Exception {
        byte[] zip = Fixtures.zip(Entry.file("scripts/speed.py", "print('x')\n"),
                Entry.file("lib/data.tgz", Fixtures.tarGz(Entry.file("x.sh", "echo x"))));
        try (Target t = opener.open(skill("payload.zip", zip), Limits.defaults())) {
            assertEquals(List.of("SKILL.md", "vendor/payload.zip", "vendor/payload.zip!/lib/data.tgz",
                    "vendor/payload.zip!/lib/data.tgz!/x.sh", "vendor/payload.zip!/scripts/speed.py"),
                    paths(t.walk("", 32)));
            assertEquals(List.of("vendor/payload.zip", "vendor/payload.zip!"), paths(t.list("vendor")));
            assertTrue(t.isDirectory("vendor/payload.zip!/scripts"));
            assertEquals("print('x')\n", text(t, "vendor/payload.zip!/scripts/speed.py"));
            assertEquals("echo x", text(t, "vendor/payload.zip!/lib/data.tgz!/x.sh"));
            // The archive stays a file: its headers are still read.
            assertArrayEquals(zip, t.read("vendor/payload.zip").orElseThrow().bytes());
            assertEquals(List.of(), t.skipped());
        }
    }

    @Test
    void anEntryNamedDirectlyOpensTheArchiveWithoutAWalk() throws Exception {
        byte[] tgz = Fixtures.tarGz(Entry.file("run.sh", "echo run"));
        try (Target t = opener.open(skill("tools.tgz", tgz), Limits.defaults())) {
            assertTrue(t.exists("vendor/tools.tgz!/run.sh"));
            assertEquals("echo run", text(t, "vendor/tools.tgz!/run.sh"));
            assertFalse(t.exists("vendor/tools.tgz!/missing"));
        }
    }

    @Test
    void aRealDirectoryEndingInABangStaysOnDisk() throws Exception {
        Path root = skill("a.zip", Fixtures.zip(Entry.file("in.txt", "zipped")));
        write(root, "vendor/a.zip!/on-disk.txt", utf8("disk"));
        try (Target t = opener.open(root, Limits.defaults())) {
            assertEquals("disk", text(t, "vendor/a.zip!/on-disk.txt"));
            assertFalse(t.exists("vendor/a.zip!/in.txt"));
            assertTrue(t.skipped().stream().anyMatch(s -> s.file().equals("vendor/a.zip")), t.skipped().toString());
        }
    }

    @Test
    void hostileArchivesInAFolderAreBoundedAndReported() throws Exception {
        // Traversal inside is refused under the archive's name; the rest is read.
        byte[] evil = Fixtures.zip(Entry.file("../../escape.sh", "x"), Entry.file("ok.txt", "ok"));
        try (Target t = opener.open(skill("evil.zip", evil), Limits.defaults())) {
            assertEquals(List.of("SKILL.md", "vendor/evil.zip", "vendor/evil.zip!/ok.txt"), paths(t.walk("", 32)));
            assertEquals(1, t.skipped().size(), t.skipped().toString());
            assertTrue(t.skipped().get(0).file().startsWith("vendor/evil.zip!/"), t.skipped().toString());
            assertFalse(Files.exists(tmp.resolve("escape.sh")));
        }
    }

    @Test
    void aBombInAFolderIsRefusedByTheRatio() throws Exception {
        byte[] bomb = Fixtures.zip(Entry.file("zeros.bin", new byte[4 << 20]), Entry.file("a.txt", "a"));
        try (Target t = opener.open(skill("bomb.zip", bomb), Limits.defaults())) {
            t.walk("", 32);
            assertFalse(t.exists("vendor/bomb.zip!/zeros.bin"));
            assertEquals("a", text(t, "vendor/bomb.zip!/a.txt"));
            assertTrue(t.skipped().stream().anyMatch(s -> s.file().startsWith("vendor/bomb.zip!/zeros.bin")
                    && s.reason().contains("expands more than")), t.skipped().toString());
        }
    }

    @Test
    void selfNestingStopsAtTheNestingBound() throws Exception {
        byte[] self = Fixtures.zip(Entry.file("a.txt", "a"));
        for (int i = 0; i < 6; i++) {
            self = Fixtures.zip(Entry.file("again.zip", self));
        }
        try (Target t = opener.open(skill("self.zip", self), Limits.defaults())) {
            List<String> walked = paths(t.walk("", 32));
            assertTrue(walked.contains("vendor/self.zip!/again.zip!/again.zip!/again.zip"), walked.toString());
            assertFalse(walked.stream().anyMatch(p -> p.startsWith("vendor/self.zip!/again.zip!/again.zip!/again.zip!")),
                    walked.toString());
            List<SkippedFile> skipped = t.skipped();
            assertEquals(List.of(new SkippedFile("vendor/self.zip!/again.zip!/again.zip!/again.zip",
                    "nested archive not opened (more than 3 archives deep)")), skipped);
        }
    }

    @Test
    void theScanTotalIsSharedWithTheDirectory() throws Exception {
        // 6 KB of files on disk, a zip that expands to 6 KB more, a total of 10 KB: the archive's output is cut.
        Path root = tmp.resolve("skill");
        write(root, "a-big.txt", new byte[6 << 10]);
        write(root, "b.zip", Fixtures.zip(Entry.file("inner.txt", new byte[6 << 10])));
        try (Target t = opener.open(root, limits(8 << 20, 10 << 10, 100, 32, 200, 3))) {
            assertTrue(t.read("a-big.txt").isPresent());
            t.walk("", 32);
            assertFalse(t.exists("b.zip!/inner.txt"));
            assertTrue(t.skipped().stream().anyMatch(s -> s.file().startsWith("b.zip")), t.skipped().toString());
        }
    }

    @Test
    void withNestingZeroAnArchiveInAFolderIsOnlyAFile() throws Exception {
        byte[] zip = Fixtures.zip(Entry.file("x.txt", "x"));
        try (Target t = opener.open(skill("p.zip", zip), limits(8 << 20, 256L << 20, 100, 32, 200, 0))) {
            assertEquals(List.of("SKILL.md", "vendor/p.zip"), paths(t.walk("", 32)));
            assertFalse(t.exists("vendor/p.zip!/x.txt"));
        }
    }
}
