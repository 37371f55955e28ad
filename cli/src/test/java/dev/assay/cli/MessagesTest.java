package dev.assay.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class MessagesTest {

    @Property
    void anyTextBecomesOneBoundedPrintableLine(@ForAll String text) {
        String line = Messages.oneLine(text);
        assertTrue(line.length() <= Messages.MAX_LENGTH, line);
        assertTrue(line.codePoints().noneMatch(cp -> Character.isISOControl(cp)
                || Character.getType(cp) == Character.FORMAT || Character.getType(cp) == Character.LINE_SEPARATOR
                || Character.getType(cp) == Character.PARAGRAPH_SEPARATOR || Character.getType(cp) == Character.SURROGATE),
                line);
        assertTrue(!line.isEmpty());
    }

    @Test
    void terminalEscapesAndBidiOverridesAreMadeVisible() {
        assertEquals("a\\x1b[31mb \\u{202e}c", Messages.oneLine("a\u001b[31mb\r\n\u202ec"));
    }

    @Test
    void whitespaceRunsCollapseAndEndsAreTrimmed() {
        assertEquals("one two three", Messages.oneLine("  one\n\ttwo   three \n"));
    }

    @Test
    void longTextIsCut() {
        String line = Messages.oneLine("x".repeat(10_000));
        assertEquals(Messages.MAX_LENGTH, line.length());
        assertTrue(line.endsWith("…"));
    }

    @Test
    void blankTextStillSaysSomething() {
        assertEquals("unknown error", Messages.oneLine(" \n "));
        assertEquals("''", Messages.quoted(""));
    }
}
