package dev.assay.engine.authoring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.pack.DirectoryPackFiles;
import dev.assay.engine.pack.RulesHash;
import dev.assay.engine.pack.ShippedPackIndex;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PackLinterTest {

    @TempDir
    Path root;

    private final PackLinter linter = new PackLinter(new ShippedPackIndex(List.of()));

    private String lint(Map<String, String> changes) throws Exception {
        LintResult r = linter.lint(DemoPack.write(root, changes));
        return String.join("\n", r.problems().stream().map(Problem::render).toList());
    }

    @Test
    void theDemoPackIsClean() throws Exception {
        LintResult r = linter.lint(DemoPack.write(root));
        assertTrue(r.clean(), String.join("\n", r.lines()));
        assertTrue(r.lines().get(0).endsWith("demo/1.0.0: no problems"), r.lines().toString());
    }

    @Test
    void ruleMistakesNameFileLineAndWhatToDo() throws Exception {
        String rules = DemoPack.FILES.get("rules/demo.yaml")
                .replace("severity: high", "severity: urgent")
                .replace("threatClass: risky_construct", "threatClass: risky")
                .replace("controls: [C2]", "controls: [C9]")
                .replace("    remediation: Remove the token.\n", "    remediation: Remove the token.\n    colour: red\n");
        String out = lint(Map.of("rules/demo.yaml", rules));
        assertTrue(out.contains("rules/demo.yaml:4: rules[0].severity: 'urgent' is not one of critical, high, medium, low, info"), out);
        assertTrue(out.contains("rules/demo.yaml:6: rules[0].threatClass: 'risky' is not one of"), out);
        assertTrue(out.contains("rules/demo.yaml:9: rules[0]: unknown key 'colour' (remove it or use one of"), out);
        assertTrue(out.contains("rules/demo.yaml:14: rule DEMO-READABLE: unknown control 'C9' (not in the pack's controls table)"
                + " (use an id of the controls table or add a row for it)"), out);
        // the loader reports the bad severity too, on the same line; lint says it once
        assertFalse(out.contains("unknown severity 'urgent'"), out);
    }

    @Test
    void duplicateIdsAndDuplicateKeys() throws Exception {
        String rules = DemoPack.FILES.get("rules/demo.yaml").replace("DEMO-READABLE", "DEMO-TOKEN")
                .replace("    check: files\n", "    check: files\n    check: other\n");
        String out = lint(Map.of("rules/demo.yaml", rules));
        assertTrue(out.contains("rules/demo.yaml:13: rule id DEMO-TOKEN is defined more than once in the pack"), out);
        assertTrue(out.contains("rules/demo.yaml:17: key 'check' is given twice in one mapping"), out);
    }

    @Test
    void drlThatDoesNotCompileIsReportedAtItsLine() throws Exception {
        String out = lint(Map.of("drl/broken.drl", "\nrule \"DEMO-TOKEN: x\" when\n  $d : NoSuchFact()\nthen\nend\n"));
        assertTrue(out.contains("drl/broken.drl:3: DRL does not compile"), out);
    }

    @Test
    void drlNamingAnUndefinedRule() throws Exception {
        String out = lint(Map.of("drl/extra.drl", """
                rule "derive something"
                when
                    $d : Detection(ruleId == "DEMO-TOKEN")
                then
                    insert(ctx.derive("DEMO-NOPE", $d, Map.of()));
                end
                """));
        assertTrue(out.contains("drl/extra.drl:5: ctx.derive names rule 'DEMO-NOPE', which no rule YAML of the pack defines"), out);
    }

    @Test
    void aRuleWithoutAMessageAndDrlParametersNoTemplateUses() throws Exception {
        String rules = DemoPack.FILES.get("rules/demo.yaml").replace("    message: \"a demo token: {match}\"\n", "")
                + """
                  - id: DEMO-DERIVED
                    title: Derived
                    severity: low
                    check: files
                    controls: [C1]
                    remediation: Fix it.
                    message: "token in {file}"
                    details: {where: "{place}"}
                    detect: {drl: true}
                """;
        String drl = """
                rule "derive"
                when
                    $d : Detection(ruleId == "DEMO-TOKEN")
                then
                    insert(ctx.derive("DEMO-DERIVED", $d, Map.of("file", $d.file(), "place", "x",
                        "count", String.valueOf($d.evidence().size()))));
                end
                """;
        String out = lint(Map.of("rules/demo.yaml", rules, "drl/derived.drl", drl));
        assertTrue(out.contains("rule DEMO-TOKEN has no message, so its findings do not say what was found"), out);
        assertTrue(out.contains("drl/derived.drl:5: ctx.derive passes parameter 'count' to rule DEMO-DERIVED, but neither its "
                + "message nor its details use it"), out);
        assertFalse(out.contains("parameter 'file'"), out);
        assertFalse(out.contains("parameter 'place'"), out);
    }

    @Test
    void argumentsSplitAtTopLevelCommasOnly() {
        assertEquals(List.of("\"a\"", " f(x, y)", " \"b,)\"", " List.of(1, 2)"),
                PackLinter.arguments("(\"a\", f(x, y), \"b,)\", List.of(1, 2))", 0));
    }

    @Test
    void everyRuleNeedsBothKindsOfTest() throws Exception {
        Map<String, String> changes = new HashMap<>();
        changes.put("tests/facts/readable.yaml", null);
        changes.put("tests/cases/clean/expect.yaml", "ok: [DEMO-TOKEN]\n");
        String out = lint(changes);
        assertTrue(out.contains("rules/demo.yaml:13: rule DEMO-READABLE has no test where it must fire"), out);
        assertFalse(out.contains("DEMO-READABLE has no test where it must not fire"), out);
        assertFalse(out.contains("DEMO-TOKEN has no test"), out);
    }

    @Test
    void testsNamingUnknownRulesAndMalformedAnnotations() throws Exception {
        String out = lint(Map.of("tests/cases/token/target/app.conf", """
                # ruleid: DEMO-TOKN
                token = demo-tok-abcd1234
                # ruleid DEMO-TOKEN
                # ok:
                """));
        assertTrue(out.contains("tests/cases/token/target/app.conf:1: names rule DEMO-TOKN, which this pack does not define"), out);
        assertTrue(out.contains("tests/cases/token/target/app.conf:4: annotation not understood"), out);
    }

    @Test
    void dataTablesThatDoNotParseOrAreNotNamed() throws Exception {
        String out = lint(Map.of("data/controls.yaml", "- {id: C1, title: Fine}\n- {id: C2, title: [unclosed\n"));
        assertTrue(out.contains("data/controls.yaml:2: not valid YAML"), out);
        out = lint(Map.of("data/controls.yaml", DemoPack.FILES.get("data/controls.yaml"), "data/extra.yaml", "- {id: x}\n"));
        assertTrue(out.contains("data/extra.yaml: data file not named in pack.yaml"), out);
    }

    @Test
    void folderNamesFollowIdAndVersion() throws Exception {
        String out = lint(Map.of("pack.yaml", DemoPack.FILES.get("pack.yaml").replace("\"1.0.0\"", "\"1.0.1\"")));
        assertTrue(out.contains("pack.yaml:2: pack.yaml says version 1.0.1 but the folder is named 1.0.0"), out);
    }

    @Test
    void aReleasedVersionMustNotChange() throws Exception {
        Path dir = DemoPack.write(root);
        String hash = RulesHash.of(DirectoryPackFiles.open(dir));
        ReleasedVersions.record(dir, "1.0.0", hash);
        assertTrue(linter.lint(dir).clean(), String.join("\n", linter.lint(dir).lines()));
        Files.writeString(dir.resolve("rules/demo.yaml"), DemoPack.FILES.get("rules/demo.yaml").replace("severity: low", "severity: medium"));
        String out = String.join("\n", linter.lint(dir).lines());
        assertTrue(out.contains("pack.yaml:2: version 1.0.0 was released with rulesHash " + hash + " (../released.yaml:2)"), out);
        assertTrue(out.contains("(e.g. 1.0.1)"), out);
    }

    @Test
    void aShippedVersionMustNotChange() throws Exception {
        Path dir = DemoPack.write(root);
        ShippedPackIndex index = new ShippedPackIndex(List.of(new ShippedPackIndex.Entry("demo", "1.0.0", "agent-security-score",
                "sha256:" + "0".repeat(64), "", List.of(), List.of("pack.yaml"))));
        String out = String.join("\n", new PackLinter(index).lint(dir).lines());
        assertTrue(out.contains("pack.yaml:2: demo@1.0.0 is shipped with rulesHash sha256:000"), out);
    }

    @Test
    void symbolicLinksInAPackAreRefused() throws Exception {
        Path dir = DemoPack.write(root);
        Path outside = Files.writeString(root.resolve("secret.txt"), "outside the pack");
        Files.createSymbolicLink(dir.resolve("tests/cases/token/target/link.txt"), outside);
        LintResult r = linter.lint(dir);
        assertEquals(1, r.problems().size(), r.lines().toString());
        assertTrue(r.problems().get(0).message().contains("packs must not contain symbolic links"), r.lines().toString());
        TestResult t = new PackTester(DemoPack.formulas()).test(dir);
        assertFalse(t.passed());
        assertTrue(String.join("\n", t.lines()).contains("packs must not contain symbolic links"));
    }

    @Test
    void aFolderWithoutPackYaml() throws Exception {
        Path dir = Files.createDirectories(root.resolve("empty/1.0.0"));
        LintResult r = linter.lint(dir);
        assertEquals(1, r.problems().size());
        assertTrue(r.problems().get(0).render().contains("no pack.yaml in the pack folder (point at a pack version folder"),
                r.problems().get(0).render());
    }
}
