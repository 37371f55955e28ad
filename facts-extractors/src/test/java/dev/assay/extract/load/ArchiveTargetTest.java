package dev.assay.extract.load;

import static dev.assay.extract.load.Fixtures.Entry;
import static dev.assay.extract.load.Fixtures.limits;
import static dev.assay.extract.load.Fixtures.skip;
import static dev.assay.extract.load.Fixtures.text;
import static dev.assay.extract.load.Fixtures.write;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.spi.FileContent;
import dev.assay.engine.spi.Limits;
import dev.assay.engine.spi.SkippedFile;
import dev.assay.engine.spi.Target;
import dev.assay.engine.spi.TargetEntry;
import dev.assay.engine.spi.TargetException;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArchiveTargetTest {

    private static final String NOT_OPENED = "nested archive not opened";

    @TempDir
    Path dir;

    private final LocalTargetOpener opener = new LocalTargetOpener();

    private Target open(String name, byte[] bytes) throws TargetException {
        return opener.open(write(dir, name, bytes), Limits.defaults());
    }

    private Target open(String name, byte[] bytes, Limits limits) throws TargetException {
        return opener.open(write(dir, name, bytes), limits);
    }

    private static List<String> paths(List<TargetEntry> entries) {
        return entries.stream().map(TargetEntry::path).toList();
    }

    @Test
    void zipEntriesAreListedWalkedAndReadWithTheirModes() throws Exception {
        try (Target t = open("skill.zip", Fixtures.zip(Entry.dir("skill/"),
                Entry.file("skill/SKILL.md", "# Skill\n", 0644), Entry.file("skill/.env", "KEY=x\n", 0600),
                Entry.file("skill/bin/run.sh", "echo hi\n", 0755)))) {
            assertEquals("zip", t.kind());
            assertTrue(t.isDirectory("skill"));
            assertEquals(List.of("skill/.env", "skill/SKILL.md", "skill/bin"), paths(t.list("skill")));
            assertEquals(List.of("skill/.env", "skill/SKILL.md", "skill/bin/run.sh"), paths(t.walk("", 32)));
            assertEquals(List.of("skill/.env", "skill/SKILL.md"), paths(t.walk("skill", 1)));
            assertEquals(0600, t.walk("", 32).get(0).mode());
            assertEquals(0644, t.read("skill/SKILL.md").orElseThrow().mode());
            assertEquals(0755, t.read("skill/bin/run.sh").orElseThrow().mode());
            assertEquals("# Skill\n", text(t, "skill/SKILL.md"));
            assertEquals(List.of("skill/SKILL.md", "skill/bin/run.sh"), t.filesRead());
            assertEquals(List.of(), t.skipped());
        }
    }

    @Test
    void aWheelIsAZipNamedWhl() throws Exception {
        try (Target t = open("pkg-1.0-py3-none-any.whl", Fixtures.zip(Entry.file("pkg/__init__.py", "x = 1\n")))) {
            assertEquals("whl", t.kind());
            assertEquals("x = 1\n", text(t, "pkg/__init__.py"));
            assertEquals(List.of(), t.skipped());
        }
    }

    @Test
    void contentDecidesTheFormatWhenTheExtensionDisagrees() throws Exception {
        try (Target t = open("really-a-zip.tar", Fixtures.zip(Entry.file("a.txt", "zip\n")));
                Target u = open("really-a-tar.zip", Fixtures.tar(Entry.file("b.txt", "tar\n")));
                Target v = open("archive.bin", Fixtures.tarGz(Entry.file("c.txt", "tgz\n")))) {
            assertEquals("zip", t.kind());
            assertEquals("zip\n", text(t, "a.txt"));
            assertEquals("tar", u.kind());
            assertEquals("tar\n", text(u, "b.txt"));
            assertEquals("tar.gz", v.kind());
            assertEquals("tgz\n", text(v, "c.txt"));
        }
    }

    @Test
    void traversalAbsoluteDriveLetterAndBackslashEntriesAreRefused() throws Exception {
        byte[] zip = Fixtures.zip(Entry.file("ok.txt", "fine\n"), Entry.file("../evil", "x"),
                Entry.file("a/../../evil2", "x"), Entry.file("/abs", "x"), Entry.file("C:/win", "x"),
                Entry.file("dir_evil", "x"), Entry.file("./dot/./ok2.txt", "also fine\n"));
        // commons-compress turns backslashes into slashes when writing, so the byte goes in afterwards.
        Fixtures.replaceAll(zip, "dir_evil", "dir\\evil");
        try (Target t = open("t.zip", zip)) {
            assertEquals(List.of("dot/ok2.txt", "ok.txt"), paths(t.walk("", 32)));
            assertEquals("also fine\n", text(t, "dot/ok2.txt"));
            assertFalse(t.exists("evil"));
            assertEquals(List.of(
                    skip("../evil", "entry name with .. refused"),
                    skip("/abs", "absolute entry name refused"),
                    skip("C:/win", "entry name with a drive letter refused"),
                    skip("a/../../evil2", "entry name with .. refused"),
                    skip("dir\\evil", "entry name with a backslash refused")), t.skipped());
        }
        byte[] tar = Fixtures.tar(Entry.file("../evil", "x"), Entry.file("/abs", "x"), Entry.file("ok.txt", "y"));
        try (Target t = open("t.tar", tar)) {
            assertEquals(List.of("ok.txt"), paths(t.walk("", 32)));
            assertEquals("y", text(t, "ok.txt"));
            assertEquals(List.of(skip("../evil", "entry name with .. refused"),
                    skip("/abs", "absolute entry name refused")), t.skipped());
        }
    }

    @Test
    void linkDeviceAndFifoEntriesAreRefused() throws Exception {
        byte[] tar = Fixtures.tar(Entry.symlink("passwd", "/etc/passwd"), Entry.hardlink("hard", "/etc/shadow"),
                Entry.fifo("pipe"), Entry.charDevice("tty"), Entry.file("real.txt", "r"));
        try (Target t = open("links.tar", tar)) {
            assertEquals(List.of("real.txt"), paths(t.walk("", 32)));
            assertFalse(t.exists("passwd"));
            assertTrue(t.read("passwd").isEmpty());
            assertEquals(List.of(skip("hard", "hard link entry refused"),
                    skip("passwd", "symbolic link entry refused"), skip("pipe", "FIFO entry refused"),
                    skip("tty", "character device entry refused")), t.skipped());
        }
        byte[] zip = Fixtures.zip(Entry.symlink("link", "../../outside"), Entry.fifo("pipe"), Entry.file("f", "f"));
        try (Target t = open("links.zip", zip)) {
            assertEquals(List.of("f"), paths(t.walk("", 32)));
            assertEquals(List.of(skip("link", "symbolic link entry refused"), skip("pipe", "FIFO entry refused")),
                    t.skipped());
        }
    }

    @Test
    void tarEntriesCarryTheirModes() throws Exception {
        byte[] tar = Fixtures.tar(Entry.file("secret.json", "{}", 0600), Entry.file("public.json", "{}", 0644));
        try (Target t = open("modes.tgz", Fixtures.gzip(tar))) {
            assertEquals("tar.gz", t.kind());
            assertEquals(0600, t.read("secret.json").orElseThrow().mode());
            assertEquals(0644, t.read("public.json").orElseThrow().mode());
            assertEquals(List.of(), t.skipped());
        }
    }

    @Test
    void aZipBombEntryIsRefusedAndTheRestIsRead() throws Exception {
        byte[] zeros = new byte[4 << 20];
        try (Target t = open("bomb.zip", Fixtures.zip(Entry.file("a.txt", "before"), Entry.file("bomb.bin", zeros),
                Entry.file("z.txt", "after")))) {
            assertEquals("before", text(t, "a.txt"));
            assertEquals("after", text(t, "z.txt"));
            assertFalse(t.exists("bomb.bin"));
            assertEquals(List.of(skip("bomb.bin", "expands more than 200 times its compressed size; not read")),
                    t.skipped());
        }
    }

    @Test
    void overlappingEntriesStopWhenTheArchiveAsAWholeExpandsTooFar() throws Exception {
        // Each entry alone is within a ratio of 2000; together they expand the archive far more.
        byte[] zip = Fixtures.overlappingZip(new byte[2 << 20], Fixtures.names("copy", 6));
        Limits limits = limits(8 << 20, 256L << 20, 100, 32, 2000, 1);
        try (Target t = open("overlap.zip", zip, limits)) {
            List<String> kept = paths(t.walk("", 32));
            assertTrue(kept.size() >= 1 && kept.size() < 6, kept.toString());
            assertEquals(1, t.skipped().size());
            SkippedFile stop = t.skipped().get(0);
            assertEquals("copy" + kept.size(), stop.file());
            assertEquals("archive expands more than 2000 times its size; this and later entries not read",
                    stop.reason());
        }
    }

    @Test
    void aGzipBombStopsTheTarGz() throws Exception {
        byte[] tgz = Fixtures.tarGz(Entry.file("a.txt", "before"), Entry.file("bomb.bin", new byte[4 << 20]),
                Entry.file("z.txt", "after"));
        try (Target t = open("bomb.tar.gz", tgz)) {
            assertEquals("before", text(t, "a.txt"));
            assertFalse(t.exists("bomb.bin"));
            assertFalse(t.exists("z.txt"));
            assertEquals(List.of(skip("bomb.bin", "gzip stream expands more than 200 times its compressed size; "
                    + "this and later entries not read")), t.skipped());
        }
    }

    @Test
    void tooManyEntriesCutTheArchive() throws Exception {
        Limits limits = limits(1 << 20, 1 << 24, 3, 32, 200, 1);
        Entry[] entries = Fixtures.names("f", 5).stream().map(n -> Entry.file(n, n)).toArray(Entry[]::new);
        try (Target t = open("many.tar", Fixtures.tar(entries), limits)) {
            assertEquals(List.of("f0", "f1", "f2"), paths(t.walk("", 32)));
            assertEquals(List.of(skip("f3", "more than 3 entries; this and later entries not read")), t.skipped());
        }
        try (Target t = open("many.zip", Fixtures.zip(entries), limits)) {
            assertEquals(List.of("f0", "f1", "f2"), paths(t.walk("", 32)));
            assertEquals(List.of(
                    skip("", "zip central directory lists more than 3 entries or 16777216 bytes; "
                            + "entries read from local headers"),
                    skip("f3", "more than 3 entries; this and later entries not read")), t.skipped());
        }
    }

    @Test
    void anOversizedEntryIsSkippedAndTheTotalIsBounded() throws Exception {
        // A tar stream counts whole: 512-byte headers and padded data, skipped entries included.
        Limits limits = limits(1000, 4000, 100, 32, 200, 1);
        byte[] big = new byte[1001];
        Arrays.fill(big, (byte) 'x');
        byte[] small = new byte[900];
        Arrays.fill(small, (byte) 'y');
        byte[] tar = Fixtures.tar(Entry.file("big.txt", big), Entry.file("a.txt", small), Entry.file("b.txt", small),
                Entry.file("c.txt", small));
        try (Target t = open("sizes.tar", tar, limits)) {
            assertEquals(List.of("a.txt"), paths(t.walk("", 32)));
            assertEquals(900, t.read("a.txt").orElseThrow().bytes().length);
            assertEquals(List.of(skip("b.txt", "archives expand beyond 4000 bytes in total; this and later entries "
                    + "not read"), skip("big.txt", "larger than 1000 bytes")), t.skipped());
        }
    }

    @Test
    void aZipEntryWhoseHeaderUnderstatesItsSizeIsCutByWhatIsRead() throws Exception {
        byte[] big = new byte[5000];
        Arrays.fill(big, (byte) 'x');
        byte[] zip = Fixtures.zip(Entry.file("big.txt", big), Entry.file("s.txt", "small"));
        Fixtures.setCentralDirectorySizes(zip, 10);
        try (Target t = open("lies.zip", zip, limits(1000, 1 << 20, 100, 32, 200, 1))) {
            assertEquals(List.of("s.txt"), paths(t.walk("", 32)));
            assertEquals("small", text(t, "s.txt"));
            assertEquals(List.of(skip("big.txt", "larger than 1000 bytes")), t.skipped());
        }
    }

    @Test
    void nestedArchivesAreOpenedByDefaultAndNamedWithABang() throws Exception {
        byte[] inner = Fixtures.zip(Entry.file("inner.txt", "deep"));
        byte[] outer = Fixtures.zip(Entry.file("lib/inner.zip", inner), Entry.file("lib/data.tgz",
                Fixtures.tarGz(Entry.file("x", "x"))), Entry.file("top.txt", "top"));
        try (Target t = open("outer.zip", outer)) {
            assertTrue(t.isDirectory("lib/inner.zip!"));
            assertEquals("deep", text(t, "lib/inner.zip!/inner.txt"));
            assertEquals("x", text(t, "lib/data.tgz!/x"));
            // The nested archives stay files too: their own headers are still read.
            assertArrayEquals(inner, t.read("lib/inner.zip").orElseThrow().bytes());
            assertEquals(List.of("lib/data.tgz", "lib/data.tgz!/x", "lib/inner.zip", "lib/inner.zip!/inner.txt",
                    "top.txt"), paths(t.walk("", 32)));
            assertEquals(List.of(), t.skipped());
        }
        try (Target t = open("outer2.zip", outer, limits(8 << 20, 256L << 20, 100, 32, 200, 1))) {
            assertEquals(List.of("lib/data.tgz", "lib/inner.zip", "top.txt"), paths(t.walk("", 32)));
            assertEquals(List.of(skip("lib/data.tgz", NOT_OPENED + " (more than 1 archives deep)"),
                    skip("lib/inner.zip", NOT_OPENED + " (more than 1 archives deep)")), t.skipped());
        }
    }

    @Test
    void aTgzInAZipInAZipIsReadAndDeeperNestingIsBounded() throws Exception {
        byte[] tgz = Fixtures.tarGz(Entry.file("payload.sh", "curl x | sh"));
        byte[] middle = Fixtures.zip(Entry.file("inner.tgz", tgz));
        byte[] outer = Fixtures.zip(Entry.file("middle.zip", middle));
        try (Target t = open("outer.zip", outer)) {
            assertEquals("curl x | sh", text(t, "middle.zip!/inner.tgz!/payload.sh"));
            assertEquals(List.of(), t.skipped());
        }
        // One level more than the default of three: kept as a file and recorded.
        byte[] fourth = Fixtures.zip(Entry.file("outer.zip", outer));
        try (Target t = open("fourth.zip", fourth)) {
            assertTrue(t.exists("outer.zip!/middle.zip!/inner.tgz"));
            assertEquals(List.of(skip("outer.zip!/middle.zip!/inner.tgz", NOT_OPENED + " (more than 3 archives deep)")),
                    t.skipped());
        }
    }

    @Test
    void hostileNestedArchivesAreBoundedAndNamed() throws Exception {
        // Traversal inside the inner archive is refused under the inner archive's name.
        byte[] evil = Fixtures.zip(Entry.file("../../escape.sh", "x"), Entry.file("ok.txt", "ok"));
        byte[] outer = Fixtures.zip(Entry.file("skill/evil.zip", evil));
        try (Target t = open("outer.zip", outer)) {
            assertEquals("ok", text(t, "skill/evil.zip!/ok.txt"));
            assertEquals(1, t.skipped().size(), t.skipped().toString());
            assertTrue(t.skipped().get(0).file().startsWith("skill/evil.zip!/"), t.skipped().toString());
        }
        // A bomb inside: the same ratio bound applies to nested output (the entry is refused, the scan goes on).
        byte[] zeros = new byte[4 << 20];
        byte[] bomb = Fixtures.zip(Entry.file("zeros.bin", zeros));
        byte[] holder = Fixtures.zip(Entry.file("bomb.zip", bomb), Entry.file("a.txt", "a"));
        try (Target t = open("holder.zip", holder)) {
            assertEquals("a", text(t, "a.txt"));
            assertTrue(t.skipped().stream().anyMatch(s -> s.file().startsWith("bomb.zip")), t.skipped().toString());
            assertTrue(!t.exists("bomb.zip!/zeros.bin"));
        }
        // An archive holding copies of itself (quine-like) stops at the nesting bound.
        byte[] self = Fixtures.zip(Entry.file("a.txt", "a"));
        for (int i = 0; i < 6; i++) {
            self = Fixtures.zip(Entry.file("again.zip", self));
        }
        try (Target t = open("self.zip", self)) {
            assertEquals(1, t.skipped().size(), t.skipped().toString());
            assertTrue(t.skipped().get(0).reason().startsWith(NOT_OPENED), t.skipped().toString());
        }
    }

    @Test
    void withNestingZeroAnArchiveIsASingleFile() throws Exception {
        byte[] zip = Fixtures.zip(Entry.file("a", "a"));
        try (Target t = open("x.zip", zip, limits(1 << 20, 1 << 24, 10, 8, 200, 0))) {
            assertEquals("file", t.kind());
            assertEquals(List.of("x.zip"), paths(t.list("")));
            assertArrayEquals(zip, t.read("x.zip").orElseThrow().bytes());
            assertEquals(List.of(skip("x.zip", "archive not opened (maxArchiveNesting is 0)")), t.skipped());
        }
    }

    @Test
    void aDuplicateNameKeepsTheFirstEntry() throws Exception {
        try (Target t = open("dup.zip", Fixtures.zip(Entry.file("a.txt", "first"), Entry.file("a.txt", "second"),
                Entry.file("d", "file"), Entry.file("d/x", "inside a file")))) {
            assertEquals("first", text(t, "a.txt"));
            assertEquals(List.of("a.txt", "d"), paths(t.walk("", 32)));
            assertEquals(List.of(skip("a.txt", "duplicate entry name; first kept"),
                    skip("d/x", "entry is inside file entry d; refused")), t.skipped());
        }
        try (Target t = open("dup.tar", Fixtures.tar(Entry.file("a.txt", "first"), Entry.file("./a.txt", "second")))) {
            assertEquals("first", text(t, "a.txt"));
            assertEquals(List.of(skip("a.txt", "duplicate entry name; first kept")), t.skipped());
        }
    }

    @Test
    void aTruncatedZipKeepsWhatItsLocalHeadersHold() throws Exception {
        byte[] second = new byte[20_000];
        Arrays.fill(second, (byte) 'b');
        byte[] zip = Fixtures.zip(Entry.file("first.txt", "complete").stored(), Entry.file("second.txt", second).stored(),
                Entry.file("third.txt", "never reached"));
        byte[] cut = Arrays.copyOf(zip, 10_000);
        try (Target t = open("cut.zip", cut)) {
            assertEquals(List.of("first.txt"), paths(t.walk("", 32)));
            assertEquals("complete", text(t, "first.txt"));
            List<SkippedFile> skipped = t.skipped();
            assertEquals(2, skipped.size(), skipped.toString());
            assertEquals(skip("", "zip central directory not found (no end of central directory record); "
                    + "entries read from local headers"), skipped.get(0));
            assertEquals("second.txt", skipped.get(1).file());
            assertTrue(skipped.get(1).reason().startsWith("truncated or corrupt entry: "), skipped.get(1).reason());
            assertTrue(skipped.get(1).reason().endsWith("; later entries not read"), skipped.get(1).reason());
        }
    }

    @Test
    void aTruncatedTarGzKeepsTheEntriesBeforeTheCut() throws Exception {
        byte[] filler = new byte[30_000];
        new java.util.Random(42).nextBytes(filler);
        byte[] tgz = Fixtures.tarGz(Entry.file("first.txt", "complete"), Entry.file("noise.bin", filler),
                Entry.file("last.txt", "lost"));
        byte[] cut = Arrays.copyOf(tgz, tgz.length / 2);
        try (Target t = open("cut.tgz", cut)) {
            assertEquals(List.of("first.txt"), paths(t.walk("", 32)));
            assertEquals(1, t.skipped().size(), t.skipped().toString());
            assertEquals("noise.bin", t.skipped().get(0).file());
            assertTrue(t.skipped().get(0).reason().startsWith("truncated or corrupt entry: "));
        }
    }

    @Test
    void anArchiveThatCannotBeOpenedIsOneClearError() throws Exception {
        TargetException notZip = assertThrows(TargetException.class,
                () -> open("fake.zip", Fixtures.utf8("this is not a zip\n")));
        assertEquals("not a valid zip archive: " + dir.resolve("fake.zip"), notZip.getMessage());

        byte[] header = Arrays.copyOf(Fixtures.utf8("PK\u0003\u0004"), 12);
        TargetException broken = assertThrows(TargetException.class, () -> open("broken.zip", header));
        assertTrue(broken.getMessage().startsWith("cannot open zip archive " + dir.resolve("broken.zip") + ": "),
                broken.getMessage());
        assertFalse(broken.getMessage().contains("\n"));

        byte[] gz = Fixtures.gzip(Fixtures.utf8("just text, no tar inside\n"));
        TargetException notTar = assertThrows(TargetException.class, () -> open("fake.tgz", gz));
        assertEquals("not a valid tar.gz archive: " + dir.resolve("fake.tgz"), notTar.getMessage());
    }

    @Test
    void aCompressedSingleFileThatClaimsNoArchiveIsAFile() throws Exception {
        byte[] gz = Fixtures.gzip(Fixtures.utf8("log line\n"));
        try (Target t = open("app.log.gz", gz)) {
            assertEquals("file", t.kind());
            assertTrue(t.read("app.log.gz").orElseThrow().binary());
            assertEquals(List.of(), t.skipped());
        }
    }

    @Test
    void readsAreCachedCopiesAndTheDigestCoversWhatWasRead() throws Exception {
        try (Target t = open("d.zip", Fixtures.zip(Entry.file("a", "alpha"), Entry.file("b", "beta")))) {
            String none = t.digest();
            FileContent first = t.read("b").orElseThrow();
            first.bytes()[0] = 'X';
            assertEquals("beta", new String(t.read("b").orElseThrow().bytes(), java.nio.charset.StandardCharsets.UTF_8));
            String afterB = t.digest();
            t.read("a");
            assertFalse(none.equals(afterB));
            assertFalse(afterB.equals(t.digest()));
            assertTrue(t.digest().matches("sha256:[0-9a-f]{64}"));
            assertEquals(List.of("a", "b"), t.filesRead());
            assertEquals(List.of(), t.skipped());
        }
    }

    @Test
    void entryNamesDeeperThanTheLimitAreRefused() throws Exception {
        Limits limits = limits(1 << 20, 1 << 24, 100, 3, 200, 1);
        try (Target t = open("deep.zip", Fixtures.zip(Entry.file("a/b/c", "ok"), Entry.file("a/b/c2/d", "deep")),
                limits)) {
            assertEquals(List.of("a/b/c"), paths(t.walk("", 32)));
            assertEquals(List.of(skip("a/b/c2/d", "entry nested deeper than 3 levels refused")), t.skipped());
        }
    }
}
