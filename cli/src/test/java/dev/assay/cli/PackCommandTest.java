package dev.assay.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.assay.engine.pack.PackRegistry;
import dev.assay.engine.pack.ShippedPack;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code assay pack list|new|lint|test}, and scanning with the pack they make. */
class PackCommandTest {

    @TempDir
    Path dir;

    @Test
    void listShowsEveryShippedVersionWithItsRulesHash() throws Exception {
        List<ShippedPack> shipped = PackRegistry.shipped().list();
        Cli.Result text = Cli.run("pack", "list");
        assertEquals(ExitCode.OK, text.code(), text.err());
        assertTrue(text.out().startsWith("PACK "), text.out());
        for (ShippedPack p : shipped) {
            assertTrue(text.out().contains(p.ref()) && text.out().contains(p.rulesHash()), text.out());
        }
        assertTrue(text.out().contains("skilltotal@1.0.0") && text.out().contains("skilltotal@1.1.0"), text.out());

        Cli.Result json = Cli.run("pack", "list", "--format", "json");
        assertEquals(ExitCode.OK, json.code(), json.err());
        JsonNode list = new ObjectMapper().readTree(json.out());
        assertEquals(shipped.size(), list.size());
        assertEquals(shipped.get(0).rulesHash(), list.get(0).get("rulesHash").asText());
        assertTrue(list.get(0).get("precompiled").asBoolean(), "shipped packs run their build-time model");
    }

    @Test
    void aNewPackLintsCleanPassesItsTestsAndScans() throws Exception {
        Cli.Result created = Cli.run("pack", "new", "my-pack", "--dir", dir.toString());
        assertEquals(ExitCode.OK, created.code(), created.err());
        Path version = dir.resolve("my-pack").resolve("1.0.0");
        assertTrue(created.out().startsWith("Created " + version), created.out());
        assertTrue(Files.isRegularFile(version.resolve("pack.yaml")));

        Cli.Result lint = Cli.run("pack", "lint", version.toString());
        assertEquals(ExitCode.OK, lint.code(), lint.out() + lint.err());
        assertTrue(lint.out().endsWith(version + ": no problems\n"), lint.out());
        assertEquals("", lint.err());

        Cli.Result test = Cli.run("pack", "test", version.toString());
        assertEquals(ExitCode.OK, test.code(), test.out() + test.err());
        assertTrue(test.out().contains("PASS tests/cases/plain-http"), test.out());
        assertTrue(test.out().endsWith("3 passed, 0 failed\n"), test.out());

        Path cursor = Files.createDirectories(dir.resolve("home").resolve(".cursor"));
        Files.writeString(cursor.resolve("mcp.json"), "{\"mcpServers\": {\"w\": {\"url\": \"http://w.example.invalid/mcp\"}}}\n",
                StandardCharsets.UTF_8);
        Cli.Result scan = Cli.run("scan", dir.resolve("home").toString(), "--pack", version.toString(), "--format", "json");
        assertEquals(ExitCode.OK, scan.code(), scan.err());
        assertTrue(scan.out().contains("\"MY-PACK-MCP-PLAIN-HTTP\""), scan.out());

        assertEquals(ExitCode.ERROR, Cli.run("pack", "new", "my-pack", "--dir", dir.toString()).code(),
                "an existing version is never overwritten");
    }

    @Test
    void lintProblemsPointAtTheFileAndLineAndExitOne() throws Exception {
        assertEquals(ExitCode.OK, Cli.run("pack", "new", "broken", "--dir", dir.toString()).code());
        Path version = dir.resolve("broken").resolve("1.0.0");
        Path rules = version.resolve("rules").resolve("mcp-transport.yaml");
        Files.writeString(rules, Files.readString(rules).replace("severity: high", "severity: severe"));
        Cli.Result lint = Cli.run("pack", "lint", version.toString());
        assertEquals(ExitCode.ERROR, lint.code());
        assertTrue(lint.out().contains(rules + ":5: rules[0].severity: 'severe' is not one of critical, high, medium, low, info"), lint.out());
        assertTrue(lint.out().contains("severe"), lint.out());
        assertEquals(1, lint.errLines().size(), lint.err());
        assertTrue(lint.err().startsWith("assay: pack lint: "), lint.err());
    }

    @Test
    void aFailingTestPointsAtTheLineThatStatesItAndExitsOne() throws Exception {
        assertEquals(ExitCode.OK, Cli.run("pack", "new", "strict", "--dir", dir.toString()).code());
        Path version = dir.resolve("strict").resolve("1.0.0");
        Path expect = version.resolve("tests").resolve("cases").resolve("https").resolve("expect.yaml");
        // Claim the rule fires on the https case, where it does not.
        Files.writeString(expect, "# wrong on purpose\nruleid: [STRICT-MCP-PLAIN-HTTP]\n");
        Cli.Result test = Cli.run("pack", "test", version.toString());
        assertEquals(ExitCode.ERROR, test.code(), test.out());
        assertTrue(test.out().contains("FAIL tests/cases/https"), test.out());
        assertTrue(test.out().contains(expect + ":2: STRICT-MCP-PLAIN-HTTP must fire"), test.out());
        assertTrue(test.err().startsWith("assay: pack test: "), test.err());
    }

    @Test
    void badFoldersAndIdsAreOneLine() {
        UsageErrorsTest.assertOneLineError(Cli.run("pack", "lint", dir.resolve("nope").toString()), "pack folder not found");
        UsageErrorsTest.assertOneLineError(Cli.run("pack", "test", dir.resolve("nope").toString()), "pack folder not found");
        UsageErrorsTest.assertOneLineError(Cli.run("pack", "new", "Bad_Id", "--dir", dir.toString()), "lower-case words");
        UsageErrorsTest.assertOneLineError(Cli.run("pack"), "missing command: list, new, lint or test");
        UsageErrorsTest.assertOneLineError(Cli.run("pack", "list", "--format", "xml"), "unknown format 'xml'");
    }
}
