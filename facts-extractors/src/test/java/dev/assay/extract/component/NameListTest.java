package dev.assay.extract.component;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The settings' name lists answer {@code contains} by hashing, and are otherwise the lists they were. */
class NameListTest {

    @Test
    void containsWhatTheListHoldsAndNothingElse() {
        List<String> names = ScanSettings.list(List.of("fs.readFileSync", "child_process.exec", "exec", "exec"));
        assertTrue(names.contains("exec"));
        assertTrue(names.contains("fs.readFileSync"));
        assertFalse(names.contains("fs.readFile"), "a prefix of a name is not the name");
        assertFalse(names.contains("EXEC"), "case counts, as in the list");
        assertFalse(names.contains("exec "));
        assertFalse(names.contains(42), "another type is never contained");
        assertThrows(NullPointerException.class, () -> names.contains(null), "as List.copyOf's list");
    }

    @Test
    void isTheListItWasInEveryOtherWay() {
        List<String> given = List.of("b", "a", "c", "a");
        List<String> names = ScanSettings.list(given);
        List<String> before = List.copyOf(given);
        assertEquals(before, names);
        assertEquals(names, before);
        assertEquals(before.hashCode(), names.hashCode());
        assertEquals(before.toString(), names.toString());
        assertEquals(before.indexOf("a"), names.indexOf("a"));
        assertEquals(before.lastIndexOf("a"), names.lastIndexOf("a"));
        assertEquals(new ArrayList<>(before), new ArrayList<>(names));
        assertThrows(UnsupportedOperationException.class, () -> names.add("d"));
        assertThrows(UnsupportedOperationException.class, () -> names.set(0, "d"));
        assertThrows(NullPointerException.class, () -> ScanSettings.list(Arrays.asList("a", null)));
        assertSame(List.of(), ScanSettings.list(List.of()));
        assertSame(List.of(), ScanSettings.list(null));
    }
}
