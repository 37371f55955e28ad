package dev.assay.packs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.assay.engine.Scanner;
import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Report;
import dev.assay.engine.pack.PackRegistry;
import dev.assay.engine.report.ReportFormat;
import dev.assay.engine.report.ReportWriters;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 13, Deliver 1: ASS-VER-KNOWN-VULNERABLE names what it found. Over an installation read by the real extractor
 * (OpenClaw's last-touched version, an MCP launch line pinning mcp-remote), agent-security 1.2.0's finding says which
 * advisories apply and the one version that fixes them all, and its details list each advisory (id, summary, affected
 * range, fixed version) in every report format. The expected values follow data/advisories.yaml: a row added there for
 * these versions changes them, on purpose.
 */
class AdvisoryFindingTest {

    private static final Clock FIXED = Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC);

    @TempDir
    static Path home;

    static Report report;

    @BeforeAll
    static void scan() throws Exception {
        Files.createDirectories(home.resolve(".openclaw"));
        Files.writeString(home.resolve(".openclaw/openclaw.json"), """
                {
                  meta: { lastTouchedVersion: "2026.1.20" },
                  gateway: { bind: "loopback", auth: { mode: "token", token: "${OPENCLAW_GATEWAY_TOKEN}" } },
                }
                """);
        Files.createDirectories(home.resolve(".cursor"));
        Files.writeString(home.resolve(".cursor/mcp.json"), """
                {
                  "mcpServers": {
                    "remote": {
                      "command": "npx",
                      "args": ["-y", "mcp-remote@0.1.14", "https://remote.example.invalid/sse"]
                    }
                  }
                }
                """);
        report = Scanner.builder().pack(PackRegistry.shipped().load("agent-security@1.2.0")).clock(FIXED).build().scan(home);
    }

    private static Finding finding(String subject) {
        return report.findings().stream().filter(f -> f.id().equals("ASS-VER-KNOWN-VULNERABLE") && f.subject().equals(subject))
                .findFirst().orElseThrow(() -> new AssertionError("no advisory finding on " + subject + " in "
                        + report.findings().stream().map(f -> f.id() + " " + f.subject()).toList()));
    }

    private static Map<String, Object> advisory(String id, String summary, String affected, String fixed) {
        return Map.of("id", id, "summary", summary, "affected", affected, "fixed", fixed);
    }

    @Test
    void openclawNamesEveryAdvisoryAndTheVersionThatFixesAll() {
        Finding f = finding("npm:openclaw@2026.1.20");
        assertEquals("openclaw 2026.1.20 is affected by CVE-2026-22172, CVE-2026-24763, CVE-2026-25253, CVE-2026-28466, "
                + "CVE-2026-28472, CVE-2026-32045, CVE-2026-32056, CVE-2026-32973, CVE-2026-41294, CVE-2026-43531, "
                + "CVE-2026-43585, CVE-2026-53822; 2026.5.18 fixes all", f.message(),
                "CVE-2026-25593 is fixed in 2026.1.20 itself, so it is not named");
        assertEquals("active", f.status());
        assertEquals(".openclaw/openclaw.json:2", f.evidence().get(0).file() + ":" + f.evidence().get(0).lineStart());
        Map<String, Object> d = f.details();
        assertEquals("openclaw", d.get("package"));
        assertEquals("npm", d.get("ecosystem"));
        assertEquals("2026.1.20", d.get("version"));
        assertEquals("2026.5.18", d.get("fixedVersion"), "the single version that fixes them all");
        List<?> advisories = (List<?>) d.get("advisories");
        assertEquals(12, advisories.size(), advisories.toString());
        assertEquals(advisory("CVE-2026-22172", "shared-auth connections self-declare elevated scopes", "<2026.3.12",
                "2026.3.12"), advisories.get(0));
        assertEquals(advisory("CVE-2026-25253", "Control UI sends the gateway token to a URL taken from the query string "
                + "(one-click token theft)", "<2026.1.29", "2026.1.29"), advisories.get(2));
        assertEquals(advisory("CVE-2026-28472", "device identity check skipped when a token is present", "<2026.2.2",
                "2026.2.2"), advisories.get(4));
        List<String> ids = new ArrayList<>();
        for (Object a : advisories) {
            Map<?, ?> m = (Map<?, ?>) a;
            ids.add((String) m.get("id"));
            assertEquals(List.of("affected", "fixed", "id", "summary"), m.keySet().stream().map(String::valueOf).sorted().toList());
            assertTrue(f.message().contains((String) m.get("id")), "the message names " + m.get("id"));
        }
        assertEquals(ids.stream().sorted().toList(), ids, "advisories in canonical (id) order");
    }

    @Test
    void mcpRemoteNamesItsAdvisoryAndAffectedRange() {
        Finding f = finding("npm:mcp-remote@0.1.14");
        assertEquals("mcp-remote 0.1.14 is affected by CVE-2025-6514; 0.1.16 fixes all", f.message());
        assertEquals(".cursor/mcp.json:5", f.evidence().get(0).file() + ":" + f.evidence().get(0).lineStart());
        assertEquals(Map.of("package", "mcp-remote", "ecosystem", "npm", "version", "0.1.14", "fixedVersion", "0.1.16",
                "advisories", List.of(advisory("CVE-2025-6514", "command injection via the authorization endpoint",
                        ">=0.0.5 <0.1.16", "0.1.16"))), f.details());
    }

    @Test
    void everyFormatShowsTheMessageAndDetails() throws Exception {
        String text = ReportWriters.render(report, ReportFormat.TEXT);
        assertTrue(text.contains("mcp-remote 0.1.14 is affected by CVE-2025-6514; 0.1.16 fixes all"), text);
        assertTrue(text.contains("fixedVersion  0.1.16"), text);
        String md = ReportWriters.render(report, ReportFormat.MARKDOWN);
        assertTrue(md.contains("2026.5.18 fixes all"), md);
        assertTrue(md.contains("  - fixedVersion: 2026.5.18"), md);
        JsonNode sarif = new ObjectMapper().readTree(ReportWriters.render(report, ReportFormat.SARIF));
        List<String> fixed = new ArrayList<>();
        for (JsonNode r : sarif.get("runs").get(0).get("results")) {
            if (r.get("ruleId").asText().equals("ASS-VER-KNOWN-VULNERABLE")) {
                fixed.add(r.get("properties").get("details").get("fixedVersion").asText());
                assertTrue(r.get("message").get("text").asText().contains("fixes all"), r.toString());
            }
        }
        assertEquals(List.of("0.1.16", "2026.5.18"), fixed.stream().sorted().toList());
        JsonNode json = new ObjectMapper().readTree(ReportWriters.render(report, ReportFormat.JSON));
        int withDetails = 0;
        for (JsonNode f : json.get("findings")) {
            if (f.get("id").asText().equals("ASS-VER-KNOWN-VULNERABLE")) {
                assertEquals("CVE", f.get("details").get("advisories").get(0).get("id").asText().substring(0, 3));
                withDetails++;
            }
        }
        assertEquals(2, withDetails);
    }
}
