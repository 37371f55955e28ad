package dev.assay.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A finding on a setting an OpenClaw config pulls in with $include points at the included file and line. */
class OpenClawIncludeTest {

    @TempDir
    Path dir;

    @Test
    void theFindingNamesTheIncludedFileAndTheEscapeIsListedAsSkipped() throws Exception {
        Path state = Files.createDirectories(dir.resolve(".openclaw/config"));
        Files.writeString(state.resolve("../openclaw.json"), """
                {
                  meta: { lastTouchedVersion: "2026.9.6" },
                  gateway: { "$include": "./config/gateway.json5" },
                  channels: { "$include": "../../etc/passwd" },
                }
                """);
        Files.writeString(state.resolve("gateway.json5"), """
                // the gateway block, kept apart
                {
                  bind: "lan",
                  auth: { mode: "none" },
                }
                """);
        Cli.Result r = Cli.run("scan", dir.toString(), "--format", "json");
        JsonNode report = new ObjectMapper().readTree(r.out());
        JsonNode exposed = null;
        for (JsonNode f : report.path("findings")) {
            if ("ASS-NET-EXPOSED-NOAUTH".equals(f.path("id").asText())) {
                exposed = f;
            }
        }
        assertTrue(exposed != null, report.path("findings").toString());
        assertEquals(".openclaw/config/gateway.json5", exposed.at("/evidence/0/file").asText());
        assertEquals(3, exposed.at("/evidence/0/lineStart").asInt());
        assertTrue(exposed.path("message").asText().contains("lan"), exposed.toString());

        String skipped = report.at("/coverage/filesSkipped").toString();
        assertTrue(skipped.contains("$include \\\"../../etc/passwd\\\" in .openclaw/openclaw.json not followed"), skipped);
        assertTrue(report.at("/coverage/recognition/found").toString().contains("agent-config-include"),
                report.at("/coverage/recognition").toString());
        assertFalse(r.out().contains("root:"), "nothing outside the state folder is read");
    }

    @Test
    void aRuleWhoseSettingsAreSplitOverIncludedFilesFiresOnceWithEvidenceInEachFile() throws Exception {
        Path state = Files.createDirectories(dir.resolve(".openclaw"));
        Files.createDirectories(dir.resolve("shared"));
        Files.writeString(state.resolve("openclaw.json"), """
                {
                  meta: { lastTouchedVersion: "2026.9.6" },
                  gateway: { "$include": "./gateway.json5", bind: "lan" },
                  channels: { "$include": "../shared/channels.json5" },
                }
                """);
        Files.writeString(state.resolve("gateway.json5"), """
                {
                  port: 18789,
                  auth: { mode: "none" },
                }
                """);
        Files.writeString(dir.resolve("shared/channels.json5"), "{ telegram: { dmPolicy: \"open\" } }\n");
        Cli.Result r = Cli.run("scan", dir.toString(), "--format", "json");
        JsonNode report = new ObjectMapper().readTree(r.out());
        java.util.List<String> exposed = new java.util.ArrayList<>();
        for (JsonNode f : report.path("findings")) {
            if ("ASS-NET-EXPOSED-NOAUTH".equals(f.path("id").asText())) {
                f.path("evidence").forEach(e -> exposed.add(e.path("file").asText() + ":" + e.path("lineStart").asInt()));
                assertEquals(".openclaw/openclaw.json", f.path("subject").asText());
            }
        }
        assertEquals(java.util.List.of(".openclaw/gateway.json5:3", ".openclaw/openclaw.json:3"), exposed,
                "one finding on the merged config, pointing at the bind and at the auth mode");
        String skipped = report.at("/coverage/filesSkipped").toString();
        assertTrue(skipped.contains("$include \\\"../shared/channels.json5\\\" in .openclaw/openclaw.json not followed"),
                skipped);
        assertFalse(report.path("findings").toString().contains("ASS-ID-OPEN-CHANNEL"), "the escaping file is not read");

        String text = Cli.run("scan", dir.toString()).out();
        assertTrue(text.contains(".openclaw/gateway.json5:3") && text.contains(".openclaw/openclaw.json:3"), text);
    }

    /** The pack's case: MCP servers, a workspace and a skills folder declared only in included files. */
    static final Path DECLARED = Path.of("..", "rulepacks", "agent-security", "1.2.0", "tests", "cases",
            "openclaw-include-declared", "target");

    @Test
    void serversAndFoldersDeclaredInIncludedFilesAreJudgedAndInventoriedWhereTheyAreWritten() throws Exception {
        JsonNode report = new ObjectMapper().readTree(Cli.run("scan", DECLARED.toString(), "--format", "json").out());
        java.util.Map<String, String> evidence = new java.util.TreeMap<>();
        for (JsonNode f : report.path("findings")) {
            evidence.merge(f.path("id").asText(), f.at("/evidence/0/file").asText() + ":"
                    + f.at("/evidence/0/lineStart").asInt(), (a, b) -> a + " " + b);
        }
        assertEquals("config/mcp-team.json5:5", evidence.get("ASS-MCP-REMOTE-PLAINTEXT"), evidence.toString());
        assertEquals("config/mcp-base.json5:4", evidence.get("ASS-TOOL-FS-SERVER-ROOT"), evidence.toString());
        assertEquals("workspace-research/MEMORY.md:4", evidence.get("ASS-MEM-INJECTION"), evidence.toString());
        assertTrue(evidence.containsKey("ASS-COMP-MALICIOUS-VERDICT"), evidence.toString());

        JsonNode inventory = new ObjectMapper().readTree(Cli.run("inventory", DECLARED.toString(), "--format", "json").out());
        java.util.List<String> servers = new java.util.ArrayList<>();
        inventory.path("mcpServers").forEach(s -> servers.add(s.path("name").asText() + " " + s.path("file").asText()
                + ":" + s.path("line").asInt() + " " + s.path("pinning").asText()));
        assertEquals(java.util.List.of("bridge config/mcp-team.json5:7 pinned", "files config/mcp-base.json5:4 unpinned",
                "search config/mcp-team.json5:6 not-a-package-launch", "tickets config/mcp-team.json5:5 not-a-package-launch"),
                servers.stream().sorted().toList());
        assertTrue(inventory.path("skills").toString().contains("team-skills/market-pulse"), inventory.toString());
    }
}
