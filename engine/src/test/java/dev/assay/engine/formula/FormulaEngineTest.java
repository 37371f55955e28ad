package dev.assay.engine.formula;

import static dev.assay.engine.formula.Specs.finding;
import static dev.assay.engine.model.Severity.CRITICAL;
import static dev.assay.engine.model.Severity.HIGH;
import static dev.assay.engine.model.Severity.INFO;
import static dev.assay.engine.model.Severity.LOW;
import static dev.assay.engine.model.Severity.MEDIUM;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.model.Finding;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class FormulaEngineTest {

    private static FormulaResult score(String spec, List<Finding> findings) throws FormulaException {
        return FormulaEngine.evaluate(Specs.parse(spec), findings);
    }

    @Test
    void subtractsOnePenaltyPerFindingAndExplainsEachGroup() throws Exception {
        FormulaResult r = score(Specs.SUBTRACTIVE, List.of(finding("B", HIGH), finding("A", HIGH), finding("C", MEDIUM),
                finding("D", LOW), finding("E", INFO)));
        assertEquals(new BigDecimal("64"), r.score());
        assertEquals("weak", r.level());
        assertEquals(List.of(
                "start: 100 (test-score@1, Test score)",
                "high: 2 findings × 15 = −30 (A, B)",
                "medium: 1 finding × 5 = −5 (C)",
                "low: 1 finding × 1 = −1 (D)",
                "info: 1 finding × 0 = 0 (E)",
                "sum: 64",
                "score: 64 (level weak); attestation not eligible"), r.explanation());
        assertFalse(r.attestation().eligible());
        assertEquals(List.of("score 64 is below 70"), r.attestation().reasons());
    }

    @Test
    void criticalCapLowersAndIsExplained() throws Exception {
        FormulaResult r = score(Specs.SUBTRACTIVE, List.of(finding("X", CRITICAL)));
        assertEquals(new BigDecimal("40"), r.score());
        assertEquals("critical", r.level());
        assertTrue(r.explanation().contains("cap: 60 → 40 (a critical finding caps the score at 40)"), r.explanation()::toString);
        assertEquals(List.of("score 40 is below 70", "a critical finding is present"), r.attestation().reasons());
    }

    @Test
    void capAlreadySatisfiedIsStillShown() throws Exception {
        FormulaResult r = score(Specs.SUBTRACTIVE, List.of(finding("X", CRITICAL), finding("Y", CRITICAL)));
        assertEquals(new BigDecimal("20"), r.score());
        assertTrue(r.explanation().contains("cap at 40 applies (a critical finding caps the score at 40); 20 is already within it"),
                r.explanation()::toString);
    }

    @Test
    void lowestApplicableCapWinsWhateverItsPositionInTheFile() throws Exception {
        String spec = Specs.SUBTRACTIVE.replace("""
                caps:
                """, """
                caps:
                  - when: {countAtLeast: {count: 2, severity: [high, critical]}}
                    max: 60
                    reason: two serious findings cap the score at 60
                  - when: {anyRule: [NEVER-SEEN]}
                    max: 10
                    reason: a rule that is absent never caps
                """);
        FormulaResult twoHighs = score(spec, List.of(finding("A", HIGH), finding("B", HIGH)));
        assertEquals(new BigDecimal("60"), twoHighs.score());
        FormulaResult critAndHigh = score(spec, List.of(finding("A", HIGH), finding("X", CRITICAL)));
        assertEquals(new BigDecimal("40"), critAndHigh.score());
        assertTrue(critAndHigh.explanation().contains(
                "cap at 60 also applies (two serious findings cap the score at 60) but the lower cap wins"),
                critAndHigh.explanation()::toString);
        FormulaResult oneHigh = score(spec, List.of(finding("A", HIGH)));
        assertEquals(new BigDecimal("85"), oneHigh.score());
    }

    @Test
    void anyRuleCapFiresOnItsRule() throws Exception {
        String spec = Specs.SUBTRACTIVE.replace("anySeverity: [critical]", "anyRule: [AS-SKILL-MALICIOUS]");
        assertEquals(new BigDecimal("40"), score(spec, List.of(finding("AS-SKILL-MALICIOUS", LOW))).score());
        assertEquals(new BigDecimal("99"), score(spec, List.of(finding("OTHER", LOW))).score());
    }

    @Test
    void clampsAtTheBottomAndSaysSo() throws Exception {
        List<Finding> many = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            many.add(finding("H" + i, HIGH));
        }
        FormulaResult r = score(Specs.SUBTRACTIVE, many);
        assertEquals(new BigDecimal("0"), r.score());
        assertTrue(r.explanation().contains("clamp to 0–100: -20 → 0"), r.explanation()::toString);
    }

    @Test
    void onlyActiveFindingsAreScored() throws Exception {
        FormulaResult r = score(Specs.SUBTRACTIVE, List.of(
                finding("X", CRITICAL, "", Finding.NEEDS_REVIEW),
                finding("Y", HIGH, "", "suppressed"),
                finding("Z", LOW, "", Finding.ACTIVE)));
        assertEquals(new BigDecimal("99"), r.score());
        assertTrue(r.attestation().eligible());
        assertEquals(List.of("score 99 is at least 70", "no critical finding"), r.attestation().reasons());
        assertTrue(r.explanation().contains(
                "ignored: 2 findings with status needs-review, suppressed (only active findings are scored)"),
                r.explanation()::toString);
    }

    @Test
    void perRuleCountsEachRuleOnceAtItsHeaviestAndFiltersThreatClasses() throws Exception {
        FormulaResult r = score(Specs.ADDITIVE, List.of(
                finding("ST-A", MEDIUM), finding("ST-A", CRITICAL), finding("ST-A", LOW),
                finding("ST-B", HIGH, "malicious_indicator", Finding.ACTIVE),
                finding("ST-B", HIGH, "malicious_indicator", Finding.ACTIVE),
                finding("ST-CAP", CRITICAL, "capability", Finding.ACTIVE),
                finding("ST-NONE", CRITICAL, "", Finding.ACTIVE)));
        assertEquals(new BigDecimal("50"), r.score());
        assertEquals("high", r.level());
        assertEquals(List.of(
                "start: 0 (test-risk@2, Test risk)",
                "critical: 1 rule × 30 = +30 (ST-A)",
                "high: 1 rule × 20 = +20 (ST-B)",
                "not counted again: 3 further matches of rules already counted (one weight per distinct rule)",
                "ignored: 2 findings of a threat class this formula does not score ((none) ×1, capability ×1)",
                "sum: 50",
                "score: 50 (level high); attestation not eligible"), r.explanation());
        assertEquals(List.of("formula test-risk@2 defines no attestation"), r.attestation().reasons());
    }

    @Test
    void excludeFilterDropsOnlyTheListedClasses() throws Exception {
        String spec = Specs.ADDITIVE.replace("include: [malicious_indicator, risky_construct]", "exclude: [capability]");
        FormulaResult r = score(spec, List.of(finding("A", HIGH, "capability", Finding.ACTIVE),
                finding("B", HIGH, "", Finding.ACTIVE), finding("C", LOW, "whatever", Finding.ACTIVE)));
        assertEquals(new BigDecimal("23"), r.score());
    }

    @Test
    void upperClampCapsAnAdditiveScore() throws Exception {
        List<Finding> findings = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            findings.add(finding("ST-" + i, CRITICAL));
        }
        FormulaResult r = score(Specs.ADDITIVE, findings);
        assertEquals(new BigDecimal("100"), r.score());
        assertEquals("critical", r.level());
        assertTrue(r.explanation().contains("clamp to 0–100: 150 → 100"), r.explanation()::toString);
    }

    @Test
    void decimalWeightsAreExactAndRoundedOnceAtTheEnd() throws Exception {
        String spec = Specs.ADDITIVE.replace("critical: 30, high: 20, medium: 10, low: 3", "critical: 30, high: 20, medium: 10, low: 0.5");
        // 0.5 + 0.5 + 0.5 = 1.5, which half-up rounds to 2 (a double sum would also give 1.5, but 0.1-style weights would not).
        FormulaResult r = score(spec, List.of(finding("L1", LOW), finding("L2", LOW), finding("L3", LOW)));
        assertEquals(new BigDecimal("2"), r.score());
        assertTrue(r.explanation().contains("round (0 decimals, half-up): 1.5 → 2"), r.explanation()::toString);
        String tenths = Specs.ADDITIVE.replace("low: 3", "low: 0.1").replace("decimals: 0", "decimals: 1")
                .replace("levels:\n", "levels_removed:\n");
        String noLevels = tenths.substring(0, tenths.indexOf("levels_removed:"));
        FormulaResult t = score(noLevels, List.of(finding("L1", LOW), finding("L2", LOW), finding("L3", LOW)));
        assertEquals(new BigDecimal("0.3"), t.score());
        assertEquals(1, t.score().scale());
        assertNull(t.level());
    }

    @Test
    void halfEvenIsAvailableWhenASpecAsksForIt() throws Exception {
        String spec = Specs.ADDITIVE.replace("low: 3", "low: 0.5").replace("half-up", "half-even");
        assertEquals(new BigDecimal("2"), score(spec, List.of(finding("L1", LOW), finding("L2", LOW), finding("L3", LOW))).score());
        assertEquals(new BigDecimal("2"), score(spec, List.of(finding("L1", LOW), finding("L2", LOW), finding("L3", LOW),
                finding("L4", LOW), finding("L5", LOW))).score());
    }

    @Test
    void resultDoesNotDependOnFindingOrder() throws Exception {
        List<Finding> findings = new ArrayList<>(List.of(finding("ST-A", MEDIUM), finding("ST-A", CRITICAL),
                finding("ST-B", HIGH), finding("ST-C", LOW, "capability", Finding.ACTIVE), finding("ST-D", LOW)));
        Formula f = Specs.parse(Specs.ADDITIVE);
        FormulaResult first = FormulaEngine.evaluate(f, findings);
        for (int i = 0; i < findings.size(); i++) {
            Collections.rotate(findings, 1);
            assertEquals(first, FormulaEngine.evaluate(f, findings));
        }
        Collections.reverse(findings);
        assertEquals(first, FormulaEngine.evaluate(f, findings));
    }

    @Test
    void longGroupsNameTheFirstRulesAndCountTheRest() throws Exception {
        List<Finding> findings = new ArrayList<>();
        for (int i = 10; i < 30; i++) {
            findings.add(finding("R" + i, LOW));
        }
        FormulaResult r = score(Specs.SUBTRACTIVE, findings);
        assertTrue(r.explanation().get(1).endsWith("R20, R21 and 8 more)"), r.explanation().get(1));
    }

    @Test
    void scoreTestsInAttestationSeeTheFinalScore() throws Exception {
        String spec = Specs.SUBTRACTIVE.replace("when: {scoreAtLeast: 70}", "when: {scoreAtLeast: 70, scoreAtMost: 95}");
        assertFalse(score(spec, List.of()).attestation().eligible());
        assertTrue(score(spec, List.of(finding("A", MEDIUM))).attestation().eligible());
    }

    @Test
    void refusesFindingsWithoutSeverityOrId() throws Exception {
        Formula f = Specs.parse(Specs.SUBTRACTIVE);
        Finding noSeverity = new Finding("A", "t", null, "", "", "", List.of(), "", "", "", "active", List.of(), "");
        assertThrows(IllegalArgumentException.class, () -> FormulaEngine.evaluate(f, List.of(noSeverity)));
        Finding noId = new Finding(null, "t", LOW, "", "", "", List.of(), "", "", "", "active", List.of(), "");
        assertThrows(IllegalArgumentException.class, () -> FormulaEngine.evaluate(f, List.of(noId)));
    }
}
