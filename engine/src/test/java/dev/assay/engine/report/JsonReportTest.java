package dev.assay.engine.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.assay.engine.model.Attestation;
import dev.assay.engine.model.Coverage;
import dev.assay.engine.model.Evidence;
import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Report;
import dev.assay.engine.model.Severity;
import dev.assay.engine.model.TargetInfo;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonReportTest {

    private static final String EMPTY_JSON = """
            {
              "schemaVersion": "1.0",
              "scannerVersion": "0.1.0",
              "scorer": "ass",
              "formula": "ass",
              "formulaVersion": 1,
              "formulaHash": "sha256:cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd",
              "pack": "ass-core",
              "packVersion": "1.0.0",
              "rulesHash": "sha256:abababababababababababababababababababababababababababababababab",
              "target": {
                "path": "agent",
                "kind": "agent-home",
                "digest": "sha256:00"
              },
              "score": 100,
              "level": "A",
              "attestation": {
                "eligible": true,
                "reasons": []
              },
              "verdict": null,
              "counts": {
                "critical": 0,
                "high": 0,
                "medium": 0,
                "low": 0,
                "info": 0
              },
              "findings": [],
              "needsReview": [],
              "capabilities": [],
              "coverage": {
                "filesIndexed": 0,
                "filesSkipped": []
              },
              "generatedAt": null
            }
            """;

    @Test
    void emptyReportIsWrittenExactly() {
        assertEquals(EMPTY_JSON, ReportWriters.render(Reports.empty(), ReportFormat.JSON));
    }

    @Test
    void evidenceIsWrittenWithItsFieldsInOrder() {
        String json = ReportWriters.render(Reports.sample(), ReportFormat.JSON);
        assertTrue(json.contains("""
                      "evidence": [
                        {
                          "file": "scripts/run.sh",
                          "lineStart": 3,
                          "lineEnd": 5,
                          "snippet": "curl https://example.invalid/x | sh"
                        }
                      ],
                      "fingerprint": "fp-st-exec-002-scripts/run.sh"
                """), json);
        assertTrue(json.contains("""
                  "coverage": {
                    "filesIndexed": 4,
                    "filesSkipped": [
                      {
                        "file": "assets/big.bin",
                        "reason": "larger than 1 MiB"
                      }
                    ]
                  },
                """), json);
    }

    @Test
    void outputIsCanonicalText() {
        String json = ReportWriters.render(Reports.sample(), ReportFormat.JSON);
        assertTrue(json.endsWith("}\n"));
        assertFalse(json.endsWith("\n\n"));
        assertFalse(json.contains("\r"));
        assertFalse(json.contains("\t"));
        assertFalse(json.contains(" : "), "no space before the colon");
        for (String line : json.split("\n")) {
            int indent = line.length() - line.stripLeading().length();
            assertEquals(0, indent % 2, "two-space indentation: " + line);
            assertEquals(line.stripTrailing(), line, "no trailing blanks");
        }
    }

    @Test
    void topLevelAndFindingFieldsFollowTheDeclaredOrder() throws IOException {
        JsonNode root = new ObjectMapper().readTree(ReportWriters.render(Reports.detailed(), ReportFormat.JSON));
        // triage is written only when a baseline or suppressions were applied; the sample has none
        List<String> declared = new java.util.ArrayList<>(List.of(Report.class.getAnnotation(JsonPropertyOrder.class).value()));
        declared.remove("triage");
        assertEquals(declared, names(root));
        assertEquals(Report.class.getRecordComponents().length - 1, names(root).size());
        assertEquals(List.of(Finding.class.getAnnotation(JsonPropertyOrder.class).value()), names(root.get("findings").get(1)));
        List<String> withoutDetails = new java.util.ArrayList<>(List.of(Finding.class.getAnnotation(JsonPropertyOrder.class).value()));
        withoutDetails.remove("details");
        assertEquals(withoutDetails, names(root.get("findings").get(0)), "empty details are left out");
        assertEquals(List.of("path", "kind", "digest"), names(root.get("target")));
        assertEquals(List.of("eligible", "reasons"), names(root.get("attestation")));
    }

    @Test
    void scoresAreWrittenAsPlainNumbers() {
        assertTrue(render(new BigDecimal("7.2E+1")).contains("\"score\": 72,"));
        assertTrue(render(new BigDecimal("2.2")).contains("\"score\": 2.2,"));
        assertTrue(render(new BigDecimal("72.50")).contains("\"score\": 72.50,"));
        assertTrue(render(new BigDecimal("1E-7")).contains("\"score\": 0.0000001,"));
        assertTrue(render(null).contains("\"score\": null,"));
    }

    @Test
    void countsAreWrittenMostSevereFirstWhateverTheMapOrder() {
        Map<String, Integer> reversed = new LinkedHashMap<>();
        reversed.put("zzz-extra", 9);
        reversed.put("info", 5);
        reversed.put("low", 4);
        reversed.put("aaa-extra", 8);
        reversed.put("medium", 3);
        reversed.put("high", 2);
        reversed.put("critical", 1);
        Report a = withCounts(reversed);
        Report b = withCounts(Map.of("critical", 1, "high", 2, "medium", 3, "low", 4, "info", 5, "aaa-extra", 8, "zzz-extra", 9));
        String json = ReportWriters.render(a, ReportFormat.JSON);
        assertEquals(json, ReportWriters.render(b, ReportFormat.JSON));
        assertTrue(json.contains("""
                  "counts": {
                    "critical": 1,
                    "high": 2,
                    "medium": 3,
                    "low": 4,
                    "info": 5,
                    "aaa-extra": 8,
                    "zzz-extra": 9
                  },
                """), json);
    }

    @Test
    void findingsAndEvidenceKeepTheProducersOrder() throws IOException {
        // Deliberately not in canonical order: the writer must not sort.
        List<Evidence> evidence = List.of(Evidence.at("z.py", 9, "z"), Evidence.at("a.py", 1, "a"));
        List<Finding> findings = List.of(
                Reports.finding("B-2", Severity.LOW, "c", "s", evidence),
                Reports.finding("A-1", Severity.CRITICAL, "c", "s", List.of()),
                Reports.finding("C-3", Severity.HIGH, "c", "s", List.of()));
        Report report = Reports.report(BigDecimal.ONE, findings, List.of(), Reports.counts(1, 1, 0, 1, 0), new Coverage(0, List.of()));
        JsonNode root = new ObjectMapper().readTree(ReportWriters.render(report, ReportFormat.JSON));
        List<String> ids = new ArrayList<>();
        root.get("findings").forEach(f -> ids.add(f.get("id").asText()));
        assertEquals(List.of("B-2", "A-1", "C-3"), ids);
        assertEquals("z.py", root.get("findings").get(0).get("evidence").get(0).get("file").asText());
        assertEquals("a.py", root.get("findings").get(0).get("evidence").get(1).get("file").asText());
    }

    @Test
    void hostileStringsAreEscapedOnlyWhereJsonRequires() {
        Finding f = new Finding("X-1", "<script>alert('x')</script> & \"quoted\" \\ back", Severity.HIGH, "", "c", "",
                List.of(), "ünïcødé 日本 😀", "line\u2028sep", "", Finding.ACTIVE,
                List.of(Evidence.at("a.sh", 1, "printf '\u001b[31m'")), "fp");
        Report report = Reports.report(BigDecimal.TEN, List.of(f), List.of(), Reports.counts(0, 1, 0, 0, 0), new Coverage(1, List.of()));
        String json = ReportWriters.render(report, ReportFormat.JSON);
        assertTrue(json.contains("\"title\": \"<script>alert('x')</script> & \\\"quoted\\\" \\\\ back\""), json);
        assertTrue(json.contains("\"subject\": \"ünïcødé 日本 😀\""), json);
        // Evidence already turned the ESC byte into '?'; a raw control in another field is escaped by JSON itself.
        assertTrue(json.contains("\"snippet\": \"printf '?[31m'\""), json);
        Report withControl = Reports.report(BigDecimal.TEN, List.of(), List.of(), Reports.counts(0, 0, 0, 0, 0),
                new Coverage(1, List.of(new dev.assay.engine.spi.SkippedFile("bad\u001bname", "r"))));
        assertTrue(ReportWriters.render(withControl, ReportFormat.JSON).contains("\"file\": \"bad\\u001Bname\""));
    }

    @Test
    void renderingIsByteStableAndSurvivesARoundTrip() throws Exception {
        for (Report report : List.of(Reports.sample(), Reports.empty())) {
            String first = ReportWriters.render(report, ReportFormat.JSON);
            assertEquals(first, ReportWriters.render(report, ReportFormat.JSON));
            Report back = ReportReader.read(new ByteArrayInputStream(first.getBytes(StandardCharsets.UTF_8)));
            assertEquals(report, back);
            assertEquals(first, ReportWriters.render(back, ReportFormat.JSON));
        }
    }

    @Test
    void outputStreamVariantWritesUtf8AndLeavesTheStreamOpen() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream() {
            @Override
            public void close() {
                throw new AssertionError("the writer must not close the caller's stream");
            }
        };
        Report report = Reports.report(BigDecimal.ONE, List.of(), List.of(), Reports.counts(0, 0, 0, 0, 0),
                new Coverage(0, List.of()));
        Report unicode = new Report(report.schemaVersion(), report.scannerVersion(), report.scorer(), report.formula(),
                report.formulaVersion(), report.formulaHash(), report.pack(), report.packVersion(), report.rulesHash(),
                new TargetInfo("répertoire/日本", "folder", null), report.score(), report.level(),
                new Attestation(true, List.of()), null, report.counts(), List.of(), List.of(), List.of(), report.coverage(), null);
        ReportWriters.write(unicode, ReportFormat.JSON, bytes);
        assertEquals(ReportWriters.render(unicode, ReportFormat.JSON), bytes.toString(StandardCharsets.UTF_8));
        assertTrue(bytes.toString(StandardCharsets.UTF_8).contains("\"path\": \"répertoire/日本\""));

        StringWriter writer = new StringWriter() {
            @Override
            public void close() {
                throw new AssertionError("the writer must not close the caller's writer");
            }
        };
        ReportWriters.write(unicode, ReportFormat.JSON, writer);
        assertEquals(ReportWriters.render(unicode, ReportFormat.JSON), writer.toString());
    }

    private static String render(BigDecimal score) {
        return ReportWriters.render(Reports.report(score, List.of(), List.of(), Reports.counts(0, 0, 0, 0, 0),
                new Coverage(0, List.of())), ReportFormat.JSON);
    }

    private static Report withCounts(Map<String, Integer> counts) {
        return Reports.report(BigDecimal.ONE, List.of(), List.of(), counts, new Coverage(0, List.of()));
    }

    private static List<String> names(JsonNode node) {
        List<String> names = new ArrayList<>();
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            names.add(it.next());
        }
        return names;
    }

    @Test
    void jsonLineIsThePrettyJsonReadAsATreeAndWrittenCompactly() throws IOException {
        // Batch scans once made their line by reading the pretty JSON into a tree and writing it compactly; the direct
        // line must stay byte for byte the same, decimals included (the tree strips their trailing zeros).
        ObjectMapper tree = new ObjectMapper().enable(com.fasterxml.jackson.core.JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN)
                .enable(com.fasterxml.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
        Report detailed = Reports.detailed();
        List<Finding> findings = new ArrayList<>(detailed.findings());
        Finding f = findings.get(1);
        Map<String, Object> details = new LinkedHashMap<>(f.details());
        details.put("ratio", new BigDecimal("12.50"));
        details.put("whole", 10.0);
        details.put("none", new BigDecimal("0.00"));
        details.put("tiny", new BigDecimal("0.000120"));
        details.put("big", new BigDecimal("1E+3"));
        findings.set(1, new Finding(f.id(), f.title(), f.severity(), f.threatClass(), f.category(), f.capability(),
                f.controls(), f.subject(), f.message(), f.remediation(), f.status(), f.evidence(), f.fingerprint(),
                details));
        Report decimals = Reports.report(new BigDecimal("37.50"), findings, detailed.needsReview(), detailed.counts(),
                detailed.coverage());
        for (Report r : List.of(Reports.sample(), detailed, decimals, Reports.empty())) {
            String line = ReportWriters.jsonLine(r);
            assertEquals(tree.writeValueAsString(tree.readTree(ReportWriters.render(r, ReportFormat.JSON))), line);
            assertFalse(line.contains("\n"));
        }
        assertTrue(ReportWriters.jsonLine(decimals).contains("\"score\":37.5,"));
    }
}
