package dev.assay.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Partial recognition: a report names what the scan recognised (by agent, or the component's kinds) and what it looked
 * for without finding it, compactly in text and Markdown and in full in JSON, so a user who pointed Assay at the wrong
 * folder sees it.
 */
class RecognitionTest {

    static final ObjectMapper JSON = new ObjectMapper();
    static final String CURSOR = "{\n  \"mcpServers\": {\n    \"docs\": {\"command\": \"npx\", \"args\": [\"-y\", \"docs-mcp@1.2.3\"]}\n  }\n}\n";

    @TempDir
    Path dir;

    private Path homeWithOnlyCursor() throws Exception {
        Path home = dir.resolve("home");
        Files.createDirectories(home.resolve(".cursor"));
        Files.writeString(home.resolve(".cursor/mcp.json"), CURSOR);
        return home;
    }

    @Test
    void aHomeWithOnlyACursorConfigSaysWhatWasFoundAndWhatWasLookedFor() throws Exception {
        Path home = homeWithOnlyCursor();
        Cli.Result text = Cli.run("scan", home.toString(), "--scorer", "agent-security-score");
        assertEquals(ExitCode.OK, text.code(), text.err());
        String flat = text.out().replaceAll("\\s+", " ");
        assertTrue(flat.contains("found Cursor: mcp-client-config .cursor/mcp.json"), text.out());
        assertTrue(flat.contains("looked for "), text.out());
        assertTrue(flat.contains("Claude Code ("), text.out());
        assertTrue(flat.contains("OpenClaw ("), text.out());
        assertFalse(text.out().contains(".claude/settings.json"), "the text names agents and counts, not every path");

        JsonNode report = JSON.readTree(Cli.run("scan", home.toString(), "--format", "json").out());
        JsonNode recognition = report.at("/coverage/recognition");
        assertEquals(1, recognition.path("found").size(), recognition.toString());
        JsonNode cursor = recognition.path("found").get(0);
        assertEquals("Cursor", cursor.path("group").asText());
        assertEquals("mcp-client-config", cursor.path("kind").asText());
        assertEquals(".cursor/mcp.json", cursor.path("paths").get(0).asText());
        List<String> groups = new ArrayList<>();
        List<String> claude = new ArrayList<>();
        for (JsonNode n : recognition.path("notFound")) {
            groups.add(n.path("group").asText());
            if ("Claude Code".equals(n.path("group").asText())) {
                n.path("items").forEach(i -> claude.add(i.asText()));
            }
        }
        assertEquals(groups.stream().sorted().toList(), groups, "groups in canonical order");
        assertTrue(claude.contains(".claude/settings.json") && claude.contains(".claude.json"), claude.toString());
        assertFalse(recognition.path("notFound").toString().contains(".cursor/mcp.json"), "found is not also missing");

        Cli.Result markdown = Cli.run("scan", home.toString(), "--format", "markdown");
        assertTrue(markdown.out().contains("- **Found:**\n"), markdown.out());
        assertTrue(markdown.out().contains("  - Cursor: mcp-client-config .cursor/mcp.json"), markdown.out());
        assertTrue(markdown.out().contains("- **Looked for, not present:** "), markdown.out());

        Cli.Result html = Cli.run("scan", home.toString(), "--format", "html");
        assertTrue(html.out().contains("<table id=\"found\">"), html.out());
        assertTrue(html.out().contains("<details id=\"not-found\">"), html.out());
    }

    @Test
    void theSameHomeGivesTheSameRecognition() throws Exception {
        Path home = homeWithOnlyCursor();
        String first = JSON.readTree(Cli.run("scan", home.toString(), "--format", "json").out()).at("/coverage").toString();
        String second = JSON.readTree(Cli.run("scan", home.toString(), "--format", "json").out()).at("/coverage").toString();
        assertEquals(first, second);
    }

    @Test
    void anEmptyFolderStillHasNothingToScoreAndListsWhatWasLookedFor() throws Exception {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        Cli.Result r = Cli.run("scan", empty.toString(), "--scorer", "agent-security-score", "--format", "json");
        assertEquals(ExitCode.NOTHING_TO_SCORE, r.code(), r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().strip().endsWith(": nothing to score"), r.err());
        JsonNode report = JSON.readTree(r.out());
        assertFalse(report.at("/attestation/eligible").asBoolean());
        assertEquals(0, report.at("/coverage/recognition/found").size());
        assertTrue(report.at("/coverage/recognition/notFound").size() > 5, report.at("/coverage").toString());

        Cli.Result text = Cli.run("scan", empty.toString(), "--scorer", "agent-security-score");
        assertEquals(ExitCode.NOTHING_TO_SCORE, text.code(), text.err());
        assertTrue(text.out().replaceAll("\\s+", " ").contains("found nothing recognised"), text.out());
    }

    @Test
    void aComponentScanSaysWhatWasAnalysedAndWhichKindsWereNotThere() throws Exception {
        Path skill = Files.createDirectories(dir.resolve("skill"));
        Files.writeString(skill.resolve("SKILL.md"), "---\nname: tidy\ndescription: tidies files\n---\n# Tidy\n");
        Files.writeString(skill.resolve("tidy.py"), "import os\nprint(os.listdir('.'))\n");
        Cli.Result text = Cli.run("scan", skill.toString(), "--scorer", "skilltotal");
        assertEquals(ExitCode.OK, text.code(), text.err());
        String flat = text.out().replaceAll("\\s+", " ");
        assertTrue(flat.contains("found component: "), text.out());
        assertTrue(flat.contains("skill-instructions SKILL.md"), text.out());
        assertTrue(flat.contains("looked for component: "), text.out());
        assertTrue(flat.contains("npm manifest (package.json)"), text.out());
        assertFalse(flat.contains("source code (Python"), "Python source was found: " + text.out());
    }

    @Test
    void aFolderHoldingOnlyAnImageHasNothingToScoreButTheImageBesideTextIsScored() throws Exception {
        // The first bytes of a PNG and a few more: read as a binary file, recognised as nothing.
        byte[] png = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R', 0, 0, 0, 1};
        Path imageOnly = Files.createDirectories(dir.resolve("image-only"));
        Files.write(imageOnly.resolve("logo.png"), png);
        Cli.Result r = Cli.run("scan", imageOnly.toString(), "--scorer", "skilltotal", "--format", "json");
        assertEquals(ExitCode.NOTHING_TO_SCORE, r.code(), r.out() + r.err());
        assertTrue(r.err().strip().endsWith(": nothing to score"), r.err());
        JsonNode report = JSON.readTree(r.out());
        assertFalse(report.at("/attestation/eligible").asBoolean());
        assertEquals(1, report.at("/coverage/filesIndexed").asInt(), report.at("/coverage").toString());
        assertEquals(0, report.at("/coverage/recognition/found").size(), report.at("/coverage").toString());

        Path withText = Files.createDirectories(dir.resolve("with-text"));
        Files.write(withText.resolve("logo.png"), png);
        Files.writeString(withText.resolve("SKILL.md"), "---\nname: logo\ndescription: shows a logo\n---\n# Logo\n");
        Cli.Result scored = Cli.run("scan", withText.toString(), "--scorer", "skilltotal", "--format", "json");
        assertEquals(ExitCode.OK, scored.code(), scored.out() + scored.err());
        assertTrue(JSON.readTree(scored.out()).at("/coverage/recognition/found").size() > 0, scored.out());
    }
}
