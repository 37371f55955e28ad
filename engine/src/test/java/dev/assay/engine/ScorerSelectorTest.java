package dev.assay.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.AlphaChars;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which scorer a target gets when none is named: decided from path names alone, by the shipped data. */
class ScorerSelectorTest {

    private static final ScorerSelector SHIPPED = ScorerSelector.shipped();

    private static String choose(String... paths) {
        Set<String> present = Set.of(paths);
        return SHIPPED.select(present::contains).scorer();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            skilltotal           | SKILL.md, scripts
            skilltotal           | package.json, index.js
            skilltotal           | pyproject.toml
            skilltotal           | setup.py
            skilltotal           | package.json, .mcp.json
            agent-security-score | openclaw.json, workspace
            agent-security-score | .openclaw
            agent-security-score | clawdbot.json
            agent-security-score | .config/Claude/claude_desktop_config.json
            agent-security-score | .cursor/mcp.json, src
            skilltotal           | src, README.md
            skilltotal           | package/package.json
            """)
    void componentsAndInstallationsGetTheirScorer(String scorer, String paths) {
        assertEquals(scorer, choose(paths.split(",\\s*")));
    }

    @Test
    void theChoiceSaysWhy() {
        ScorerSelector.Choice c = SHIPPED.select(Set.of("home", ".openclaw")::contains);
        assertEquals("agent-security-score", c.scorer());
        assertEquals(".openclaw", c.path());
        ScorerSelector.Choice d = SHIPPED.select(p -> false);
        assertEquals("skilltotal", d.scorer());
        assertEquals("", d.path());
        assertTrue(!d.reason().isEmpty());
    }

    @Test
    void aComponentManifestAtTheTopWinsOverConfigsInside() {
        // An MCP server repository with a client config for its own development is still a component.
        assertEquals("skilltotal", choose("package.json", ".vscode/mcp.json", ".mcp.json"));
    }

    @Property(tries = 200)
    void namesOutsideTheRulesFallBackToTheDefault(@ForAll @AlphaChars @StringLength(min = 1, max = 12) String name) {
        List<String> listed = SHIPPED.rules().stream().flatMap(r -> r.anyPath().stream()).toList();
        if (!listed.contains(name)) {
            assertEquals("skilltotal", choose(name));
        }
    }

    @Test
    void malformedRulesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> parse("rules: []"));
        assertThrows(IllegalArgumentException.class, () -> parse("rules:\n  - {scorer: a, anyPath: [x]}\n"));
        assertThrows(IllegalArgumentException.class,
                () -> parse("rules:\n  - {scorer: a}\n  - {scorer: b}\n"));
        assertThrows(IllegalArgumentException.class,
                () -> parse("rules:\n  - {scorer: a, anyPath: [../x]}\n  - {scorer: b}\n"));
        assertThrows(IllegalArgumentException.class, () -> parse("rules:\n  - {anyPath: [x]}\n  - {scorer: b}\n"));
        assertEquals("b", parse("rules:\n  - {scorer: a, anyPath: [x]}\n  - {scorer: b}\n").select(p -> false).scorer());
    }

    private static ScorerSelector parse(String yaml) {
        return ScorerSelector.parse(yaml.getBytes(StandardCharsets.UTF_8));
    }
}
