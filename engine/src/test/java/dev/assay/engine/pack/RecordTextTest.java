package dev.assay.engine.pack;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.assay.engine.fact.CodeCall;
import dev.assay.engine.fact.CodeText;
import dev.assay.engine.fact.Component;
import dev.assay.engine.fact.FileTag;
import dev.assay.engine.fact.TextDocument;
import dev.assay.engine.model.Evidence;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The text that orders tied facts is exactly the fact's own toString, however it is built. */
public class RecordTextTest {

    public record Nested(String name, Evidence evidence, int count, boolean flag, List<String> values, Object nothing) {
    }

    public record OwnText(String name) {
        @Override
        public String toString() {
            return "own " + name;
        }
    }

    @Test
    void recordsGiveTheirOwnToStringText() {
        List<Object> values = List.of(
                new CodeCall("a/b.py", "python", "os.system", false, "'id'", List.of("shell=True", "cwd=x"), "main",
                        12, "os.system('id')  # é, [x]"),
                new CodeCall("a/b.py", "python", "eval", true, "", List.of(), "", 1, ""),
                new CodeText("x.js", "javascript", "comment", "// a=b, c=[d]", 3, 4),
                new TextDocument("SKILL.md", "skill-instructions", "line one\nline two\u0000"),
                new FileTag("bin/x", "compiled", "compiled or packed executable (.so)"),
                new Component("package.json", "npm_package", "name", "1.0.0"),
                new Nested("n", new Evidence("f", 1, 2, "s"), -3, true, Arrays.asList("a", null), null),
                new Nested("%s %n", null, 0, false, List.of(), new int[0].length));
        for (int pass = 0; pass < 2; pass++) { // the first instance of each class is checked, later ones trusted
            for (Object v : values) {
                assertEquals(v.toString(), RecordText.of(v));
            }
        }
    }

    @Test
    void theSortLineOfAFactIsItsEvidencesFirstLine() {
        List<dev.assay.engine.fact.Fact> facts = List.of(
                new CodeCall("a/b.py", "python", "os.system", false, "'id'", List.of(), "main", 12, "x".repeat(500)),
                new CodeCall("a/b.py", "python", "eval", true, "", List.of(), "", 0, ""),
                new CodeText("x.js", "javascript", "comment", "// a", 7, 3),
                new CodeText("x.js", "javascript", "string", "s\n".repeat(300), 3, 9),
                new TextDocument("SKILL.md", "skill-instructions", "line one\nline two"),
                new FileTag("bin/x", "compiled", "compiled or packed executable (.so)"));
        for (dev.assay.engine.fact.Fact f : facts) {
            assertEquals(f.evidence().lineStart(), CompiledPack.evidenceLine(f), f.toString());
        }
    }

    @Test
    void aRecordWithItsOwnToStringOrAnyOtherObjectKeepsIt() {
        assertEquals("own x", RecordText.of(new OwnText("x")));
        assertEquals("own y", RecordText.of(new OwnText("y")));
        assertEquals("[1, 2]", RecordText.of(List.of(1, 2)));
    }
}
