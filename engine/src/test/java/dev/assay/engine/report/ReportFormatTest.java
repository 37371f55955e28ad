package dev.assay.engine.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ReportFormatTest {

    @Test
    void parsesNamesIgnoringCaseAndBlanks() {
        assertEquals(ReportFormat.JSON, ReportFormat.parse("json"));
        assertEquals(ReportFormat.SARIF, ReportFormat.parse(" SARIF "));
        assertEquals(ReportFormat.MARKDOWN, ReportFormat.parse("Markdown"));
        assertEquals(ReportFormat.TEXT, ReportFormat.parse("text"));
        for (ReportFormat f : ReportFormat.values()) {
            assertEquals(f, ReportFormat.parse(f.id()));
        }
    }

    @Test
    void rejectsUnknownNamesListingTheValidOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ReportFormat.parse("pdf"));
        assertEquals("unknown report format 'pdf' (expected json, text, sarif, markdown or html)", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ReportFormat.parse(null));
        assertEquals("unknown report format null (expected json, text, sarif, markdown or html)", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ReportFormat.parse("x\u001b[2J"));
        assertEquals("unknown report format 'x\\x1b[2J' (expected json, text, sarif, markdown or html)", e.getMessage());
    }
}
