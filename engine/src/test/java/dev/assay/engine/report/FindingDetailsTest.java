package dev.assay.engine.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.assay.engine.model.Details;
import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Report;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A finding's structured details in every report format, and read back unchanged. */
class FindingDetailsTest {

    private static Report read(String json) throws ReportException {
        return ReportReader.read(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void jsonWritesDetailsInCanonicalKeyOrderAndReadsThemBack() throws Exception {
        String json = ReportWriters.render(Reports.detailed(), ReportFormat.JSON);
        JsonNode details = new ObjectMapper().readTree(json).get("findings").get(1).get("details");
        List<String> keys = new java.util.ArrayList<>();
        details.fieldNames().forEachRemaining(keys::add);
        assertEquals(List.of("advisories", "count", "fixedVersion", "version"), keys);
        assertEquals("affected", details.get("advisories").get(0).fieldNames().next(), "nested keys sorted too");
        assertTrue(details.get("count").isIntegralNumber());
        Report back = read(json);
        assertEquals(Reports.detailed(), back);
        assertEquals(json, ReportWriters.render(back, ReportFormat.JSON), "a read report writes the same bytes");
    }

    @Test
    void reportsWithoutDetailsStillRead() throws Exception {
        String json = ReportWriters.render(Reports.sample(), ReportFormat.JSON);
        assertFalse(json.contains("\"details\""));
        assertEquals(Map.of(), read(json).findings().get(0).details());
    }

    @Test
    void readerRejectsDetailValuesOutsideTheVocabulary() {
        String json = ReportWriters.render(Reports.detailed(), ReportFormat.JSON).replace("\"count\": 2", "\"count\": true");
        ReportException e = assertThrows(ReportException.class, () -> read(json));
        assertTrue(e.getMessage().startsWith("invalid report"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void sarifCarriesDetailsInResultProperties() throws IOException {
        JsonNode sarif = new ObjectMapper().readTree(ReportWriters.render(Reports.detailed(), ReportFormat.SARIF));
        JsonNode withDetails = null;
        for (JsonNode result : sarif.get("runs").get(0).get("results")) {
            if (result.get("properties").has("details")) {
                withDetails = result;
            }
        }
        assertEquals("ST-EXEC-002", withDetails.get("ruleId").asText());
        assertEquals("2026.2.2", withDetails.get("properties").get("details").get("fixedVersion").asText());
        assertEquals("CVE-2026-0002", withDetails.get("properties").get("details").get("advisories").get(1).get("id").asText());
    }

    @Test
    void textAndMarkdownShowEachDetail() {
        String text = ReportWriters.render(Reports.detailed(), ReportFormat.TEXT);
        assertTrue(text.contains("fixedVersion  2026.2.2"), text);
        assertTrue(text.contains("advisories    (affected: <2026.1.29; id: CVE-2026-0001; summary: first fake advisory)"), text);
        String md = ReportWriters.render(Reports.detailed(), ReportFormat.MARKDOWN);
        assertTrue(md.contains("- **Details:**"), md);
        assertTrue(md.contains("  - fixedVersion: 2026.2.2"), md);
    }

    @Test
    void detailsAreCanonicalAndBounded() {
        Map<String, Object> d = Details.canonical(Map.of("b", 1, "a", List.of(2.5, "x"), "c", Map.of("z", 1L, "y", "w")));
        assertEquals(List.of("a", "b", "c"), List.copyOf(d.keySet()));
        assertEquals(1L, d.get("b"));
        assertEquals(new java.math.BigDecimal("2.5"), ((List<?>) d.get("a")).get(0));
        assertEquals("2.5, x", Details.text(d.get("a")));
        assertThrows(IllegalArgumentException.class, () -> Details.canonical(Map.of("flag", true)));
        assertThrows(IllegalArgumentException.class, () -> Details.canonical(Map.of("", "x")));
        Object deep = "x";
        for (int i = 0; i <= Details.MAX_DEPTH; i++) {
            deep = List.of(deep);
        }
        Object tooDeep = deep;
        assertThrows(IllegalArgumentException.class, () -> Details.canonical(Map.of("deep", tooDeep)));
        Finding f = Reports.detailed().findings().get(1);
        assertThrows(UnsupportedOperationException.class, () -> f.details().put("x", "y"));
    }
}
