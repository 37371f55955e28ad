package dev.assay.engine.formula;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.formula.CriterionRating.Mechanism;
import dev.assay.engine.formula.CriterionRating.Parameter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The weighted-criteria kind on a small two-criterion, two-parameter spec. */
class CriteriaFormulaTest {

    static final String SPEC = """
            id: tiny-card
            version: 1
            title: Tiny card
            kind: criteria
            criteria:
              - {id: A1, name: First}
              - {id: A2, name: Second}
            parameters:
              - {id: S, name: Strength, weight: 0.6}
              - {id: B, name: Blast, weight: 0.4}
            levels:
              - {level: 0, fraction: 0}
              - {level: 1, fraction: 0.333}
              - {level: 2, fraction: 1}
            structuralAbsence: {level: 2}
            caps:
              - {id: G1, max: 0.5, title: opt-in}
              - {id: A2-BAD, max: 0.1, criterion: A2, title: a known hole}
            alternativeCap: G1
            automaticCaps:
              - {cap: A2-BAD, criterion: A2, parameter: B, level: 0}
            limits:
              aboveReference: {parameters: [B], reference: S, maxSteps: 1}
              inferredMaxLevel: 1
            confidence:
              - {level: high, maxInferred: 0}
              - {level: low}
            round:
              points: {decimals: 2, mode: half-up}
              criterion: {decimals: 2, mode: half-up}
              total: {decimals: 1, mode: half-up}
              applicable: {decimals: 2, mode: half-up}
              percent: {decimals: 0, mode: half-up}
            bands:
              - {level: low, label: Low, color: red, min: 0, max: 0.9}
              - {level: high, label: High, color: green, min: 1.0, max: 2.0}
            """;

    private static Formula formula() throws FormulaException {
        return Formula.parse("tiny.yaml", SPEC.getBytes(StandardCharsets.UTF_8));
    }

    private static Mechanism levels(int s, int b, String... caps) {
        Map<String, Parameter> p = new LinkedHashMap<>();
        p.put("S", Parameter.verified(s));
        p.put("B", Parameter.verified(b));
        return new Mechanism("", p, List.of(caps));
    }

    @Test
    void scoresPointsCapsAndTotalsWithTheSpecRounding() throws Exception {
        CriteriaResult r = FormulaEngine.evaluateCriteria(formula(), List.of(
                CriterionRating.of("A1", levels(1, 1)),
                new CriterionRating("A2", false, levels(1, 0), levels(2, 2))));
        // A1: 0.6 × 0.333 = 0.1998 → 0.20, 0.4 × 0.333 = 0.1332 → 0.13; raw 0.33.
        CriteriaResult.Criterion a1 = r.criteria().get(0);
        assertEquals(new BigDecimal("0.33"), a1.score());
        assertEquals(new BigDecimal("0.20"), a1.mechanisms().get(0).parameters().get("S").points());
        assertNull(a1.cap());
        // A2 default: 0.20 raw, automatic cap A2-BAD (B at 0) → 0.10; alt: 1.00 raw, G1 → 0.50, which counts.
        CriteriaResult.Criterion a2 = r.criteria().get(1);
        assertEquals("alt", a2.counted());
        assertEquals(new BigDecimal("0.50"), a2.score());
        assertEquals(new CriteriaResult.Cap("G1", new BigDecimal("0.5")), a2.cap());
        assertEquals(new CriteriaResult.Cap("A2-BAD", new BigDecimal("0.1")), a2.mechanisms().get(0).cap());
        assertEquals(new BigDecimal("0.10"), a2.mechanisms().get(0).score());
        assertEquals(new BigDecimal("0.8"), r.score());
        assertEquals(new BigDecimal("2.0"), r.max());
        assertEquals(new CriteriaResult.BandInfo("low", "Low", "red"), r.band());
        assertEquals(new CriteriaResult.Applicable(2, new BigDecimal("0.83"), new BigDecimal("2.0"), 42), r.applicable());
        assertEquals(List.of(
                "start: tiny-card@1 (Tiny card), 2 criteria worth 1 each",
                "A1 First: S L1 0.2 + B L1 0.13 = 0.33 → 0.33",
                "A2 Second: default S L1 0.2 + B L0 0 = 0.2, cap A2-BAD at 0.1 (a known hole) → 0.10; "
                        + "alt S L2 0.6 + B L2 0.4 = 1, cap G1 at 0.5 (opt-in) → 0.50; counts alt",
                "total: 0.83 → 0.8 of 2.0 (1 decimal, half-up); band low (Low)",
                "applicable: 2 of 2 criteria, 0.83 of 2.0 (42%)"), r.explanation());
    }

    @Test
    void structurallyAbsentCriteriaScoreFullAndLeaveTheApplicableSet() throws Exception {
        CriteriaResult r = FormulaEngine.evaluateCriteria(formula(), List.of(
                CriterionRating.absent("A1"), CriterionRating.of("A2", levels(2, 2))));
        assertEquals(new BigDecimal("2.0"), r.score());
        assertEquals("high", r.band().id());
        assertTrue(r.criteria().get(0).structuralAbsence());
        assertEquals(new BigDecimal("1.00"), r.criteria().get(0).score());
        assertEquals(1, r.applicable().count());
        assertEquals(100, r.applicable().percent());
        CriteriaResult none = FormulaEngine.evaluateCriteria(formula(), List.of(
                CriterionRating.absent("A2"), CriterionRating.absent("A1")));
        assertNull(none.applicable().percent());
        assertEquals(0, none.applicable().count());
    }

    @Test
    void confidenceFollowsTheCountOfInferredParameters() throws Exception {
        Map<String, Parameter> p = new LinkedHashMap<>();
        p.put("S", Parameter.inferred(1));
        p.put("B", Parameter.verified(1));
        CriteriaResult r = FormulaEngine.evaluateCriteria(formula(), List.of(
                CriterionRating.of("A1", new Mechanism("x", p, List.of())), CriterionRating.absent("A2")));
        assertEquals("low", r.criteria().get(0).confidence());
        assertEquals("high", r.criteria().get(1).confidence());
    }

    @Test
    void invalidRatingsAreRefusedWithOneLine() throws Exception {
        Formula f = formula();
        assertEquals("tiny-card@1: criterion A2 is not rated", assertThrows(FormulaException.class,
                () -> FormulaEngine.evaluateCriteria(f, List.of(CriterionRating.of("A1", levels(1, 1))))).getMessage());
        assertEquals("tiny-card@1: unknown criterion 'A3' (expected A1, A2)", assertThrows(FormulaException.class,
                () -> FormulaEngine.evaluateCriteria(f, List.of(CriterionRating.absent("A3")))).getMessage());
        assertEquals("tiny-card@1: criterion A1 is rated twice", assertThrows(FormulaException.class,
                () -> FormulaEngine.evaluateCriteria(f, List.of(CriterionRating.absent("A1"), CriterionRating.absent("A1"))))
                .getMessage());
        assertEquals("tiny-card@1: A1 default: B is at level 2 but S is at 0; B may be at most 1 level(s) above S",
                assertThrows(FormulaException.class, () -> FormulaEngine.evaluateCriteria(f, List.of(
                        CriterionRating.of("A1", levels(0, 2)), CriterionRating.absent("A2")))).getMessage());
        assertEquals("tiny-card@1: A1 alt: cap A2-BAD is only valid on A2", assertThrows(FormulaException.class,
                () -> FormulaEngine.evaluateCriteria(f, List.of(new CriterionRating("A1", false, levels(1, 1),
                        levels(1, 1, "A2-BAD")), CriterionRating.absent("A2")))).getMessage());
        assertEquals("tiny-card@1: A1 default: cap G1 is listed twice", assertThrows(FormulaException.class,
                () -> FormulaEngine.evaluateCriteria(f, List.of(CriterionRating.of("A1", levels(1, 1, "G1", "G1")),
                        CriterionRating.absent("A2")))).getMessage());
        Map<String, Parameter> extra = new LinkedHashMap<>(Map.of("S", Parameter.verified(1), "B", Parameter.verified(1),
                "X", Parameter.verified(1)));
        assertTrue(assertThrows(FormulaException.class, () -> FormulaEngine.evaluateCriteria(f, List.of(
                CriterionRating.of("A1", new Mechanism("", extra, List.of())), CriterionRating.absent("A2"))))
                .getMessage().startsWith("tiny-card@1: A1 default: unknown parameter 'X'"));
        assertEquals("tiny-card@1: A1 default: parameter B is not rated", assertThrows(FormulaException.class,
                () -> FormulaEngine.evaluateCriteria(f, List.of(CriterionRating.of("A1",
                        new Mechanism("", Map.of("S", Parameter.verified(1)), List.of())), CriterionRating.absent("A2"))))
                .getMessage());
        assertEquals("tiny-card@1: A1: a structurally absent criterion is not rated on mechanisms",
                assertThrows(FormulaException.class, () -> FormulaEngine.evaluateCriteria(f, List.of(
                        new CriterionRating("A1", true, levels(1, 1), null), CriterionRating.absent("A2")))).getMessage());
        assertTrue(assertThrows(FormulaException.class, () -> FormulaEngine.evaluateCriteria(f, List.of(
                new CriterionRating("A1", false, null, null), CriterionRating.absent("A2")))).getMessage()
                .contains("A1: has no default mechanism"));
    }

    @Test
    void kindsAreNotInterchangeable() throws Exception {
        Formula criteria = formula();
        assertThrows(IllegalArgumentException.class, () -> FormulaEngine.evaluate(criteria, List.of()));
        Formula findings = Specs.parse(Specs.SUBTRACTIVE);
        assertThrows(IllegalArgumentException.class, () -> FormulaEngine.evaluateCriteria(findings, List.of()));
        assertEquals(Formula.KIND_CRITERIA, criteria.kind());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            {id: A2, name: Second}            | {id: A1, name: Again}              | criteria[1].id: duplicate criterion 'A1'
            {id: A2, name: Second}            | {id: a2, name: Second}             | criteria[1].id: 'a2' is not a criterion id
            weight: 0.4                        | weight: 0                          | parameters[1].weight: must be above 0
            {level: 1, fraction: 0.333}        | {level: 2, fraction: 0.333}        | levels[1].level: levels must be listed in order from 0; expected 1
            {level: 1, fraction: 0.333}        | {level: 1, fraction: 0}            | levels[1].fraction: must be above the fraction of the level below
            structuralAbsence: {level: 2}      | structuralAbsence: {level: 3}      | structuralAbsence.level: is not one of the levels
            criterion: A2, title               | criterion: A9, title               | caps[1].criterion: unknown criterion 'A9'
            alternativeCap: G1                 | alternativeCap: A2-BAD             | alternativeCap: 'A2-BAD' is not a cap valid on every criterion
            {cap: A2-BAD, criterion: A2        | {cap: A2-BAD, criterion: A1        | automaticCaps[0].criterion: cap A2-BAD is only valid on A2
            parameter: B, level: 0}            | parameter: Q, level: 0}            | automaticCaps[0].parameter: unknown parameter 'Q'
            parameters: [B], reference: S      | parameters: [S], reference: S      | limits.aboveReference.parameters[0]: must be another parameter
            inferredMaxLevel: 1                | inferredMaxLevel: 7                | limits.inferredMaxLevel: is not one of the levels
            {level: low}                       | {level: low, maxInferred: 3}       | confidence[1]: the last confidence rule takes every remaining case
            {level: high, maxInferred: 0}      | {level: high}                      | confidence[0]: needs maxInferred
            max: 2.0}                          | max: 1.9}                          | bands: the last band must end at the highest score 2
            {id: G1, max: 0.5, title: opt-in}  | {id: G1, max: 1.5, title: opt-in}  | caps: cap G1 is above the most a criterion can score (1)
            percent: {decimals: 0, mode: half-up} | percent: {decimals: 0}          | round.percent: missing required key 'mode'
            """)
    void specsAreParsedStrictly(String from, String to, String fragment) {
        assertTrue(SPEC.contains(from), from);
        FormulaException e = assertThrows(FormulaException.class,
                () -> Formula.parse("tiny.yaml", SPEC.replace(from, to).getBytes(StandardCharsets.UTF_8)), to);
        assertTrue(e.getMessage().startsWith("tiny.yaml: "), e.getMessage());
        assertTrue(e.getMessage().contains(fragment), () -> e.getMessage() + " lacks " + fragment);
    }

    @Test
    void criteriaCasesRunThroughFormulaCase() throws Exception {
        String yaml = """
                name: alt wins
                formula: tiny-card@1
                given:
                  criteria:
                    - {id: A1, levels: {S: 1, B: 1}, inferred: [S]}
                    - {id: A2, levels: {S: 1, B: 0}, alt: {levels: {S: SA, B: 2}}}
                want:
                  score: 0.8
                  level: low
                  applicable: {count: 2, score: 0.83, percent: 42}
                  criteria:
                    A1: {score: 0.33, cap: ~, confidence: low}
                    A2: {score: 0.5, counted: alt, cap: G1}
                """;
        FormulaCase c = FormulaCase.parse("case.yaml", yaml.getBytes(StandardCharsets.UTF_8));
        assertEquals(2, c.criteria().size());
        assertEquals(List.of(), c.findings());
        assertEquals(List.of(), c.check(formula()));
        FormulaCase wrong = FormulaCase.parse("case.yaml", yaml.replace("counted: alt", "counted: default")
                .replace("percent: 42", "percent: ~").getBytes(StandardCharsets.UTF_8));
        assertEquals(List.of("applicable.percent: want null, got 42", "A2: counted alt (want default)"),
                wrong.check(formula()));
        FormulaCase error = FormulaCase.parse("case.yaml", (yaml.substring(0, yaml.indexOf("want:"))
                + "want:\n  error: \"B is at level 2\"\n").replace("{S: 1, B: 0}", "{S: 0, B: 2}")
                .getBytes(StandardCharsets.UTF_8));
        assertEquals(List.of(), error.check(formula()));
    }

    @Test
    void criteriaCaseFilesAreParsedStrictly() {
        String base = """
                name: x
                formula: tiny-card@1
                given:
                  criteria:
                    - {id: A1, levels: {S: 1, B: 1}}
                want: {score: 0, level: low}
                """;
        for (String[] row : new String[][] {
                {"{id: A1, levels: {S: 1, B: 1}}", "{id: A1, absent: true, levels: {S: 1}}",
                        "given.criteria[0].levels: a structurally absent criterion is not rated"},
                {"{S: 1, B: 1}", "{S: 1, B: NA}", "given.criteria[0].levels.B: expected a level number or SA"},
                {"{id: A1, levels: {S: 1, B: 1}}", "{id: A1, levels: {S: 1}, inferred: [B]}",
                        "given.criteria[0].inferred: names parameters without a level: [B]"},
                {"want: {score: 0, level: low}", "want: {score: 0, level: low, attestation: {eligible: true}}",
                        "want.attestation: unknown key"},
                {"  criteria:", "  findings: []\n  criteria:", "given: needs either findings or criteria"}}) {
            FormulaException e = assertThrows(FormulaException.class, () -> FormulaCase.parse("case.yaml",
                    base.replace(row[0], row[1]).getBytes(StandardCharsets.UTF_8)), row[1]);
            assertTrue(e.getMessage().contains(row[2]), () -> e.getMessage() + " lacks " + row[2]);
        }
    }
}
