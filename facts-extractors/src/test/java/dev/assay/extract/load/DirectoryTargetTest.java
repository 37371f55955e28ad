package dev.assay.extract.load;

import static dev.assay.extract.load.Fixtures.limits;
import static dev.assay.extract.load.Fixtures.skip;
import static dev.assay.extract.load.Fixtures.text;
import static dev.assay.extract.load.Fixtures.utf8;
import static dev.assay.extract.load.Fixtures.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.assay.engine.spi.FileContent;
import dev.assay.engine.spi.Limits;
import dev.assay.engine.spi.Target;
import dev.assay.engine.spi.TargetEntry;
import dev.assay.engine.spi.TargetException;
import dev.assay.engine.spi.TargetOpener;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class DirectoryTargetTest {

    @TempDir
    Path tmp;

    private final LocalTargetOpener opener = new LocalTargetOpener();

    private static List<String> paths(List<TargetEntry> entries) {
        return entries.stream().map(TargetEntry::path).toList();
    }

    private Path skillDir() {
        Path root = tmp.resolve("skill");
        write(root, "SKILL.md", utf8("# Skill\n"));
        write(root, "scripts/run.sh", utf8("echo run\n"));
        write(root, "scripts/lib/util.py", utf8("x = 1\n"));
        write(root, "a.txt", utf8("a\n"));
        return root;
    }

    @Test
    void listsWalksAndReadsOnlyWhatIsAskedFor() throws Exception {
        try (Target t = opener.open(skillDir(), Limits.defaults())) {
            assertEquals("directory", t.kind());
            assertEquals(tmp.resolve("skill").toString(), t.displayPath());
            assertTrue(t.exists("") && t.isDirectory("") && t.isDirectory("scripts"));
            assertTrue(t.exists("scripts/run.sh") && !t.isDirectory("scripts/run.sh"));
            assertFalse(t.exists("missing.txt"));
            assertEquals(List.of("SKILL.md", "a.txt", "scripts"), paths(t.list("")));
            assertTrue(t.list("").get(2).directory());
            assertEquals(List.of("SKILL.md", "a.txt", "scripts/lib/util.py", "scripts/run.sh"), paths(t.walk("", 32)));
            assertEquals(List.of("scripts/run.sh"), paths(t.walk("scripts", 1)));
            assertEquals(List.of(), t.filesRead());
            assertEquals("# Skill\n", text(t, "SKILL.md"));
            assertTrue(t.read("missing.txt").isEmpty());
            assertTrue(t.read("scripts").isEmpty());
            assertEquals(List.of("SKILL.md"), t.filesRead());
            assertEquals(List.of(), t.skipped());
        }
    }

    @Test
    void theOpenerIsRegisteredAsAService() {
        List<String> openers = ServiceLoader.load(TargetOpener.class).stream()
                .map(p -> p.type().getName()).toList();
        assertTrue(openers.contains(LocalTargetOpener.class.getName()), openers.toString());
    }

    @Test
    void modesComeFromTheFileSystem() throws Exception {
        Path root = tmp.resolve("modes");
        Path secret = write(root, ".env", utf8("TOKEN=sk-ant-api03-FAKEFAKEFAKE\n"));
        Path open = write(root, "config.json", utf8("{}"));
        assumeTrue(root.getFileSystem().supportedFileAttributeViews().contains("posix"));
        Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-------"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rw-r--r--"));
        try (Target t = opener.open(root, Limits.defaults())) {
            assertEquals(List.of(0600, 0644), t.list("").stream().map(TargetEntry::mode).toList());
            assertEquals(0600, t.read(".env").orElseThrow().mode());
            assertEquals(0644, t.read("config.json").orElseThrow().mode());
            assertEquals(List.of(), t.skipped());
        }
    }

    @Test
    void aSymbolicLinkIsNeverFollowed() throws Exception {
        Path outside = write(tmp, "outside/secret.txt", utf8("outside the target\n"));
        Path root = skillDir();
        Files.createSymbolicLink(root.resolve("leak.txt"), outside);
        Files.createSymbolicLink(root.resolve("linkdir"), outside.getParent());
        Files.createSymbolicLink(root.resolve("scripts/up"), Path.of(".."));
        try (Target t = opener.open(root, Limits.defaults())) {
            assertEquals(List.of("SKILL.md", "a.txt", "scripts"), paths(t.list("")));
            assertEquals(List.of("SKILL.md", "a.txt", "scripts/lib/util.py", "scripts/run.sh"), paths(t.walk("", 32)));
            assertFalse(t.exists("leak.txt"));
            assertTrue(t.read("leak.txt").isEmpty());
            assertTrue(t.read("linkdir/secret.txt").isEmpty());
            assertTrue(t.read("scripts/up/SKILL.md").isEmpty());
            assertFalse(t.isDirectory("linkdir"));
            assertEquals(List.of(), t.list("linkdir"));
            assertEquals(List.of(), t.filesRead());
            assertEquals(List.of(skip("leak.txt", "symbolic link not followed"),
                    skip("linkdir", "symbolic link not followed"),
                    skip("scripts/up", "symbolic link not followed")), t.skipped());
        }
    }

    @Test
    @Timeout(value = 5, unit = TimeUnit.SECONDS)
    void aFifoNeverBlocksTheScan() throws Exception {
        Path root = skillDir();
        Path fifo = root.resolve("scripts/pipe");
        boolean made;
        try {
            made = new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0;
        } catch (IOException e) {
            made = false;
        }
        assumeTrue(made, "mkfifo unavailable");
        try (Target t = opener.open(root, Limits.defaults())) {
            assertEquals(List.of("scripts/lib", "scripts/run.sh"), paths(t.list("scripts")));
            assertEquals(4, t.walk("", 32).size());
            assertFalse(t.exists("scripts/pipe"));
            assertTrue(t.read("scripts/pipe").isEmpty());
            assertEquals(List.of(skip("scripts/pipe", "not a regular file (FIFO)")), t.skipped());
        }
        TargetException e = assertThrows(TargetException.class, () -> opener.open(fifo, Limits.defaults()));
        assertEquals("not a regular file or directory: " + fifo, e.getMessage());
    }

    @Test
    void pathsThatCouldEscapeAreRefused() throws Exception {
        try (Target t = opener.open(skillDir(), Limits.defaults())) {
            for (String bad : List.of("../skill/SKILL.md", "/etc/passwd", "scripts\\run.sh", "a\0b", "./SKILL.md",
                    "scripts//run.sh", "scripts/")) {
                assertTrue(t.read(bad).isEmpty(), bad);
                assertFalse(t.exists(bad), bad);
            }
            assertEquals(List.of(
                    skip("../skill/SKILL.md", "path refused: contains .."),
                    skip("./SKILL.md", "path refused: not canonical"),
                    skip("/etc/passwd", "path refused: absolute"),
                    skip("a\0b", "path refused: contains NUL"),
                    skip("scripts/", "path refused: not canonical"),
                    skip("scripts//run.sh", "path refused: not canonical"),
                    skip("scripts\\run.sh", "path refused: contains a backslash")), t.skipped());
            assertEquals(List.of(), t.filesRead());
        }
    }

    @Test
    void walkIsBoundedByDepthAndFileCount() throws Exception {
        Path root = tmp.resolve("deep");
        write(root, "top.txt", utf8("t"));
        write(root, "l1/l2/l3/deep.txt", utf8("d"));
        write(root, "l1/mid.txt", utf8("m"));
        try (Target t = opener.open(root, limits(1 << 20, 1 << 24, 100, 2, 200, 1))) {
            assertEquals(List.of("l1/mid.txt", "top.txt"), paths(t.walk("", 10)));
            assertTrue(t.read("l1/l2/l3/deep.txt").isEmpty());
            assertEquals(List.of(skip("l1/l2", "deeper than 2 levels; not walked"),
                    skip("l1/l2/l3/deep.txt", "path refused: deeper than 2 levels")), t.skipped());
        }
        // A caller asking for fewer levels than the limit cuts nothing worth reporting.
        try (Target t = opener.open(root, Limits.defaults())) {
            assertEquals(List.of("top.txt"), paths(t.walk("", 1)));
            assertEquals(List.of(), t.skipped());
        }
        Path wide = tmp.resolve("wide");
        for (String name : List.of("e", "d", "c", "b", "a")) {
            write(wide, name + ".txt", utf8(name));
        }
        try (Target t = opener.open(wide, limits(1 << 20, 1 << 24, 3, 8, 200, 1))) {
            assertEquals(List.of("a.txt", "b.txt", "c.txt"), paths(t.walk("", 8)));
            assertTrue(t.read("e.txt").isEmpty());
            assertEquals("a", text(t, "a.txt"));
            assertEquals(List.of(skip("", "holds 5 entries; only the first 3 by name listed"),
                    skip("e.txt", "file limit of 3 reached")), t.skipped());
        }
    }

    @Test
    void filesOverTheSizeOrTotalLimitAreNotRead() throws Exception {
        Path root = tmp.resolve("sizes");
        write(root, "big.bin", new byte[101]);
        write(root, "a.txt", utf8("a".repeat(60)));
        write(root, "b.txt", utf8("b".repeat(60)));
        try (Target t = opener.open(root, limits(100, 100, 100, 8, 200, 1))) {
            assertEquals(101, t.list("").get(2).size());
            assertTrue(t.read("big.bin").isEmpty());
            assertEquals(60, t.read("a.txt").orElseThrow().bytes().length);
            assertTrue(t.read("b.txt").isEmpty());
            assertEquals(List.of("a.txt"), t.filesRead());
            assertEquals(List.of(skip("b.txt", "scan byte limit of 100 reached"),
                    skip("big.bin", "larger than 100 bytes")), t.skipped());
        }
    }

    @Test
    void aSingleFileTargetHoldsOneEntryNamedAsTheUserNamedIt() throws Exception {
        Path file = write(tmp, "real-skill.md", utf8("---\nname: x\n---\n"));
        Path link = tmp.resolve("SKILL.md");
        Files.createSymbolicLink(link, file);
        try (Target t = opener.open(link, Limits.defaults())) {
            assertEquals("file", t.kind());
            assertEquals(List.of("SKILL.md"), paths(t.list("")));
            assertEquals(List.of("SKILL.md"), paths(t.walk("", 32)));
            assertTrue(t.exists("SKILL.md") && !t.exists("real-skill.md"));
            assertEquals("---\nname: x\n---\n", text(t, "SKILL.md"));
            assertTrue(t.read("real-skill.md").isEmpty());
            assertEquals(List.of("SKILL.md"), t.filesRead());
            assertEquals(List.of(), t.skipped());
        }
    }

    @Test
    void aMissingTargetIsOneClearLine() {
        Path missing = tmp.resolve("nope");
        TargetException e = assertThrows(TargetException.class, () -> opener.open(missing, Limits.defaults()));
        assertEquals("no such file or directory: " + missing, e.getMessage());
        assertEquals(null, e.getCause());
    }

    @Test
    void theDigestCoversTheSortedFilesReadAndNotTheOrderOfReading() throws Exception {
        Path root = skillDir();
        String forward;
        String backward;
        try (Target t = opener.open(root, Limits.defaults())) {
            t.read("a.txt");
            t.read("SKILL.md");
            forward = t.digest();
        }
        try (Target t = opener.open(root, Limits.defaults())) {
            t.read("SKILL.md");
            t.read("a.txt");
            t.read("a.txt");
            backward = t.digest();
            FileContent skill = t.read("SKILL.md").orElseThrow();
            skill.bytes()[0] = 'X';
            assertEquals(backward, t.digest());
            assertEquals(List.of("SKILL.md", "a.txt"), t.filesRead());
            assertEquals(List.of(), t.skipped());
        }
        assertEquals(forward, backward);
        // The documented encoding, recomputed independently.
        java.security.MessageDigest sha = java.security.MessageDigest.getInstance("SHA-256");
        for (String[] f : new String[][] {{"SKILL.md", "# Skill\n"}, {"a.txt", "a\n"}}) {
            byte[] path = utf8(f[0]);
            byte[] content = utf8(f[1]);
            sha.update(java.nio.ByteBuffer.allocate(4).putInt(path.length).array());
            sha.update(path);
            sha.update(java.nio.ByteBuffer.allocate(8).putLong(content.length).array());
            sha.update(content);
        }
        assertEquals("sha256:" + java.util.HexFormat.of().formatHex(sha.digest()), forward);
    }

    @Test
    void theDigestAndFilesReadSurviveClose() throws Exception {
        Target t = opener.open(skillDir(), Limits.defaults());
        t.read("a.txt");
        String digest = t.digest();
        t.close();
        assertEquals(digest, t.digest());
        assertEquals(List.of("a.txt"), t.filesRead());
        assertThrows(IllegalStateException.class, () -> t.read("a.txt"));
    }
}
