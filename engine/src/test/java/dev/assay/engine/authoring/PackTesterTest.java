package dev.assay.engine.authoring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PackTesterTest {

    @TempDir
    Path root;

    private TestResult run(Map<String, String> changes) throws Exception {
        Path dir = DemoPack.write(root, changes);
        return new PackTester(DemoPack.formulas()).test(dir);
    }

    private static String text(TestResult r) {
        return String.join("\n", r.lines());
    }

    @Test
    void theDemoPackPasses() throws Exception {
        TestResult r = run(Map.of());
        assertTrue(r.passed(), text(r));
        assertEquals(3, r.outcomes().size(), text(r));
        assertEquals("3 passed, 0 failed", r.lines().get(r.lines().size() - 1));
        assertTrue(r.lines().contains("PASS tests/cases/token (6 checks)"), text(r));
    }

    @Test
    void aMissedWholeTargetExpectationPointsAtItsExpectLine() throws Exception {
        TestResult r = run(Map.of("tests/cases/clean/expect.yaml", """
                modes: {app.conf: "0644"}
                ruleid:
                  - DEMO-READABLE
                  - DEMO-TOKEN
                """));
        assertFalse(r.passed());
        String out = text(r);
        assertTrue(out.contains("tests/cases/clean/expect.yaml:4: DEMO-TOKEN must fire on this target but did not "
                + "(fired: DEMO-READABLE)"), out);
        assertFalse(out.contains("expect.yaml:3:"), out);
        assertTrue(out.contains("FAIL tests/cases/clean"), out);
    }

    @Test
    void anAnnotationThatDoesNotHoldPointsAtTheFixtureLine() throws Exception {
        TestResult r = run(Map.of("tests/cases/token/target/app.conf", """
                # ruleid: DEMO-TOKEN
                name = demo
                token = demo-tok-abcd1234
                # ok: DEMO-TOKEN
                other = demo-tok-zzzz9999
                """));
        String out = text(r);
        assertTrue(out.contains("tests/cases/token/target/app.conf:1: DEMO-TOKEN must fire on line 2 but did not "
                + "(it fired in this file at line(s) 3, 5)"), out);
        assertTrue(out.contains("tests/cases/token/target/app.conf:4: DEMO-TOKEN must not fire on line 5 but did"), out);
    }

    @Test
    void scoreAndAttestationAreChecked() throws Exception {
        TestResult r = run(Map.of("tests/cases/token/expect.yaml", """
                ruleid: [DEMO-TOKEN]
                score: 90
                attestation: false
                level: good
                """));
        String out = text(r);
        assertTrue(out.contains("tests/cases/token/expect.yaml:2: score is 85, expected 90"), out);
        assertTrue(out.contains("tests/cases/token/expect.yaml:3: attestation is true, expected false"), out);
        assertFalse(out.contains("level is"), out);
    }

    @Test
    void factsCasesFailAtTheirExpectation() throws Exception {
        TestResult r = run(Map.of("tests/facts/readable.yaml", """
                facts:
                  - {type: FileEntry, file: notes.txt, size: 10, mode: "0600"}
                expect:
                  ruleid: [DEMO-READABLE]
                """));
        String out = text(r);
        assertTrue(out.contains("tests/facts/readable.yaml:4: DEMO-READABLE must fire on these facts but did not"), out);
    }

    @Test
    void malformedFactsAreProblemsWithLines() throws Exception {
        TestResult r = run(Map.of("tests/facts/readable.yaml", """
                facts:
                  - {type: FileEntry, file: notes.txt, colour: red}
                  - {type: Nonsense, file: x}
                expect:
                  ruleid: [DEMO-READABLE]
                """));
        String out = text(r);
        assertTrue(out.contains("tests/facts/readable.yaml:2: facts[0]: unknown key 'colour'"), out);
        assertTrue(out.contains("tests/facts/readable.yaml:3: facts[1].type: 'Nonsense' is not one of"), out);
        assertFalse(r.passed());
    }

    @Test
    void aModeOutsideTheTargetIsRefused() throws Exception {
        TestResult r = run(Map.of("tests/cases/clean/expect.yaml", """
                ruleid: [DEMO-READABLE]
                modes:
                  ../../../escape.txt: "0644"
                """));
        String out = text(r);
        assertTrue(out.contains("tests/cases/clean/expect.yaml:2: modes: key ../../../escape.txt does not have the required form"), out);
        assertTrue(out.contains("FAIL tests/cases/clean (0 checks"), out);
        assertFalse(r.passed());
        assertFalse(java.nio.file.Files.exists(root.resolve("escape.txt")));
    }

    @Test
    void aPackThatDoesNotLoadReportsItsProblems() throws Exception {
        TestResult r = run(Map.of("rules/demo.yaml", "- id: BAD\n  title: t\n  severity: urgent\n  check: c\n  remediation: r\n  detect: {drl: true}\n"));
        assertFalse(r.passed());
        assertTrue(text(r).contains("rules/demo.yaml:3: rule BAD: unknown severity 'urgent'"), text(r));
    }

    @Test
    void outcomesAreTheSameOnEveryRun() throws Exception {
        List<String> first = run(Map.of()).lines();
        List<String> second = new PackTester(DemoPack.formulas()).test(root.resolve("demo/1.0.0")).lines();
        assertEquals(first, second);
    }
}
