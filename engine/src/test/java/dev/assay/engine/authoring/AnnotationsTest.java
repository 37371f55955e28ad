package dev.assay.engine.authoring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class AnnotationsTest {

    private static Annotations.Scan scan(String text) {
        return Annotations.read("tests/cases/c/target/f", "f", text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void everyCommentSyntax() {
        Annotations.Scan s = scan("""
                # ruleid: A-ONE
                x
                // ok: A-TWO
                y
                -- ruleid: A-THREE, A-FOUR
                z
                /* ok: A-FIVE */
                w
                <!-- ruleid: A-SIX -->
                v
                """);
        assertEquals(List.of(
                new Expectation("A-ONE", true, "tests/cases/c/target/f", 1, "f", 2),
                new Expectation("A-TWO", false, "tests/cases/c/target/f", 3, "f", 4),
                new Expectation("A-THREE", true, "tests/cases/c/target/f", 5, "f", 6),
                new Expectation("A-FOUR", true, "tests/cases/c/target/f", 5, "f", 6),
                new Expectation("A-FIVE", false, "tests/cases/c/target/f", 7, "f", 8),
                new Expectation("A-SIX", true, "tests/cases/c/target/f", 9, "f", 10)), s.expectations());
        assertTrue(s.problems().isEmpty(), s.problems().toString());
    }

    @Test
    void stackedAnnotationsShareTheNextLine() {
        Annotations.Scan s = scan("  # ruleid: A\n  # ok: B\nline\n");
        assertEquals(3, s.expectations().get(0).targetLine());
        assertEquals(3, s.expectations().get(1).targetLine());
    }

    @Test
    void mistakesAreReportedNotIgnored() {
        Annotations.Scan s = scan("# ruleid A\n# ruleid: lower-case\nx\n# ok: LAST\n");
        assertEquals(List.of(1, 2, 4), s.problems().stream().map(Problem::line).toList());
        assertTrue(s.problems().get(2).message().contains("no line after it"));
    }

    @Test
    void textThatIsNotACommentIsNotAnAnnotation() {
        assertTrue(scan("value = \"# ruleid: A\"\nx\n").expectations().isEmpty());
        assertTrue(Annotations.read("p", "f", new byte[] {'#', ' ', 'o', 'k', ':', ' ', 'A', '\n', 0, 'x'}).expectations().isEmpty());
    }

    @Property(tries = 50)
    void theTargetIsTheLineAfterTheAnnotations(@ForAll @IntRange(min = 0, max = 20) int before,
            @ForAll @IntRange(min = 1, max = 5) int stacked) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < before; i++) {
            b.append("line ").append(i).append('\n');
        }
        for (int i = 0; i < stacked; i++) {
            b.append("# ruleid: R-").append(i).append('\n');
        }
        b.append("target\n");
        Annotations.Scan s = scan(b.toString());
        assertEquals(stacked, s.expectations().size());
        for (int i = 0; i < stacked; i++) {
            assertEquals(before + i + 1, s.expectations().get(i).line());
            assertEquals(before + stacked + 1, s.expectations().get(i).targetLine());
        }
    }
}
