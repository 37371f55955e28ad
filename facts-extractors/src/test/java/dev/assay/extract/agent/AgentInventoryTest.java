package dev.assay.extract.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.spi.Limits;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AgentInventoryTest {

    @TempDir
    Path tmp;

    private static AgentInventory inventory(Path folder) {
        try (FolderTarget target = new FolderTarget(folder, Limits.defaults())) {
            return AgentInventory.of(target, Limits.defaults());
        }
    }

    static List<String> lines(AgentInventory inv) {
        List<String> out = inv.agents().stream().map(a -> "agent " + a.name() + " " + a.files().stream()
                .map(f -> f.path() + "=" + f.document()).collect(Collectors.joining(",")) + " " + a.versions())
                .collect(Collectors.toList());
        inv.mcpServers().forEach(s -> out.add("mcp " + s.agent() + "/" + s.client() + ":" + s.name() + " "
                + s.transport() + " [" + s.launch() + "|" + s.url() + "] " + s.pinning() + s.packages()));
        inv.skills().forEach(s -> out.add("skill " + s.name() + " " + s.location() + " " + s.directory()));
        return out;
    }

    @Test
    void homeFolderListsEveryAgentServerAndSkill() {
        AgentInventory inv = inventory(Fixtures.copy("home", tmp.resolve("home")));
        assertEquals(List.of(
                "agent Claude Code .claude.json=claude-code,.claude/settings.json=claude-code-settings []",
                "agent Claude Desktop .config/Claude/claude_desktop_config.json=claude-desktop []",
                "agent Clawdbot .clawdbot/clawdbot.json=clawdbot [clawdbot@2026.1.5]",
                "agent Codex CLI .codex/config.toml=codex []",
                "agent Cursor .cursor/mcp.json=cursor []",
                "agent Gemini CLI .gemini/settings.json=gemini []",
                "agent OpenClaw .npm-global/lib/node_modules/openclaw/package.json=package [openclaw@2026.1.24]",
                "agent VS Code .vscode/mcp.json=vscode-mcp []",
                "agent Windsurf .codeium/windsurf/mcp_config.json=windsurf []",
                "mcp Claude Code/claude-code:github http [|https://api.githubcopilot.invalid/mcp/] not-a-package-launch[]",
                "mcp Claude Code/claude-code:sentry sse [|https://mcp.sentry.invalid/sse] not-a-package-launch[]",
                "mcp Claude Desktop/claude-desktop:filesystem stdio "
                        + "[npx -y @modelcontextprotocol/server-filesystem /home/alice|] unpinned[]",
                "mcp Claude Desktop/claude-desktop:inspector stdio [npx @modelcontextprotocol/inspector@0.14.0|] "
                        + "pinned[npm:@modelcontextprotocol/inspector@0.14.0]",
                "mcp Codex CLI/codex:fetch stdio [uvx mcp-server-fetch==2025.4.7|] pinned[pypi:mcp-server-fetch@2025.4.7]",
                "mcp Codex CLI/codex:remote http [|https://remote.example.invalid/mcp] not-a-package-launch[]",
                "mcp Cursor/cursor:context7 http [|https://mcp.context7.invalid/mcp] not-a-package-launch[]",
                "mcp Cursor/cursor:remote-bridge stdio [npx mcp-remote@0.1.15 http://bridge.example.invalid/mcp|] "
                        + "pinned[npm:mcp-remote@0.1.15]",
                "mcp Gemini CLI/gemini:events sse [|https://events.example.invalid/stream] not-a-package-launch[]",
                "mcp Gemini CLI/gemini:notes http [|https://notes.example.invalid/mcp] not-a-package-launch[]",
                "mcp VS Code/vscode-mcp:git stdio [uvx mcp-server-git==2025.9.25 --repository .|] "
                        + "pinned[pypi:mcp-server-git@2025.9.25]",
                "mcp VS Code/vscode-mcp:tracker http [|http://tracker.example.invalid/mcp] not-a-package-launch[]",
                "mcp Windsurf/windsurf:browser stdio [bunx @playwright/mcp@latest|] unpinned[]",
                "mcp Windsurf/windsurf:docs http [|https://docs.example.invalid/mcp] not-a-package-launch[]",
                "skill legacy workspace clawd/skills/legacy",
                "skill reviewer personal .claude/skills/reviewer"), lines(inv));
    }

    /**
     * Zed context_servers, Goose extensions and opencode mcp in their documented shapes; an extension-sourced Zed server
     * and a Goose builtin declare no command and give no server; a Zed language server, a goose-shaped file in a folder
     * no agent reads and an "mcp" key in a project's package.json are not read at all.
     */
    @Test
    void zedGooseAndOpencodeServersInTheirDocumentedShapes() {
        AgentInventory inv = inventory(Fixtures.copy("more-agents", tmp.resolve("home")));
        assertEquals(List.of(
                "agent Goose .config/goose/config.yaml=goose []",
                "agent Zed .config/zed/settings.json=zed []",
                "agent opencode .config/opencode/opencode.json=opencode []",
                "mcp Goose/goose:github stdio [npx -y @modelcontextprotocol/server-github|] unpinned[]",
                "mcp Goose/goose:notes http [|https://notes.example.invalid/mcp] not-a-package-launch[]",
                "mcp Zed/zed:hexdocs stdio [npx -y hexdocs-mcp@0.5.0|] pinned[npm:hexdocs-mcp@0.5.0]",
                "mcp Zed/zed:tracker http [|https://tracker.example.invalid/mcp] not-a-package-launch[]",
                "mcp opencode/opencode:everything stdio "
                        + "[npx -y @modelcontextprotocol/server-everything@2025.9.25|] "
                        + "pinned[npm:@modelcontextprotocol/server-everything@2025.9.25]",
                "mcp opencode/opencode:jira http [|https://jira.example.invalid/mcp] not-a-package-launch[]"),
                lines(inv));
    }

    /**
     * Continue (config.yaml's server list and .continue/mcpServers block files, YAML and JSON), an installed Claude Code
     * plugin (inline servers in plugin.json, top-level servers in its .mcp.json, hooks), Junie and Amp (flat
     * "amp.mcpServers" key) in their documented shapes. A prompt block under .continue/prompts and a plugin in a
     * marketplace catalogue (not installed) are not read.
     */
    @Test
    void continuePluginsJunieAndAmpInTheirDocumentedShapes() {
        AgentInventory inv = inventory(Fixtures.copy("other-agents", tmp.resolve("home")));
        String plugin = ".claude/plugins/cache/acme-tools/formatter/1.2.0/";
        assertEquals(List.of(
                "agent Amp .config/amp/settings.json=amp []",
                "agent Claude Code " + plugin + ".claude-plugin/plugin.json=claude-code-plugin," + plugin
                        + ".mcp.json=claude-code-plugin-mcp," + plugin + "hooks/hooks.json=claude-code-plugin-hooks []",
                "agent Continue .continue/config.json=continue,.continue/config.yaml=continue,"
                        + ".continue/mcpServers/from-claude.json=continue,"
                        + ".continue/mcpServers/playwright-mcp.yaml=continue []",
                "agent Junie .junie/mcp/mcp.json=junie []",
                "mcp Amp/amp:linear sse [|https://mcp.linear.invalid/sse] not-a-package-launch[]",
                "mcp Amp/amp:playwright stdio [npx -y @playwright/mcp@latest --headless|] unpinned[]",
                "mcp Claude Code/claude-code-plugin:formatter-lsp stdio [${CLAUDE_PLUGIN_ROOT}/bin/format-server --stdio|] "
                        + "not-a-package-launch[]",
                "mcp Claude Code/claude-code-plugin-mcp:tracker http [|https://tracker.example.invalid/mcp/] "
                        + "not-a-package-launch[]",
                // config.json (before 2025) nests the launch under transport and names no server: its position names it
                "mcp Continue/continue:0 stdio [uvx mcp-server-sqlite --db-path legacy.db|] unpinned[]",
                "mcp Continue/continue:Browser search stdio [npx @playwright/mcp@0.0.41|] pinned[npm:@playwright/mcp@0.0.41]",
                "mcp Continue/continue:Docs http [|https://docs.example.invalid/mcp] not-a-package-launch[]",
                "mcp Continue/continue:GitHub stdio [npx -y @modelcontextprotocol/server-github|] unpinned[]",
                "mcp Continue/continue:sqlite stdio [uvx mcp-server-sqlite==0.6.2 --db-path notes.db|] "
                        + "pinned[pypi:mcp-server-sqlite@0.6.2]",
                "mcp Junie/junie:time stdio [uvx mcp-server-time --local-timezone=Europe/Berlin|] unpinned[]"),
                lines(inv));
    }

    /** A list named `servers` is read as MCP servers only where a client documents one: an OpenAPI file's is not. */
    @Test
    void openApiServerListIsNotAnMcpServer() {
        Fixtures.write(tmp.resolve("api/openapi.yaml"), "openapi: 3.1.0\nservers:\n  - url: http://api.example.invalid/v1\n"
                + "    description: staging\npaths: {}\n");
        AgentInventory inv = inventory(tmp.resolve("api"));
        assertTrue(inv.mcpServers().isEmpty(), lines(inv).toString());
    }

    /** A scan of the file-system root sees Claude Code's managed settings and managed MCP servers. */
    @Test
    void managedClaudeCodeSettingsWhenTheBaseIsTheRoot() {
        AgentInventory inv = inventory(Fixtures.copy("machine-root", tmp.resolve("root")));
        assertEquals(List.of(
                "agent Claude Code etc/claude-code/managed-mcp.json=claude-code-managed-mcp,"
                        + "etc/claude-code/managed-settings.json=claude-code-managed-settings []",
                "mcp Claude Code/claude-code-managed-mcp:company-docs http [|https://docs.corp.example.invalid/mcp] "
                        + "not-a-package-launch[]"), lines(inv));
    }

    @Test
    void sameTargetSameInventory() {
        Path home = Fixtures.copy("home", tmp.resolve("home"));
        assertEquals(lines(inventory(home)), lines(inventory(home)));
    }

    @Test
    void folderWithNothingKnownIsEmpty() {
        Fixtures.write(tmp.resolve("empty/notes/readme.txt"), "nothing here\n");
        Fixtures.write(tmp.resolve("empty/other/readme.txt"), "nothing here\n");
        AgentInventory inv = inventory(tmp.resolve("empty"));
        assertTrue(inv.isEmpty(), lines(inv).toString());
    }
}
