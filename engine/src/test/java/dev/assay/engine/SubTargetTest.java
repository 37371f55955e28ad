package dev.assay.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.spi.FileContent;
import dev.assay.engine.spi.SkippedFile;
import dev.assay.engine.spi.Target;
import dev.assay.engine.spi.TargetEntry;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** A folder of a target seen as a target: paths re-rooted both ways, reads and skips go through the outer target. */
class SubTargetTest {

    /** A small in-memory target: files by path, folders implied. */
    static final class MemoryTarget implements Target {
        final Map<String, String> files = new TreeMap<>();
        final List<SkippedFile> skipped = new ArrayList<>();
        final TreeSet<String> read = new TreeSet<>();
        boolean closed;

        MemoryTarget(Map<String, String> files) {
            this.files.putAll(files);
        }

        @Override
        public String displayPath() {
            return "/home/u/.openclaw";
        }

        @Override
        public String kind() {
            return "directory";
        }

        @Override
        public boolean exists(String path) {
            return path.isEmpty() || files.containsKey(path) || isDirectory(path);
        }

        @Override
        public boolean isDirectory(String path) {
            return path.isEmpty() || files.keySet().stream().anyMatch(f -> f.startsWith(path + "/"));
        }

        @Override
        public List<TargetEntry> list(String directory) {
            return walk(directory, 1);
        }

        @Override
        public List<TargetEntry> walk(String directory, int maxDepth) {
            String prefix = directory.isEmpty() ? "" : directory + "/";
            List<TargetEntry> out = new ArrayList<>();
            for (String f : files.keySet()) {
                if (f.startsWith(prefix) && f.substring(prefix.length()).split("/").length <= maxDepth) {
                    out.add(new TargetEntry(f, false, files.get(f).length(), 0600));
                }
            }
            return out;
        }

        @Override
        public Optional<FileContent> read(String path) {
            String text = files.get(path);
            if (text == null) {
                skip(path, "not found");
                return Optional.empty();
            }
            read.add(path);
            return Optional.of(new FileContent(path, text.getBytes(StandardCharsets.UTF_8), 0600, false, text, "UTF-8"));
        }

        @Override
        public void skip(String path, String reason) {
            skipped.add(new SkippedFile(path, reason));
        }

        @Override
        public List<String> filesRead() {
            return List.copyOf(read);
        }

        @Override
        public List<SkippedFile> skipped() {
            return List.copyOf(skipped);
        }

        @Override
        public String digest() {
            return "sha256:outer";
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    private static MemoryTarget outer() {
        return new MemoryTarget(Map.of("openclaw.json", "{}", "skills/a/SKILL.md", "---\nname: a\n---\n",
                "skills/a/scripts/run.py", "print(1)\n", "skills/ab/SKILL.md", "other skill\n"));
    }

    @Test
    void pathsAreRelativeToTheFolder() {
        MemoryTarget outer = outer();
        SubTarget sub = new SubTarget(outer, "skills/a");
        assertEquals("/home/u/.openclaw/skills/a", sub.displayPath());
        assertEquals(List.of("SKILL.md", "scripts/run.py"), sub.walk("", 8).stream().map(TargetEntry::path).toList());
        assertTrue(sub.exists("scripts/run.py"));
        assertFalse(sub.exists("openclaw.json"), "the enclosing folder is out of view");
        FileContent c = sub.read("scripts/run.py").orElseThrow();
        assertEquals("scripts/run.py", c.path());
        assertEquals("print(1)\n", c.text());
        assertEquals(List.of("skills/a/scripts/run.py"), outer.filesRead(), "reads go through the enclosing target");
        assertEquals(List.of("scripts/run.py"), sub.filesRead());
    }

    @Test
    void aSiblingWithTheSameNamePrefixIsNotInside() {
        MemoryTarget outer = outer();
        outer.skip("skills/ab/SKILL.md", "sibling");
        outer.skip("skills/a", "the folder itself");
        SubTarget sub = new SubTarget(outer, "skills/a");
        assertEquals(List.of(new SkippedFile("", "the folder itself")), sub.skipped());
    }

    @Test
    void skipsAreRecordedUnderTheFullPathAndReportedLocally() {
        MemoryTarget outer = outer();
        outer.skip("openclaw.json", "outside");
        SubTarget sub = new SubTarget(outer, "skills/a");
        sub.skip("scripts/big.bin", "too large");
        assertTrue(outer.skipped().contains(new SkippedFile("skills/a/scripts/big.bin", "too large")));
        assertEquals(List.of(new SkippedFile("scripts/big.bin", "too large")), sub.skipped());
    }

    @Test
    void closingTheViewLeavesTheTargetOpenAndTheDigestCoversItsReads() {
        MemoryTarget outer = outer();
        SubTarget sub = new SubTarget(outer, "skills/a");
        String empty = sub.digest();
        sub.read("SKILL.md");
        String one = sub.digest();
        assertFalse(empty.equals(one));
        SubTarget again = new SubTarget(outer(), "skills/a");
        again.read("SKILL.md");
        assertEquals(one, again.digest(), "the digest depends on paths and bytes only");
        sub.close();
        assertFalse(outer.closed);
    }

    @Test
    void onlyRelativeSubFoldersMakeAView() {
        assertThrows(IllegalArgumentException.class, () -> new SubTarget(outer(), ""));
        assertThrows(IllegalArgumentException.class, () -> new SubTarget(outer(), "/etc"));
        assertThrows(IllegalArgumentException.class, () -> new SubTarget(outer(), "skills/a/"));
    }
}
