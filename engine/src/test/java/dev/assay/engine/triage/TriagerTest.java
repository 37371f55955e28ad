package dev.assay.engine.triage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.Rescorer;
import dev.assay.engine.formula.Formula;
import dev.assay.engine.model.Attestation;
import dev.assay.engine.model.Coverage;
import dev.assay.engine.model.Evidence;
import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Report;
import dev.assay.engine.model.Severity;
import dev.assay.engine.model.TargetInfo;
import dev.assay.engine.model.Triage;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TriagerTest {

    static final LocalDate TODAY = LocalDate.of(2026, 6, 1);

    static Formula formula() throws Exception {
        return Formula.parse("t.yaml", """
                id: t-score
                version: 1
                title: T
                kind: findings
                start: 100
                direction: subtract
                weights: {critical: 40, high: 15, medium: 5, low: 1, info: 0}
                aggregate: per-finding
                clamp: {min: 0, max: 100}
                round: {decimals: 0, mode: half-up}
                levels:
                  - {level: critical, min: 0, max: 40}
                  - {level: weak, min: 41, max: 69}
                  - {level: good, min: 70, max: 100}
                """.getBytes(StandardCharsets.UTF_8));
    }

    static Finding f(String id, Severity s, String file, String fp) {
        return new Finding(id, "t", s, "risky_construct", "c", "", List.of(), "subj", "m", "r", Finding.ACTIVE,
                List.of(Evidence.at(file, 3, "x")), fp);
    }

    static Report report(Formula formula) {
        List<Finding> findings = List.of(f("ST-A", Severity.HIGH, "src/a.py", "fa"),
                f("ST-B", Severity.HIGH, "test/fixtures/b.py", "fb"), f("ST-C", Severity.MEDIUM, "c.md", "fc"));
        Report unscored = new Report(Report.SCHEMA_VERSION, "assay/t", "s", "t-score", 1, "h", "p", "1.0.0", "rh",
                new TargetInfo("x", "directory", "d"), null, "", new Attestation(false, List.of()), "",
                Map.of(), findings, List.of(), List.of(), new Coverage(1, List.of()), "2026-01-01T00:00:00Z");
        return Rescorer.rescore(unscored, formula);
    }

    @Test
    void baselinedFindingsLeaveTheScoreAndFixedEntriesAreReported() throws Exception {
        Formula formula = formula();
        Report before = report(formula);
        assertEquals(new BigDecimal("65"), before.score());
        Baseline baseline = new Baseline(Baseline.SCHEMA, "s", "p@1.0.0", List.of(
                new Triage.BaselineEntry("fa", "ST-A", "subj", "src/a.py"),
                new Triage.BaselineEntry("gone", "ST-GONE", "subj", "old.py")));
        Report after = Triager.apply(before, formula, baseline, "base.json", List.of(), TODAY);
        assertEquals(List.of("ST-B", "ST-C"), after.findings().stream().map(Finding::id).toList());
        assertEquals(new BigDecimal("80"), after.score(), "scored on active findings only");
        assertEquals(1, after.counts().get("high"));
        Triage t = after.triage();
        assertEquals(1, t.baselined());
        assertEquals(0, t.suppressed());
        assertEquals(Finding.BASELINE, t.findings().get(0).status());
        assertEquals(Finding.BASELINE, t.findings().get(0).finding().status());
        assertEquals(List.of("gone"), t.fixedBaseline().stream().map(Triage.BaselineEntry::fingerprint).toList());
    }

    @Test
    void suppressionsNeedAMatchOnEveryFieldAndExpire() throws Exception {
        Formula formula = formula();
        List<Suppression> s = List.of(
                new Suppression("ST-B", "test/**", null, "fixture data", null, ".assay.yaml"),
                new Suppression("ST-C", "elsewhere/**", null, "does not match the path", null, ".assay.yaml"),
                new Suppression(null, null, "fa", "expired yesterday", TODAY.minusDays(1), ".assay.yaml"),
                new Suppression("ST-C", null, null, "until today", TODAY, ".assay.yaml"));
        Report after = Triager.apply(report(formula), formula, null, null, s, TODAY);
        assertEquals(List.of("ST-A"), after.findings().stream().map(Finding::id).toList(), "the expired one suppresses nothing");
        assertEquals(new BigDecimal("85"), after.score());
        Triage t = after.triage();
        assertEquals(2, t.suppressed());
        assertEquals(List.of("fixture data", "until today"), t.findings().stream().map(Triage.Triaged::reason).toList());
        assertEquals("2026-06-01", t.findings().get(1).expires());
        assertEquals(1, t.expiredSuppressions().size());
        assertEquals("expired yesterday", t.expiredSuppressions().get(0).reason());
        assertTrue(t.fixedBaseline().isEmpty());
    }

    @Test
    void aSuppressionWinsOverTheBaselineAndNeedsReviewIsLeftAlone() throws Exception {
        Formula formula = formula();
        Baseline baseline = new Baseline(Baseline.SCHEMA, "s", "p", List.of(new Triage.BaselineEntry("fa", "ST-A", "", "")));
        Report after = Triager.apply(report(formula), formula, baseline, "b",
                List.of(new Suppression(null, null, "fa", "known", null, "f")), TODAY);
        assertEquals(Finding.SUPPRESSED, after.triage().findings().get(0).status());
        assertEquals(0, after.triage().baselined());
    }

    @Test
    void baselineFilesRoundTripAndAcceptTodaysFindings(@TempDir Path dir) throws Exception {
        Formula formula = formula();
        Baseline b = Baseline.of(report(formula));
        assertEquals(List.of("fa", "fb", "fc"), b.entries().stream().map(Triage.BaselineEntry::fingerprint).toList());
        Path file = dir.resolve("b.json");
        Files.writeString(file, b.toJson());
        assertEquals(b, Baseline.read(file));
        Report all = Triager.apply(report(formula), formula, Baseline.read(file), "b.json", List.of(), TODAY);
        assertTrue(all.findings().isEmpty());
        assertEquals(new BigDecimal("100"), all.score());
        Files.writeString(file, "{\"schema\":\"other\",\"entries\":[]}");
        assertThrows(TriageException.class, () -> Baseline.read(file));
    }

    @Test
    void suppressionFilesRequireAReasonAndAKnownShape() throws Exception {
        List<Suppression> ok = Suppressions.parse("""
                suppressions:
                  - rule: ST-A
                    path: "src/**"
                    reason: reviewed, a test helper
                    expires: 2027-03-31
                """, ".assay.yaml");
        assertEquals(LocalDate.of(2027, 3, 31), ok.get(0).expires());
        assertNull(ok.get(0).fingerprint());
        assertNotNull(ok.get(0).reason());
        String noReason = assertThrows(TriageException.class,
                () -> Suppressions.parse("suppressions:\n  - rule: ST-A\n", "f")).getMessage();
        assertTrue(noReason.contains("entry 1: a reason is required"), noReason);
        assertThrows(TriageException.class, () -> Suppressions.parse("suppressions:\n  - reason: x\n", "f"));
        assertThrows(TriageException.class, () -> Suppressions.parse("suppressions:\n  - {rule: A, reason: x, expires: soon}\n", "f"));
        assertThrows(TriageException.class, () -> Suppressions.parse("suppressions:\n  - {rule: A, reason: x, why: y}\n", "f"));
        assertTrue(Suppressions.parse("", "f").isEmpty());
    }
}
