package dev.assay.engine.authoring;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.pack.ShippedPackIndex;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The shipped agent-security pack is what authors copy from: it must lint clean. */
class ShippedPackLintTest {

    static final Path AGENT_SECURITY = Path.of("..", "rulepacks", "agent-security", "1.0.0");

    @Test
    void agentSecurityLintsClean() {
        LintResult r = new PackLinter(new ShippedPackIndex(List.of())).lint(AGENT_SECURITY);
        assertTrue(r.clean(), String.join("\n", r.lines()));
    }
}
