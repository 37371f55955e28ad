package dev.assay.extract.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.fact.ConfigValue;
import dev.assay.engine.fact.Fact;
import dev.assay.engine.spi.Limits;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * VS Code settings files hold every extension's settings: they are read only when they hold an agent's keys (Kiro's
 * trusted commands, Roo Code's command allow-list); Kiro's permission rules are read from where Kiro keeps them.
 */
class EditorSettingsTest {

    @TempDir
    Path tmp;

    private static List<String> values(List<Fact> facts) {
        return facts.stream().filter(f -> f instanceof ConfigValue v && v.type().equals("string"))
                .map(f -> (ConfigValue) f).map(v -> v.document() + " " + v.file() + " " + v.path() + "=" + v.value())
                .toList();
    }

    @Test
    void aWorkspaceSettingsFileWithoutAgentKeysGivesNoFactsAndIsNotRecognised() {
        Fixtures.write(tmp.resolve(".vscode/settings.json"), "{\n  // editor only\n  \"editor.tabSize\": 2\n}\n");
        FolderTarget target = new FolderTarget(tmp, Limits.defaults());
        List<Fact> facts = Fixtures.extract(target);
        assertEquals(List.of(), facts, "nothing of an editor-only settings file becomes a fact");
        assertTrue(AgentInventory.of(target, Limits.defaults()).agents().isEmpty(), "no agent is recognised");
    }

    @Test
    void agentKeysMakeTheFileTheAgentsAndKiroRulesAreReadWhereKiroKeepsThem() {
        Fixtures.write(tmp.resolve(".vscode/settings.json"),
                "{\n  \"kiroAgent.trustedCommands\": [\"npm test\", \"*\"],\n  \"roo-cline.allowedCommands\": [\"*\"]\n}\n");
        Fixtures.write(tmp.resolve(".config/Code/User/settings.json"), "{ \"roo-cline.allowedCommands\": [\"git log\"] }\n");
        Fixtures.write(tmp.resolve(".kiro/settings/permissions.yaml"), "rules:\n  - capability: shell\n    effect: allow\n");
        Fixtures.write(tmp.resolve(".kiro/workspace-roots/ab12/permissions.yaml"), "rules:\n  - capability: all\n    effect: ask\n");
        FolderTarget target = new FolderTarget(tmp, Limits.defaults());
        List<String> values = values(Fixtures.extract(target));
        assertTrue(values.contains("kiro-settings .vscode/settings.json kiroAgent.trustedCommands.1=*"), values.toString());
        assertTrue(values.contains("kiro-settings .vscode/settings.json roo-cline.allowedCommands.0=*"), values.toString());
        assertTrue(values.contains("roo-code-settings .config/Code/User/settings.json roo-cline.allowedCommands.0=git log"),
                values.toString());
        assertTrue(values.contains("kiro-permissions .kiro/settings/permissions.yaml rules.0.capability=shell"),
                values.toString());
        assertTrue(values.contains("kiro-permissions .kiro/workspace-roots/ab12/permissions.yaml rules.0.effect=ask"),
                values.toString());
        List<String> agents = AgentInventory.of(target, Limits.defaults()).agents().stream()
                .map(a -> a.name() + " " + a.files().stream().map(f -> f.path() + "=" + f.document()).toList()).toList();
        assertEquals(List.of(
                "Kiro [.kiro/settings/permissions.yaml=kiro-permissions, .kiro/workspace-roots/ab12/permissions.yaml="
                        + "kiro-permissions, .vscode/settings.json=kiro-settings]",
                "Roo Code [.config/Code/User/settings.json=roo-code-settings]"), agents);
    }

    @Test
    void junieCliAllowlistIsReadInItsDocumentedShapeWithComments() {
        Fixtures.write(tmp.resolve(".junie/allowlist.json"), """
                {
                  "defaultBehavior": "ask",
                  "rules": {
                    "executables": {
                      "rules": [
                        { "prefix": "git", "action": "allow" }, // a comment, as in Junie's own example
                        { "pattern": "**", "action": "allow" },
                      ]
                    }
                  }
                }
                """);
        FolderTarget target = new FolderTarget(tmp, Limits.defaults());
        List<String> values = values(Fixtures.extract(target));
        assertTrue(values.contains("junie-allowlist .junie/allowlist.json rules.executables.rules.1.pattern=**"),
                values.toString());
        assertTrue(values.contains("junie-allowlist .junie/allowlist.json defaultBehavior=ask"), values.toString());
        List<String> agents = AgentInventory.of(target, Limits.defaults()).agents().stream().map(a -> a.name()).toList();
        assertEquals(List.of("Junie"), agents);
    }
}
