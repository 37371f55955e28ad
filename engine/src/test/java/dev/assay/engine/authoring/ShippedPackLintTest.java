package dev.assay.engine.authoring;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.pack.ShippedPackIndex;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The default agent-security pack is what authors copy from: it must lint clean. (Released versions that predate the
 * message checks are covered, with their recorded gaps, by the rulepacks module's PackCasesTest.)
 */
class ShippedPackLintTest {

    /** The released version whose reference page the engine's docs test keeps (docs/rules/agent-security-1.0.0.md). */
    static final Path AGENT_SECURITY = Path.of("..", "rulepacks", "agent-security", "1.0.0");
    static final Path AGENT_SECURITY_DEFAULT = Path.of("..", "rulepacks", "agent-security", "1.2.0");

    @Test
    void agentSecurityLintsClean() {
        LintResult r = new PackLinter(new ShippedPackIndex(List.of())).lint(AGENT_SECURITY_DEFAULT);
        assertTrue(r.clean(), String.join("\n", r.lines()));
    }
}
