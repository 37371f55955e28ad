package dev.assay.engine.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class PlainTest {

    @Test
    void makesControlAndFormatCharactersVisible() {
        assertEquals("a\\x1b[31mb\\x07", Plain.visible("a\u001b[31mb\u0007"));
        assertEquals("\\x9b1m \\x7f", Plain.visible("\u009b1m \u007f"));
        assertEquals("abc\\u{202e}fed \\u{200b}", Plain.visible("abc\u202efed \u200b"));
        assertEquals("x\\u{d800}y", Plain.visible("x\ud800y"), "a lone surrogate is shown, not passed on");
        assertEquals("日本 😀 ü", Plain.visible("日本 😀 ü"));
    }

    @Test
    void oneLineCollapsesWhitespaceAndCuts() {
        assertEquals("a b c", Plain.oneLine("  a\n\tb \r\n c  "));
        assertEquals("a b", Plain.oneLine("a\u2028b"));
        assertEquals("abcd…", Plain.oneLine("abcdefgh", 5));
        assertEquals("abcde", Plain.oneLine("abcde", 5));
        assertEquals("", Plain.oneLine(null));
    }

    @Test
    void wrapsAtWordsAndSplitsOverlongWords() {
        assertEquals(List.of("> aaa bbb", "  ccc"), Plain.wrap("aaa bbb ccc", 10, "> ", "  "));
        assertEquals(List.of("> abcdefgh", "  ijklmnop", "  qr s"), Plain.wrap("abcdefghijklmnopqr s", 10, "> ", "  "));
        assertEquals(List.of("> "), Plain.wrap("", 10, "> ", "  "));
        assertEquals(List.of("ab", "cd", "e"), Plain.chop("abcde", 2));
    }
}
