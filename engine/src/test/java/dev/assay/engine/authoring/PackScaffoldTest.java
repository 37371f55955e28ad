package dev.assay.engine.authoring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.pack.ShippedPackIndex;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A new pack starts green. The engine's tests have no agent-installation extractor, so here the fixture cases are shown
 * to be well formed and the facts case to pass; rulepacks' ScaffoldedPackTest runs the fixture cases with the real
 * extractors.
 */
class PackScaffoldTest {

    @TempDir
    Path root;

    @Test
    void aNewPackLintsCleanAndItsFactsCasePasses() throws Exception {
        Path dir = PackScaffold.create("my-pack", root);
        assertEquals(root.resolve("my-pack/1.0.0"), dir);
        for (String p : PackScaffold.paths()) {
            assertTrue(Files.isRegularFile(dir.resolve(p)), p);
        }
        LintResult lint = new PackLinter(new ShippedPackIndex(List.of())).lint(dir);
        assertTrue(lint.clean(), String.join("\n", lint.lines()));

        TestResult t = new PackTester(DemoPack.formulas()).test(dir);
        assertTrue(t.problems().isEmpty(), String.join("\n", t.lines()));
        CaseOutcome facts = t.outcomes().stream().filter(o -> o.name().equals("tests/facts/plain-http.yaml")).findFirst()
                .orElseThrow();
        assertTrue(facts.passed(), String.join("\n", t.lines()));
        // without the agent-installation extractor the fixture cases say so, at pack.yaml
        t.outcomes().stream().filter(o -> o.name().startsWith("tests/cases/")).forEach(o -> assertTrue(
                o.failures().get(0).render().contains("needs extractor 'agent-installation'"), o.failures().toString()));
    }

    @Test
    void refusesBadIdsAndExistingFolders() throws Exception {
        assertThrows(IllegalArgumentException.class, () -> PackScaffold.create("My_Pack", root));
        assertThrows(IllegalArgumentException.class, () -> PackScaffold.create("9lives", root));
        PackScaffold.create("twice", root);
        IOException e = assertThrows(IOException.class, () -> PackScaffold.create("twice", root));
        assertTrue(e.getMessage().contains("already exists"));
    }

    @Test
    void ruleIdsFollowThePackId() {
        assertEquals("MY-PACK-2-MCP-PLAIN-HTTP", PackScaffold.ruleId("my-pack-2"));
    }
}
