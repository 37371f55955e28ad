package dev.assay.engine.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.model.Attestation;
import dev.assay.engine.model.Coverage;
import dev.assay.engine.model.Report;
import dev.assay.engine.model.TargetInfo;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReportReaderTest {

    @Test
    void readsBackEqualReports() throws ReportException {
        Report sample = Reports.sample();
        Report empty = Reports.empty();
        Report nulls = new Report(Report.SCHEMA_VERSION, null, "s", null, 3, null, null, null, null,
                new TargetInfo(null, null, null), null, null, new Attestation(false, List.of("x", "y")), null,
                Reports.counts(0, 0, 0, 0, 0), List.of(), List.of(), List.of(), new Coverage(7, List.of()), null);
        for (Report report : List.of(sample, empty, nulls)) {
            assertEquals(report, read(ReportWriters.render(report, ReportFormat.JSON)));
        }
    }

    @Test
    void keepsTheScaleOfScores() throws ReportException {
        for (String score : List.of("72", "72.0", "2.2", "0.05", "-3", "12345678901234567890.123")) {
            Report report = Reports.report(new BigDecimal(score), List.of(), List.of(), Reports.counts(0, 0, 0, 0, 0),
                    new Coverage(0, List.of()));
            assertEquals(new BigDecimal(score), read(ReportWriters.render(report, ReportFormat.JSON)).score());
        }
    }

    @Test
    void leavesTheStreamOpen() throws ReportException {
        byte[] bytes = ReportWriters.render(Reports.empty(), ReportFormat.JSON).getBytes(StandardCharsets.UTF_8);
        InputStream in = new ByteArrayInputStream(bytes) {
            @Override
            public void close() {
                throw new AssertionError("the reader must not close the caller's stream");
            }
        };
        assertEquals(Reports.empty(), ReportReader.read(in));
    }

    @Test
    void rejectsInputThatIsNotAReport() {
        assertError("not an Assay report: the input is empty", "");
        assertError("not an Assay report: the input is empty", "   \n");
        assertError("not an Assay report: expected a JSON object, found an array", "[1, 2]");
        assertError("not an Assay report: expected a JSON object, found a string", "\"report\"");
        assertError("not an Assay report: no schemaVersion field", "{\"name\": \"package.json\"}");
        assertError("not an Assay report: this is a SARIF log; read the report written with --format json",
                ReportWriters.render(Reports.sample(), ReportFormat.SARIF));
        assertError("not an Assay report: schemaVersion is a number, expected a string", "{\"schemaVersion\": 1}");
        assertError("unsupported report schemaVersion '2.0' (this version of Assay reads 1.0)",
                "{\"schemaVersion\": \"2.0\", \"findings\": []}");
        assertError("invalid report: missing fields scannerVersion, scorer, formula, formulaVersion, formulaHash, pack, "
                + "packVersion, rulesHash, target, score, level, attestation, verdict, counts, findings, needsReview, "
                + "capabilities, coverage, generatedAt", "{\"schemaVersion\": \"1.0\"}");
    }

    @Test
    void rejectsMalformedJsonWithItsPosition() {
        String message = error("{\"schemaVersion\": \"1.0\",\n  \"x\": }");
        assertTrue(message.startsWith("not valid JSON at line 2, column "), message);
        assertEquals("not valid JSON at line 39, column 1: more content after the end of the report",
                error(ReportWriters.render(Reports.empty(), ReportFormat.JSON) + "{}"));
        String duplicate = error("{\"schemaVersion\": \"1.0\", \"schemaVersion\": \"1.0\"}");
        assertTrue(duplicate.startsWith("not valid JSON at line 1") && duplicate.contains("schemaVersion"), duplicate);
    }

    @Test
    void namesThePathOfAWrongField() {
        String good = ReportWriters.render(Reports.sample(), ReportFormat.JSON);
        assertEquals("invalid report at findings[1].severity: unknown severity 'severe' (expected critical, high, medium, low or info)",
                error(good.replace("\"severity\": \"high\"", "\"severity\": \"severe\"")));
        assertEquals("invalid report at findings[0].evidence[0]: unknown field 'column'",
                error(good.replace("\"lineStart\": 12,", "\"lineStart\": 12, \"column\": 4,")));
        String empty = ReportWriters.render(Reports.empty(), ReportFormat.JSON);
        assertEquals("invalid report at findings: null is not allowed here",
                error(empty.replace("\"findings\": [],", "\"findings\": null,")));
        assertEquals("invalid report at target: null is not allowed here",
                error(empty.replaceFirst("\"target\": \\{[^}]*\\}", "\"target\": null")));
        assertEquals("invalid report at formulaVersion: expected an integer, found a string",
                error(good.replace("\"formulaVersion\": 2", "\"formulaVersion\": \"2\"")));
        assertEquals("invalid report at formulaVersion: expected an integer, found a number",
                error(good.replace("\"formulaVersion\": 2", "\"formulaVersion\": 2.5")));
        assertEquals("invalid report at level: expected a string, found a number",
                error(good.replace("\"level\": \"suspicious\"", "\"level\": 3")));
        assertEquals("invalid report at score: expected a number, found a string",
                error(good.replace("\"score\": 38", "\"score\": \"38\"")));
        assertEquals("invalid report at attestation.eligible: expected true or false, found a string",
                error(good.replace("\"eligible\": false", "\"eligible\": \"false\"")));
        assertEquals("invalid report at capabilities: expected an array, found a string",
                error(good.replace("\"capabilities\": [\n    \"network\",\n    \"shell\"\n  ]", "\"capabilities\": \"shell\"")));
        assertEquals("invalid report at coverage: expected an object, found an array",
                error(empty.replaceFirst("\"coverage\": \\{[^}]*\\}", "\"coverage\": []")));
        assertEquals("invalid report at score: the number is out of range",
                error(good.replace("\"score\": 38", "\"score\": 1e999999999")));
        assertEquals("invalid report at score: the number is out of range",
                error(good.replace("\"score\": 38", "\"score\": 1e-999999999")));
        String nullControl = error(good.replace("\"ASI03\"", "null"));
        assertEquals("invalid report at findings[0].controls[0]: null is not allowed here", nullControl);
        String missingNested = error(good.replace("\"eligible\": false,", ""));
        assertEquals("invalid report at attestation: missing field 'eligible'", missingNested);
    }

    @Test
    void enforcesSizeAndDepthLimits() {
        StringBuilder deep = new StringBuilder("{\"schemaVersion\": \"1.0\", \"x\": ");
        deep.append("[".repeat(200)).append("]".repeat(200)).append('}');
        String depth = error(deep.toString());
        assertEquals("report rejected: it exceeds a reader limit (Document nesting depth (65) exceeds the maximum allowed (64))", depth);

        String longNumber = error("{\"schemaVersion\": \"1.0\", \"score\": " + "9".repeat(200) + "}");
        assertTrue(longNumber.startsWith("report rejected: it exceeds a reader limit ("), longNumber);

        // 64 MiB of blanks and then one more byte: refused without holding the document in memory.
        InputStream huge = new InputStream() {
            private long served;

            @Override
            public int read() {
                return served++ <= ReportJson.MAX_DOCUMENT_BYTES ? ' ' : -1;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                long left = ReportJson.MAX_DOCUMENT_BYTES + 1 - served;
                if (left <= 0) {
                    return -1;
                }
                int n = (int) Math.min(len, left);
                java.util.Arrays.fill(b, off, off + n, (byte) ' ');
                served += n;
                return n;
            }
        };
        ReportException e = assertThrows(ReportException.class, () -> ReportReader.read(huge));
        assertEquals("report rejected: larger than 64 MiB", e.getMessage());
    }

    @Test
    void everyMessageIsOneSafeLine() {
        String hostile = "{\"schemaVersion\": \"1.0\\u001b[2J\\n\\u001b]0;pwned\\u0007\"}";
        String message = error(hostile);
        assertFalse(message.contains("\n"), message);
        assertFalse(message.chars().anyMatch(c -> c < 0x20), message);
        assertTrue(message.startsWith("unsupported report schemaVersion '1.0"), message);
        String unknown = error(ReportWriters.render(Reports.empty(), ReportFormat.JSON)
                .replace("\"level\": \"A\",", "\"level\": \"A\", \"evil\\nfield\\u001b\": 1,"));
        assertFalse(unknown.contains("\n") || unknown.contains("\u001b"), unknown);
        assertTrue(unknown.contains("unknown field 'evil field\\x1b'"), unknown);
    }

    private static Report read(String json) throws ReportException {
        return ReportReader.read(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
    }

    private static String error(String json) {
        ReportException e = assertThrows(ReportException.class, () -> read(json));
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        return e.getMessage();
    }

    private static void assertError(String expected, String json) {
        assertEquals(expected, error(json));
    }
}
