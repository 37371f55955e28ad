package dev.assay.engine.formula;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class FormulaCaseTest {

    private static final String CASE = """
            name: a critical and a needs-review finding
            formula: test-score@1
            given:
              findings:
                - {id: AS-NET-001, severity: critical, threatClass: exposure}
                - {id: AS-MEM-001, severity: high, status: needs-review, subject: memory.db}
            want:
              score: 40
              level: critical
              attestation:
                eligible: false
                reasons: ["score 40 is below 70", "a critical finding is present"]
            """;

    private static FormulaCase parse(String yaml) throws FormulaException {
        return FormulaCase.parse("case.yaml", yaml.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void passingCaseHasNoDifferences() throws Exception {
        FormulaCase c = parse(CASE);
        assertEquals("a critical and a needs-review finding", c.name());
        assertEquals("test-score@1", c.formulaRef());
        assertEquals(2, c.findings().size());
        assertEquals("needs-review", c.findings().get(1).status());
        assertEquals(List.of(), c.check(Specs.parse(Specs.SUBTRACTIVE)));
    }

    @Test
    void everyWrongExpectationIsReported() throws Exception {
        FormulaCase c = parse(CASE.replace("score: 40", "score: 41").replace("level: critical", "level: weak")
                .replace("eligible: false", "eligible: true").replace("a critical finding is present\"]", "something else\"]"));
        List<String> diffs = c.check(Specs.parse(Specs.SUBTRACTIVE));
        assertEquals(4, diffs.size(), diffs::toString);
        assertEquals("score: want 41, got 40", diffs.get(0));
        assertEquals("level: want weak, got critical", diffs.get(1));
        assertTrue(diffs.get(2).startsWith("attestation eligible: want true, got false"), diffs.get(2));
        assertTrue(diffs.get(3).startsWith("attestation reasons: want [score 40 is below 70, something else]"), diffs.get(3));
    }

    @Test
    void noLevelIsWrittenAsNull() throws Exception {
        String spec = Specs.SUBTRACTIVE.substring(0, Specs.SUBTRACTIVE.indexOf("levels:"))
                + Specs.SUBTRACTIVE.substring(Specs.SUBTRACTIVE.indexOf("attestation:"));
        assertEquals(List.of(), parse(CASE.replace("level: critical", "level: ~")).check(Specs.parse(spec)));
        assertEquals(List.of("level: want critical, got none"), parse(CASE).check(Specs.parse(spec)));
    }

    @Test
    void refusesToRunAgainstAnotherFormula() throws Exception {
        FormulaCase c = parse(CASE);
        assertThrows(IllegalArgumentException.class, () -> c.check(Specs.parse(Specs.ADDITIVE)));
    }

    @Test
    void caseFilesAreParsedStrictly() {
        assertTrue(assertThrows(FormulaException.class, () -> parse(CASE.replace("severity: critical", "severity: severe")))
                .getMessage().startsWith("case.yaml: given.findings[0].severity: unknown severity 'severe'"));
        assertTrue(assertThrows(FormulaException.class, () -> parse(CASE.replace("status: needs-review", "status: muted")))
                .getMessage().startsWith("case.yaml: given.findings[1].status: unknown status 'muted'"));
        assertTrue(assertThrows(FormulaException.class, () -> parse(CASE.replace("threatClass: exposure", "class: exposure")))
                .getMessage().startsWith("case.yaml: given.findings[0].class: unknown key"));
        assertTrue(assertThrows(FormulaException.class, () -> parse(CASE.replace("formula: test-score@1", "formula: test-score")))
                .getMessage().startsWith("case.yaml: formula: 'test-score' is not an id@version reference"));
        assertTrue(assertThrows(FormulaException.class, () -> parse(CASE.replace("  level: critical\n", "")))
                .getMessage().startsWith("case.yaml: want: missing required key 'level'"));
        assertTrue(assertThrows(FormulaException.class, () -> parse(CASE.replace("eligible: false", "eligible: no way")))
                .getMessage().startsWith("case.yaml: want.attestation.eligible: expected true or false"));
    }
}
