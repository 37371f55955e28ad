package dev.assay.packs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.authoring.LintResult;
import dev.assay.engine.authoring.PackLinter;
import dev.assay.engine.authoring.PackScaffold;
import dev.assay.engine.authoring.PackTester;
import dev.assay.engine.authoring.TestResult;
import dev.assay.engine.pack.PackRegistry;
import dev.assay.engine.pack.ShippedPack;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The authoring library with the real extractors and formulas: a new pack is green, and `pack list` sees the shipped packs. */
class AuthoringTest {

    @Test
    void aScaffoldedPackLintsCleanAndPassesItsTests(@TempDir Path root) throws Exception {
        Path dir = PackScaffold.create("my-pack", root);
        LintResult lint = new PackLinter().lint(dir);
        assertTrue(lint.clean(), String.join("\n", lint.lines()));
        TestResult test = new PackTester().test(dir);
        assertTrue(test.passed(), String.join("\n", test.lines()));
        assertEquals(3, test.outcomes().size(), String.join("\n", test.lines()));
    }

    @Test
    void shippedPacksAreListedWithFormulaAndHash() throws Exception {
        List<ShippedPack> packs = PackRegistry.shipped().list();
        ShippedPack agent = packs.stream().filter(p -> p.ref().equals("agent-security@1.0.0")).findFirst().orElseThrow();
        assertEquals("agent-security-score", agent.scorer());
        assertEquals("agent-security-score@1", agent.formula());
        assertTrue(agent.rulesHash().matches("sha256:[0-9a-f]{64}"), agent.rulesHash());
        assertTrue(agent.precompiled());
    }
}
