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
}
