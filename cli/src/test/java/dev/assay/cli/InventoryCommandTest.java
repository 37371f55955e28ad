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

    @Test
    void missingFolderAndBadFormatAreOneLineErrors() {
        Cli.Result missing = Cli.run("inventory", tmp.resolve("nope").toString());
        assertEquals(1, missing.code());
        assertEquals(1, missing.err().strip().lines().count(), missing.err());
        Cli.Result badFormat = Cli.run("inventory", EXAMPLE_HOME.toString(), "--format", "sarif");
        assertEquals(1, badFormat.code());
    }
}
