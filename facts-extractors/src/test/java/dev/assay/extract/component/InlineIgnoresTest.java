package dev.assay.extract.component;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.assay.engine.fact.InlineIgnore;
import java.util.List;
import org.junit.jupiter.api.Test;

class InlineIgnoresTest {

    @Test
    void readsTheCommentInAnySyntaxWithoutItsCloser() {
        String text = "a\n# assay-ignore: ST-PIPE-SHELL vendored, pinned\n"
                + "/* assay-ignore: ST-X reviewed in #42 */\n"
                + "<!-- assay-ignore: ST-Y docs example -->\n"
                + "// assay-ignore: ST-Z\n";
        assertEquals(List.of(
                new InlineIgnore("f.sh", 2, "ST-PIPE-SHELL", "vendored, pinned"),
                new InlineIgnore("f.sh", 3, "ST-X", "reviewed in #42"),
                new InlineIgnore("f.sh", 4, "ST-Y", "docs example"),
                new InlineIgnore("f.sh", 5, "ST-Z", "")), InlineIgnores.read("f.sh", text));
    }

    @Test
    void ignoresWhatIsNotARuleId() {
        assertEquals(List.of(), InlineIgnores.read("f", "no marker here\n"));
        assertEquals(List.of(), InlineIgnores.read("f", "# assay-ignore: lower-case reason\n# assay-ignore:\n"
                + "# assay-ignore: ST-Xyz glued letters\n"));
    }

    @Test
    void readsAtMostTheBoundPerFile() {
        String text = "# assay-ignore: ST-A r\n".repeat(InlineIgnores.MAX_PER_FILE + 5);
        assertEquals(InlineIgnores.MAX_PER_FILE, InlineIgnores.read("f", text).size());
    }
}
