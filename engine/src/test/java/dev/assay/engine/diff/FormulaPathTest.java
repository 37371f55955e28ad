package dev.assay.engine.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.formula.Formula;
import dev.assay.engine.formula.FormulaEngine;
import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Severity;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class FormulaPathTest {

    private static Finding finding(String id, Severity s) {
        return new Finding(id, id, s, "risky_construct", "c", "", List.of(), "f", "", "", Finding.ACTIVE, List.of(), id);
    }

    private static byte[] v2(String... replacements) throws Exception {
        String text = new String(TwoVersions.formulaBytes(), StandardCharsets.UTF_8).replace("version: 1\n", "version: 2\n");
        for (int i = 0; i < replacements.length; i += 2) {
            assertTrue(text.contains(replacements[i]), replacements[i]);
            text = text.replace(replacements[i], replacements[i + 1]);
        }
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void eachChangedParameterIsOneStepAndThePathEndsAtTheNewFormula() throws Exception {
        byte[] a = TwoVersions.formulaBytes();
        byte[] b = v2("  high: 15\n", "  high: 20\n", "    max: 40\n", "    max: 30\n",
                "title: Agent Security Score\n", "title: Agent Security Score, stricter\n");
        Formula fa = Formula.parse("v1", a);
        Formula fb = Formula.parse("v2", b);
        FormulaPath path = FormulaPath.between(fa, fb, a, b);

        assertEquals(List.of("weights.high", "caps"), path.changes().stream().map(ParameterChange::parameter).toList(),
                "the title cannot move a score and is not a parameter");
        assertEquals(new ParameterChange("weights.high", "15", "20"), path.changes().get(0));
        assertEquals(2, path.steps().size());
        assertEquals("weights.high 15 → 20 (agent-security-score@1 → agent-security-score@2)",
                path.steps().get(0).cause().detail());

        List<Finding> findings = List.of(finding("A", Severity.CRITICAL), finding("B", Severity.HIGH));
        // v1: 100-40-15 = 45, capped at 40. With high at 20: 40 still (cap). With the cap at 30: 30.
        assertEquals(new BigDecimal("40"), FormulaEngine.evaluate(fa, findings).score());
        assertEquals(new BigDecimal("40"), FormulaEngine.evaluate(path.steps().get(0).formula(), findings).score());
        assertEquals(FormulaEngine.evaluate(fb, findings).score(),
                FormulaEngine.evaluate(path.steps().get(1).formula(), findings).score());
    }

    @Test
    void aParameterThatIsNotValidAloneIsAppliedWithTheNext() throws Exception {
        byte[] a = TwoVersions.formulaBytes();
        // Clamping to 0-50 alone leaves bands above 50, which the parser refuses; with the new bands it is valid.
        byte[] b = v2("start: 100", "start: 50",
                "clamp: {min: 0, max: 100}", "clamp: {min: 0, max: 50}",
                """
                  - {level: weak, min: 41, max: 69}
                  - {level: good, min: 70, max: 89}
                  - {level: excellent, min: 90, max: 100}
                """, """
                  - {level: weak, min: 41, max: 50}
                """);
        Formula fa = Formula.parse("v1", a);
        Formula fb = Formula.parse("v2", b);
        FormulaPath path = FormulaPath.between(fa, fb, a, b);
        assertEquals(List.of("start", "clamp", "levels"), path.changes().stream().map(ParameterChange::parameter).toList());
        assertEquals(List.of(List.of("start"), List.of("clamp", "levels")),
                path.steps().stream().map(FormulaPath.Step::parameters).toList());
        assertEquals("clamp + levels", path.steps().get(1).cause().ref());
        List<Finding> one = List.of(finding("B", Severity.HIGH));
        FormulaPath.Step last = path.steps().get(path.steps().size() - 1);
        assertEquals(FormulaEngine.evaluate(fb, one).score(), FormulaEngine.evaluate(last.formula(), one).score());
        assertEquals(FormulaEngine.evaluate(fb, one).level(), FormulaEngine.evaluate(last.formula(), one).level());
    }

    @Test
    void withoutTheSpecsThePathIsOneStepToTheNewFormula() throws Exception {
        Formula fa = TwoVersions.formula();
        Formula fb = TwoVersions.formulaV2("  high: 15\n", "  high: 20\n");
        FormulaPath path = FormulaPath.between(fa, fb, null, null);
        assertTrue(path.changes().isEmpty());
        assertEquals(1, path.steps().size());
        assertEquals(fb, path.steps().get(0).formula());
        assertEquals("agent-security-score@2", path.steps().get(0).cause().ref());
    }

    @Test
    void theSameSpecGivesNoPath() throws Exception {
        Formula fa = TwoVersions.formula();
        assertTrue(FormulaPath.between(fa, TwoVersions.formula(), null, null).steps().isEmpty());
    }

    @Test
    void aShippedSourceIsOnlyTrustedWhenItsHashMatches() throws Exception {
        Formula fa = TwoVersions.formula();
        // The engine's own test class path ships no formula specs.
        assertEquals(null, FormulaPath.shippedSource(fa, FormulaPathTest.class.getClassLoader()));
    }
}
