package dev.assay.engine.authoring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.pack.DirectoryPackFiles;
import dev.assay.engine.pack.PackLoader;
import dev.assay.engine.pack.RuleDefinition;
import dev.assay.engine.pack.RulePack;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RuleDocsTest {

    static final Path DOC = Path.of("..", "docs", "rules", "agent-security-1.0.0.md");

    private static RulePack agentSecurity() throws Exception {
        return new PackLoader().load(DirectoryPackFiles.open(ShippedPackLintTest.AGENT_SECURITY));
    }

    @Test
    void theCommittedReferenceIsCurrent() throws Exception {
        assertNull(Regenerate.check(DOC, RuleDocs.generate(agentSecurity()).getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void oneSectionPerRuleWithControlTitles() throws Exception {
        RulePack pack = agentSecurity();
        String md = RuleDocs.generate(pack);
        assertTrue(md.startsWith(RuleDocs.GENERATED_MARKER + "\n"));
        for (RuleDefinition r : pack.rules()) {
            assertTrue(md.contains("\n## " + r.id() + "\n"), r.id());
        }
        assertTrue(md.contains("`ASI03` Identity & Privilege Abuse"), md);
        assertEquals(md, RuleDocs.generate(agentSecurity()));
    }

    @Test
    void detectorsAreSummarised(@TempDir Path root) throws Exception {
        RulePack demo = new PackLoader().load(DirectoryPackFiles.open(DemoPack.write(root)));
        String md = RuleDocs.generate(demo);
        assertTrue(md.contains("**Detects:** Text matching `demo-tok-[a-z0-9]{8}` in documents of any role."), md);
        assertTrue(md.contains("**Detects:** A FileEntry fact where `readableByOthers` is `true`."), md);
        assertTrue(md.contains("| Controls | `C2` Second control |"), md);
    }
}
