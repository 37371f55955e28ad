package dev.assay.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InventoryCommandTest {

    private static final Path EXAMPLE_HOME = Path.of("../examples/openclaw-home");

    @TempDir
    Path tmp;

    @Test
    void exampleHomeInventoryAsJsonIsDeterministicAndComplete() throws Exception {
        Cli.Result first = Cli.run("inventory", EXAMPLE_HOME.toString(), "--format", "json");
        Cli.Result second = Cli.run("inventory", EXAMPLE_HOME.toString(), "--format", "json");
        assertEquals(0, first.code(), first.err());
        assertEquals(first.out(), second.out());
        JsonNode doc = new ObjectMapper().readTree(first.out());
        assertTrue(doc.get("agents").size() > 0, first.out());
        assertTrue(doc.get("mcpServers").size() > 0, first.out());
        for (JsonNode server : doc.get("mcpServers")) {
            for (String key : new String[] {"agent", "client", "name", "transport", "launch", "url", "pinning",
                    "packages", "file", "line"}) {
                assertTrue(server.has(key), key + " missing in " + server);
            }
            assertTrue(server.get("launch").asText().isEmpty() != server.get("url").asText().isEmpty(),
                    "a server has a command or a URL: " + server);
        }
        assertTrue(first.out().contains("\"name\" : \"OpenClaw\""), first.out());
    }

    @Test
    void textNamesEachSectionWithoutAScore() {
        Cli.Result r = Cli.run("inventory", EXAMPLE_HOME.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("Inventory of "), r.out());
        assertTrue(r.out().contains("\nAgents (") && r.out().contains("\nMCP servers (")
                && r.out().contains("\nSkills ("), r.out());
        assertTrue(!r.out().contains("eligible") && !r.out().contains("Score"), r.out());
    }

    @Test
    void folderWithNothingKnownSaysSoWithExitThree() throws Exception {
        Files.createDirectories(tmp.resolve("empty/a"));
        Files.writeString(tmp.resolve("empty/a/notes.txt"), "hello\n");
        Files.writeString(tmp.resolve("empty/b.txt"), "hello\n");
        Cli.Result r = Cli.run("inventory", tmp.resolve("empty").toString());
        assertEquals(3, r.code(), r.out());
        assertTrue(r.err().contains("no agent installation found in"), r.err());
        assertTrue(r.out().contains("Agents (0)"), r.out());
    }

    /**
     * Issue 13, Deliver 4, as its reporter asked: every agent, every MCP server with its client, name, transport,
     * command or URL and whether its version is pinned, and every skill of the example home, in JSON and in text.
     */
    @Test
    void exampleHomeListsEachAgentServerAndSkillWithWhatItIs() throws Exception {
        JsonNode doc = new ObjectMapper().readTree(Cli.run("inventory", EXAMPLE_HOME.toString(), "--format", "json").out());
        java.util.List<String> agents = new java.util.ArrayList<>();
        doc.get("agents").forEach(a -> agents.add(a.get("name").asText() + " " + a.get("versions")));
        assertEquals(java.util.List.of("Claude Code []", "Cursor []", "OpenClaw [\"openclaw@2026.1.15\"]"), agents);
        java.util.List<String> servers = new java.util.ArrayList<>();
        doc.get("mcpServers").forEach(m -> servers.add(String.join(" | ", m.get("client").asText(), m.get("name").asText(),
                m.get("transport").asText(), m.get("launch").asText() + m.get("url").asText(), m.get("pinning").asText(),
                m.get("packages").toString(), m.get("file").asText() + ":" + m.get("line").asInt())));
        assertEquals(java.util.List.of(
                "cursor | remote-tools | stdio | npx -y mcp-remote@0.1.10 https://remote.example.test/sse | pinned"
                        + " | [\"npm:mcp-remote@0.1.10\"] | .cursor/mcp.json:3",
                "openclaw | files | stdio | npx -y @modelcontextprotocol/server-filesystem / | unpinned | []"
                        + " | .openclaw/openclaw.json:20",
                "openclaw | remote | sse | http://mcp.example.invalid/sse | not-a-package-launch | []"
                        + " | .openclaw/openclaw.json:21"), servers);
        java.util.List<String> skills = new java.util.ArrayList<>();
        doc.get("skills").forEach(k -> skills.add(k.get("name").asText() + " " + k.get("location").asText() + " "
                + k.get("directory").asText()));
        assertEquals(java.util.List.of("cllawhub managed .openclaw/skills/cllawhub",
                "rust-setup managed .openclaw/skills/rust-setup", "wallet-sync managed .openclaw/skills/wallet-sync"), skills);

        String text = Cli.run("inventory", EXAMPLE_HOME.toString()).out();
        for (String line : new String[] {"Agents (3)", "  OpenClaw  openclaw@2026.1.15", "MCP servers (3)",
                "  Cursor / remote-tools  stdio  npx -y mcp-remote@0.1.10 https://remote.example.test/sse",
                "    pinned npm:mcp-remote@0.1.10  .cursor/mcp.json:3",
                "    unpinned  .openclaw/openclaw.json:20", "  OpenClaw / remote  sse  http://mcp.example.invalid/sse",
                "Skills (3)", "  wallet-sync  managed  .openclaw/skills/wallet-sync"}) {
            assertTrue(text.lines().anyMatch(l -> l.equals(line)), "no line '" + line + "' in:\n" + text);
        }
    }

    @Test
    void missingFolderAndBadFormatAreOneLineErrors() {
        Cli.Result missing = Cli.run("inventory", tmp.resolve("nope").toString());
        assertEquals(1, missing.code());
        assertEquals(1, missing.err().strip().lines().count(), missing.err());
        Cli.Result badFormat = Cli.run("inventory", EXAMPLE_HOME.toString(), "--format", "sarif");
        assertEquals(1, badFormat.code());
    }
}
