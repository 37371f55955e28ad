package dev.assay.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.assay.engine.model.Report;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code assay diff} on the real example: spec 001's malicious npm package scores 50 under skilltotal 1.0.0 and 70
 * under 1.1.0, because 1.1.0 adds ST-INSTALL-DROPPER (high, 20).
 */
class DiffCommandTest {

    /** The worked example's fixture, as the skilltotal packs' own tests scan it (read-only here). */
    static final Path WORKED = Path.of("..", "rulepacks", "skilltotal", "1.1.0", "tests", "cases", "worked-example-npm",
            "target");
    static final Path BENIGN = Path.of("..", "rulepacks", "skilltotal", "1.1.0", "tests", "cases",
            "benign-npm-same-capabilities", "target");

    @TempDir
    Path dir;

    static JsonNode json(String text) throws Exception {
        return new ObjectMapper().readTree(text);
    }

    @Test
    void theWorkedNpmExampleMovesFrom50To70BecauseOfInstallDropper() throws Exception {
        Cli.Result r = Cli.run("diff", "--pack", "skilltotal@1.0.0", "--pack", "skilltotal@1.1.0", WORKED.toString(),
                BENIGN.toString(), "--format", "json");
        assertEquals(ExitCode.OK, r.code(), r.err());
        assertEquals("", r.err());
        JsonNode root = json(r.out());
        assertEquals("skilltotal", root.at("/before/pack").asText());
        assertEquals("1.0.0", root.at("/before/packVersion").asText());
        assertEquals("1.1.0", root.at("/after/packVersion").asText());
        JsonNode worked = root.at("/targets/0");
        assertEquals(50, worked.at("/before/score").asInt());
        assertEquals("high", worked.at("/before/level").asText());
        assertEquals(70, worked.at("/after/score").asInt());
        assertEquals(20, worked.at("/delta").asInt());
        assertEquals(1, worked.at("/moves").size(), worked.toString());
        assertEquals("rule ST-INSTALL-DROPPER", worked.at("/moves/0/label").asText());
        assertEquals(20, worked.at("/moves/0/delta").asInt());
        assertEquals(1, worked.at("/findings").size(), "only ST-INSTALL-DROPPER differs: " + worked.at("/findings"));
        JsonNode added = worked.at("/findings/0");
        assertEquals("added", added.at("/change").asText());
        assertEquals("ST-INSTALL-DROPPER", added.at("/ruleId").asText());
        assertEquals("high", added.at("/after/severity").asText());
        assertEquals("risky_construct", added.at("/after/threatClass").asText());
        assertEquals("rule ST-INSTALL-DROPPER is new in skilltotal@1.1.0 (high, risky_construct)",
                added.at("/causes/0/detail").asText());
        assertTrue(added.at("/evidenceAdded").size() > 0);
        assertEquals(6, worked.at("/unchangedFindings").asInt());

        JsonNode benign = root.at("/targets/1");
        assertEquals(0, benign.at("/delta").asInt());
        assertEquals(0, benign.at("/findings").size());

        assertEquals(2, root.at("/summary/targets").asInt());
        assertEquals(1, root.at("/summary/scoreChanged").asInt());
        assertEquals(0, root.at("/summary/levelChanged").asInt());
        assertEquals("ST-INSTALL-DROPPER", root.at("/summary/causes/0/ref").asText());
        assertEquals(20, root.at("/summary/causes/0/scoreMove").asInt());
        boolean dropperListed = false;
        for (JsonNode c : root.at("/ruleChanges")) {
            dropperListed |= c.at("/ruleId").asText().equals("ST-INSTALL-DROPPER") && c.at("/change").asText().equals("added");
        }
        assertTrue(dropperListed, root.at("/ruleChanges").toString());
    }

    @Test
    void textAndMarkdownTellTheSameStory() {
        Cli.Result text = Cli.run("diff", "--pack", "skilltotal@1.0.0", "--pack", "skilltotal@1.1.0", WORKED.toString());
        assertEquals(ExitCode.OK, text.code(), text.err());
        assertTrue(text.out().contains(": 50 high → 70 high (+20)\n  score path:\n    50 → 70 (+20)  rule ST-INSTALL-DROPPER\n"
                + "      because rule ST-INSTALL-DROPPER is new in skilltotal@1.1.0 (high, risky_construct)\n"), text.out());
        assertTrue(text.out().contains("  changed  ST-SKILL-CAP-MISMATCH: severity medium → high\n"), text.out());
        Cli.Result md = Cli.run("diff", "--pack", "skilltotal@1.0.0", "--pack", "skilltotal@1.1.0", WORKED.toString(),
                "--format", "markdown");
        assertEquals(ExitCode.OK, md.code(), md.err());
        assertTrue(md.out().contains("| rule ST-INSTALL-DROPPER | 50 → 70 (+20) | high → high |"), md.out());
    }

    @Test
    void twoReportsGiveTheSameAttributionAsTheScan() throws Exception {
        Path old = dir.resolve("old.json");
        Path now = dir.resolve("new.json");
        assertEquals(ExitCode.OK, Cli.run("scan", WORKED.toString(), "--pack", "skilltotal@1.0.0", "--format", "json",
                "-o", old.toString()).code());
        assertEquals(ExitCode.OK, Cli.run("scan", WORKED.toString(), "--pack", "skilltotal@1.1.0", "--format", "json",
                "-o", now.toString()).code());
        Cli.Result r = Cli.run("diff", old.toString(), now.toString(), "--format", "json");
        assertEquals(ExitCode.OK, r.code(), r.err());
        JsonNode t = json(r.out()).at("/targets/0");
        assertEquals(20, t.at("/delta").asInt());
        assertEquals("rule ST-INSTALL-DROPPER", t.at("/moves/0/label").asText());
        assertEquals("rule ST-INSTALL-DROPPER is new in skilltotal@1.1.0 (high, risky_construct)",
                t.at("/findings/0/causes/0/detail").asText(), "the shipped packs are looked up to compare rules");

        Cli.Result fromStdin = Cli.runWithInput(Files.readAllBytes(old), "diff", "-", now.toString(), "--format", "json");
        assertEquals(r.out(), fromStdin.out(), "a report from standard input is the same report");
    }

    @Test
    void aTargetThatCannotBeReadIsAnEntryAndExitsOne() throws Exception {
        Path missing = dir.resolve("missing");
        Cli.Result r = Cli.run("diff", "--pack", "skilltotal@1.0.0", "--pack", "skilltotal@1.1.0", WORKED.toString(),
                missing.toString(), "--format", "json");
        assertEquals(ExitCode.ERROR, r.code());
        JsonNode root = json(r.out());
        assertEquals(20, root.at("/targets/0/delta").asInt(), "the other target is still compared");
        assertTrue(root.at("/targets/1/error").asText().length() > 0);
        assertEquals(1, root.at("/summary/failed").asInt());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().startsWith("assay: 1 target could not be compared"), r.err());
    }

    @Test
    void rescoreWithAnotherFormulaShowsTheOldScoreBesideTheNewInJson() throws Exception {
        Path report = dir.resolve("report.json");
        assertEquals(ExitCode.OK, Cli.run("scan", WORKED.toString(), "--pack", "skilltotal@1.1.0", "--format", "json",
                "-o", report.toString()).code());
        Cli.Result r = Cli.run("rescore", report.toString(), "--formula", "agent-security-score@1", "--format", "json");
        assertEquals(ExitCode.OK, r.code(), r.err());
        JsonNode root = json(r.out());
        assertEquals(70, root.at("/rescore/before/score").asInt());
        assertEquals("skilltotal", root.at("/rescore/before/formula").asText());
        assertEquals("agent-security-score", root.at("/rescore/after/formula").asText());
        assertEquals(root.at("/report/score").asInt(), root.at("/rescore/after/score").asInt());
        assertEquals(root.at("/rescore/delta").asInt(), root.at("/rescore/after/score").asInt() - 70);
        int sum = 0;
        for (JsonNode m : root.at("/rescore/moves")) {
            assertEquals("formula", m.at("/causes/0/kind").asText(), "only the formula changed");
            sum += m.at("/delta").asInt();
        }
        assertEquals(root.at("/rescore/delta").asInt(), sum);
        assertTrue(root.at("/rescore/formulaChanges").size() > 3);

        // The comparison document reads back: rescoring it again gives the rescored report unchanged.
        Path rescored = dir.resolve("rescored.json");
        Files.writeString(rescored, r.out(), StandardCharsets.UTF_8);
        Cli.Result again = Cli.run("rescore", rescored.toString(), "--format", "json");
        assertEquals(ExitCode.OK, again.code(), again.err());
        Report back = ScanAndRescoreTest.parse(again.out());
        assertEquals("agent-security-score", back.formula());
        assertEquals(root.at("/report/score").asInt(), back.score().intValue());

        Cli.Result text = Cli.run("rescore", report.toString(), "--formula", "agent-security-score@1");
        assertTrue(text.out().startsWith("Rescored: skilltotal@1 -> agent-security-score@1: score 70 -> "), text.out());
        assertTrue(text.out().lines().skip(1).findFirst().orElse("").contains("(skilltotal@1 → agent-security-score@1)"),
                text.out());
    }

    @Test
    void twoVersionsOfAPackFolderAreComparedSideBySide() throws Exception {
        assertEquals(ExitCode.OK, Cli.run("pack", "new", "my-pack", "--dir", dir.toString()).code());
        Path v1 = dir.resolve("my-pack").resolve("1.0.0");
        Path v2 = dir.resolve("my-pack").resolve("1.1.0");
        try (var files = Files.walk(v1)) {
            for (Path p : files.toList()) {
                Path to = v2.resolve(v1.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(p, to);
                }
            }
        }
        Files.writeString(v2.resolve("pack.yaml"), Files.readString(v2.resolve("pack.yaml")).replace("\"1.0.0\"", "\"1.1.0\""));
        Path rules = v2.resolve("rules").resolve("mcp-transport.yaml");
        Files.writeString(rules, Files.readString(rules).replace("severity: high", "severity: critical"));
        Path home = Files.createDirectories(dir.resolve("home").resolve(".cursor")).getParent();
        Files.writeString(home.resolve(".cursor").resolve("mcp.json"),
                "{\"mcpServers\": {\"w\": {\"url\": \"http://w.example.invalid/mcp\"}}}\n", StandardCharsets.UTF_8);

        Cli.Result r = Cli.run("diff", "--pack", v1.toString(), "--pack", v2.toString(), home.toString(), "--format", "json");
        assertEquals(ExitCode.OK, r.code(), r.err());
        JsonNode root = json(r.out());
        assertEquals("MY-PACK-MCP-PLAIN-HTTP", root.at("/ruleChanges/0/ruleId").asText());
        assertEquals("severity", root.at("/ruleChanges/0/fields/0/field").asText());
        JsonNode t = root.at("/targets/0");
        // 100 - 15 = 85 (good); a critical finding: 100 - 40 = 60, capped at 40 (critical).
        assertEquals(85, t.at("/before/score").asInt());
        assertEquals(40, t.at("/after/score").asInt());
        assertTrue(t.at("/levelChanged").asBoolean());
        assertEquals("changed", t.at("/findings/0/change").asText());
        assertEquals("rule MY-PACK-MCP-PLAIN-HTTP changed in my-pack@1.1.0: severity high → critical",
                t.at("/findings/0/causes/0/detail").asText());
        assertEquals(1, root.at("/summary/levelChanged").asInt());
    }

    @Test
    void rescoreInMarkdownQuotesTheComparisonAndDefusesReportText() throws Exception {
        Path report = dir.resolve("report.json");
        assertEquals(ExitCode.OK, Cli.run("scan", WORKED.toString(), "--pack", "skilltotal@1.1.0", "--format", "json",
                "-o", report.toString()).code());
        String evil = Files.readString(report).replace("\"formula\": \"skilltotal\"",
                "\"formula\": \"x<img src=1>[a](https://e.invalid)\"");
        Files.writeString(report, evil, StandardCharsets.UTF_8);
        Cli.Result md = Cli.run("rescore", report.toString(), "--formula", "skilltotal@1", "--format", "markdown");
        assertEquals(ExitCode.OK, md.code(), md.err());
        String first = md.out().lines().findFirst().orElse("");
        assertTrue(first.startsWith("> Rescored: x&lt;img src=1&gt;\\[a\\](https\\:\\/\\/e.invalid)@1 -&gt; skilltotal@1"), first);
        assertFalse(md.out().contains("<img"), md.out());
        assertTrue(md.out().contains("\n# Assay report"), md.out());
    }

    @Test
    void usageMistakesAreOneLine() throws Exception {
        UsageErrorsTest.assertOneLineError(Cli.run("diff", "only-one.json"), "two reports");
        UsageErrorsTest.assertOneLineError(Cli.run("diff", "--pack", "skilltotal@1.1.0", "--pack", "skilltotal@1.1.0",
                WORKED.toString()), "nothing to compare");
        UsageErrorsTest.assertOneLineError(Cli.run("diff", "--pack", "skilltotal@9.9.9", "--pack", "skilltotal@1.1.0",
                WORKED.toString()), "has no version 9.9.9");
        UsageErrorsTest.assertOneLineError(Cli.run("diff", "--pack", "a", "--pack", "b", "--pack", "c", "t"), "at most twice");
        UsageErrorsTest.assertOneLineError(Cli.run("diff", "--format", "sarif", "a.json", "b.json"), "unknown diff format");
        UsageErrorsTest.assertOneLineError(Cli.run("diff", "-", "-"), "standard input");
        UsageErrorsTest.assertOneLineError(Cli.run("diff", dir.resolve("a.json").toString(), dir.resolve("b.json").toString()),
                "report not found");
    }
}
