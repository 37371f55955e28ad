package dev.assay.engine.formula;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Severity;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The optional {@code verdicts} of a findings formula: first match wins, the last is the default. */
class VerdictsTest {

    static final String VERDICTS = """
            verdicts:
              - id: malicious
                when: {anyThreatClass: [malicious_indicator]}
                text: "malicious indicators found"
              - id: high-risk
                when: {level: [critical, high]}
                text: "{level} risk at {score}: review before installing"
              - id: review
                when: {level: [medium]}
                text: review the findings
              - id: low-risk
                text: no significant risk found
            """;

    static Formula withVerdicts() throws FormulaException {
        return Specs.parse(Specs.ADDITIVE + VERDICTS);
    }

    @Test
    void specsWithoutVerdictsHaveNone() throws Exception {
        FormulaResult r = FormulaEngine.evaluate(Specs.parse(Specs.ADDITIVE), List.of());
        assertNull(r.verdict());
        FormulaResult s = FormulaEngine.evaluate(Specs.parse(Specs.SUBTRACTIVE), List.of());
        assertNull(s.verdict());
    }

    @Test
    void aMaliciousIndicatorWinsAtAnyLevel() throws Exception {
        FormulaResult r = FormulaEngine.evaluate(withVerdicts(), List.of(
                Specs.finding("ST-PROMPT-INJECTION", Severity.LOW, "malicious_indicator", Finding.ACTIVE)));
        assertEquals("low", r.level());
        assertEquals(new Verdict("malicious", "malicious indicators found"), r.verdict());
        assertTrue(r.explanation().get(r.explanation().size() - 1).startsWith("verdict: malicious"));
    }

    @Test
    void levelsPickTheVerdictAndFillPlaceholders() throws Exception {
        FormulaResult r = FormulaEngine.evaluate(withVerdicts(), List.of(
                Specs.finding("A", Severity.CRITICAL), Specs.finding("B", Severity.HIGH)));
        assertEquals(new Verdict("high-risk", "high risk at 50: review before installing"), r.verdict());
        FormulaResult m = FormulaEngine.evaluate(withVerdicts(), List.of(Specs.finding("A", Severity.CRITICAL)));
        assertEquals("review", m.verdict().id());
    }

    @Test
    void unscoredMaliceDoesNotDecide() throws Exception {
        // A malicious indicator that needs review, and one the threat-class filter drops, are not scored findings.
        FormulaResult r = FormulaEngine.evaluate(withVerdicts(), List.of(
                Specs.finding("X", Severity.HIGH, "malicious_indicator", Finding.NEEDS_REVIEW),
                Specs.finding("Y", Severity.HIGH, "capability", Finding.ACTIVE)));
        assertEquals("low-risk", r.verdict().id());
    }

    @Test
    void noThreatClassHoldsWhenAbsent() throws Exception {
        Formula f = Specs.parse(Specs.ADDITIVE + """
                verdicts:
                  - id: clean
                    when: {noThreatClass: [malicious_indicator, risky_construct]}
                    text: nothing risky
                  - id: other
                    text: something risky
                """);
        assertEquals("clean", FormulaEngine.evaluate(f, List.of()).verdict().id());
        assertEquals("other", FormulaEngine.evaluate(f, List.of(Specs.finding("A", Severity.LOW))).verdict().id());
    }

    @Property(tries = 200)
    void everyResultGetsExactlyTheFirstMatchingVerdict(@ForAll @IntRange(min = 0, max = 6) int highs,
            @ForAll @IntRange(min = 0, max = 3) int malicious) throws Exception {
        List<Finding> findings = new java.util.ArrayList<>();
        for (int i = 0; i < highs; i++) {
            findings.add(Specs.finding("H" + i, Severity.HIGH));
        }
        for (int i = 0; i < malicious; i++) {
            findings.add(Specs.finding("M" + i, Severity.MEDIUM, "malicious_indicator", Finding.ACTIVE));
        }
        FormulaResult r = FormulaEngine.evaluate(withVerdicts(), findings);
        String want = malicious > 0 ? "malicious"
                : r.level().equals("high") || r.level().equals("critical") ? "high-risk"
                : r.level().equals("medium") ? "review" : "low-risk";
        assertEquals(want, r.verdict().id());
    }

    /** Each row swaps one piece of the verdicts for a broken one and names the error's fragment. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            "level: [critical, high]"     | "level: [severe]"                 | verdicts[1].when.level: unknown level 'severe'
            "anyThreatClass: [malicious_indicator]" | "anyThreatClas: [x]"    | verdicts[0].when.anyThreatClas: unknown key
            "id: review"                  | "id: malicious"                   | verdicts[2].id: duplicate verdict 'malicious'
            "id: review"                  | "id: Review"                      | verdicts[2].id: 'Review' is not a lower-case identifier
            "text: review the findings"   | "text: review {findings}"         | verdicts[2].text: unknown placeholder
            "text: no significant risk found" | "when: {level: [low]}\\n    text: none" | verdicts[3].when: the last verdict is the default
            """)
    void brokenVerdictsAreRefusedWithTheirKey(String good, String bad, String fragment) {
        String spec = Specs.ADDITIVE + VERDICTS.replace(good, bad.replace("\\n", "\n"));
        FormulaException e = assertThrows(FormulaException.class, () -> Specs.parse(spec));
        assertTrue(e.getMessage().contains(fragment), e.getMessage());
    }

    @Test
    void onlyTheLastVerdictMayLackACondition() {
        String spec = Specs.ADDITIVE + """
                verdicts:
                  - id: first
                    text: unconditional too early
                  - id: last
                    text: default
                """;
        FormulaException e = assertThrows(FormulaException.class, () -> Specs.parse(spec));
        assertTrue(e.getMessage().contains("verdicts[0]: needs a condition"), e.getMessage());
    }

    @Test
    void levelTestsBelongToVerdictsOnly() {
        String spec = Specs.SUBTRACTIVE.replace("when: {anySeverity: [critical]}\n    max: 40",
                "when: {level: [critical]}\n    max: 40");
        FormulaException e = assertThrows(FormulaException.class, () -> Specs.parse(spec));
        assertTrue(e.getMessage().contains("a level test is allowed in verdicts only"), e.getMessage());
    }

    @Test
    void aLevelTestNeedsLevels() {
        String noLevels = Specs.SUBTRACTIVE.substring(0, Specs.SUBTRACTIVE.indexOf("levels:"))
                + Specs.SUBTRACTIVE.substring(Specs.SUBTRACTIVE.indexOf("attestation:"));
        String spec = noLevels + """
                verdicts:
                  - id: weak
                    when: {level: [weak]}
                    text: weak
                  - id: fine
                    text: fine
                """;
        FormulaException e = assertThrows(FormulaException.class, () -> Specs.parse(spec));
        assertTrue(e.getMessage().contains("the formula defines no levels"), e.getMessage());
    }
}
