package dev.assay.extract.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class TargetPathsTest {

    @Test
    void entryNamesAreMadeCanonical() {
        assertEquals(new TargetPaths.EntryName("a/b", false, null), TargetPaths.entryName("./a//b"));
        assertEquals(new TargetPaths.EntryName("a/b", true, null), TargetPaths.entryName("a/./b/"));
        assertTrue(TargetPaths.entryName("./").root());
        assertTrue(TargetPaths.entryName(".").root());
    }

    @Test
    void hostileEntryNamesAreRefusedWithTheirReason() {
        assertEquals("entry name with .. refused", TargetPaths.entryName("a/../../b").refusal());
        assertEquals("entry name with .. refused", TargetPaths.entryName("..").refusal());
        assertEquals("absolute entry name refused", TargetPaths.entryName("/etc/passwd").refusal());
        assertEquals("entry name with a drive letter refused", TargetPaths.entryName("c:evil").refusal());
        assertEquals("entry name with a backslash refused", TargetPaths.entryName("..\\evil").refusal());
        assertEquals("entry name with NUL refused", TargetPaths.entryName("a\0.txt").refusal());
        assertEquals("empty entry name refused", TargetPaths.entryName("").refusal());
        assertEquals("entry name longer than 4096 characters refused",
                TargetPaths.entryName("a".repeat(4097)).refusal());
        // Dots inside a name are not traversal.
        assertEquals("a..b/...", TargetPaths.entryName("a..b/...").path());
    }

    @Test
    void requestedPathsMustBeCanonical() {
        assertNull(TargetPaths.refusal("", 3));
        assertNull(TargetPaths.refusal("a/b/c", 3));
        assertEquals("path refused: deeper than 3 levels", TargetPaths.refusal("a/b/c/d", 3));
        assertEquals("path refused: not canonical", TargetPaths.refusal("a/", 3));
        assertEquals("path refused: null", TargetPaths.refusal(null, 3));
    }

    @Test
    void ancestorsParentsAndDepth() {
        assertEquals(List.of("a", "a/b"), TargetPaths.ancestors("a/b/c"));
        assertEquals("a/b", TargetPaths.parent("a/b/c"));
        assertEquals("", TargetPaths.parent("a"));
        assertEquals(0, TargetPaths.depth(""));
        assertEquals(3, TargetPaths.depth("a/b/c"));
        assertEquals("line one line two", TargetPaths.oneLine("line one\nline two\r"));
    }

    @Provide
    Arbitrary<String> hostileNames() {
        Arbitrary<String> part = Arbitraries.oneOf(Arbitraries.of("..", ".", "", "a", "b.txt", "C:", "\\", "..\\x",
                "%2e%2e", "\0"), Arbitraries.strings().ofMaxLength(4));
        return part.list().ofMaxSize(6).map(parts -> String.join("/", parts));
    }

    @Property(tries = 1000)
    void anAcceptedEntryNameCanNeverLeaveTheRoot(@ForAll("hostileNames") String raw) {
        TargetPaths.EntryName name = TargetPaths.entryName(raw);
        if (name.refused() || name.root()) {
            return;
        }
        String path = name.path();
        assertFalse(path.startsWith("/"), path);
        assertFalse(path.contains("\\"), path);
        assertFalse(path.contains("\0"), path);
        for (String part : path.split("/", -1)) {
            assertFalse(part.isEmpty() || part.equals(".") || part.equals(".."), path);
        }
        assertNull(TargetPaths.refusal(path, Integer.MAX_VALUE), path);
    }
}
