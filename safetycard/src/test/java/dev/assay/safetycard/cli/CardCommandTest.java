package dev.assay.safetycard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.safetycard.Fixtures;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The {@code card} verbs as a user runs them: exit codes, what goes to stdout and stderr, files written. */
class CardCommandTest {

    @TempDir
    Path tmp;

    record Run(int code, String out, String err) {
        List<String> errLines() {
            return err.lines().toList();
        }
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new CardCommand());
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    Path resource(String name) throws Exception {
        Path p = tmp.resolve(name.replace('/', '-'));
        Files.write(p, Fixtures.bytes(name));
        return p;
    }

    @Test
    void scoresTheExampleAndPrintsTheTable() throws Exception {
        Run r = run("score", resource("example-scorecard.json").toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("Total 2.2 of 10.0: Minimal (weak, red)"), r.out());
        assertTrue(r.out().contains("alt *"), r.out());
        assertTrue(r.out().contains("C5-WORSTCASE"), r.out());
        assertEquals("", r.err());
    }

    @Test
    void writesEntryAndReportAndPrintsJson() throws Exception {
        Path entry = tmp.resolve("entry.json");
        Path report = tmp.resolve("report.md");
        Run r = run("score", resource("example-scorecard.json").toString(), "--entry", entry.toString(), "--report",
                report.toString(), "--format", "json");
        assertEquals(0, r.code(), r.err());
        JsonNode printed = new ObjectMapper().readTree(r.out());
        JsonNode written = new ObjectMapper().readTree(entry.toFile());
        assertEquals(printed, written);
        assertEquals(2.2, written.path("score").asDouble());
        assertEquals(List.of(), Fixtures.card().schema().problems(written));
        assertTrue(Files.readString(report).startsWith("# smolagents: SafetyCard 2.2 / 10.0 (Minimal)"));
        assertTrue(Files.readString(entry).contains("\"schema_version\": \"2.0\""), "published layout: key, colon, space");
    }

    @Test
    void everyErrorIsPrintedOnItsOwnLineAndNothingIsScored() throws Exception {
        Path entry = tmp.resolve("entry.json");
        Run r = run("score", resource("validation/parameters.json").toString(), "--entry", entry.toString());
        assertEquals(1, r.code());
        assertEquals("", r.out());
        assertFalse(Files.exists(entry), "nothing is written for a scorecard with errors");
        List<String> errors = r.errLines().stream().filter(l -> l.startsWith("validation-parameters.json: error ")).toList();
        assertEquals(6, errors.size(), r.err());
        for (String id : List.of("SC-LEVEL-RANGE", "SC-STATUS", "SC-EVIDENCE-EMPTY", "SC-INFERRED-ABOVE-LIMIT",
                "SC-REACH-ABOVE-STRENGTH", "SC-SA-NEEDS-SEARCH")) {
            assertTrue(errors.stream().anyMatch(l -> l.contains(" " + id + " ")), id + " in " + r.err());
        }
        assertTrue(r.errLines().stream().anyMatch(l -> l.startsWith("validation-parameters.json: warning SC-GAP-MISSING")));
        assertTrue(r.errLines().get(r.errLines().size() - 1).matches("validation-parameters\\.json: \\d+ errors, \\d+ warnings?; not scored"),
                r.err());
        assertTrue(errors.get(0).contains(" at C"), "errors name the criterion: " + errors.get(0));
        assertTrue(errors.get(0).contains("Fix: "), errors.get(0));
    }

    @Test
    void warningsAloneStillScore() throws Exception {
        ObjectNode card = (ObjectNode) new ObjectMapper().readTree(Fixtures.bytes("validation/valid.json"));
        ((ObjectNode) card.path("criteria").get(0).path("parameters").path("S")).remove("gap");
        Path file = tmp.resolve("warn.json");
        Files.writeString(file, card.toString());
        Run r = run("score", file.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().contains("warning SC-GAP-MISSING at C1 S"), r.err());
        assertTrue(r.out().contains("Total "), r.out());
    }

    @Test
    void missingOrHostileFilesAreOneLineErrors() throws Exception {
        Run r = run("score", tmp.resolve("nope.json").toString());
        assertEquals(1, r.code());
        assertTrue(r.err().contains("SC-READ-FILE"), r.err());
        Path deep = tmp.resolve("deep.json");
        Files.writeString(deep, "{\"a\":" + "[".repeat(100_000));
        r = run("score", deep.toString());
        assertEquals(1, r.code());
        assertEquals(2, r.errLines().size(), r.err());
    }

    @Test
    void aRepoThatIsNotAFolderIsOneError() throws Exception {
        Run r = run("score", resource("example-scorecard.json").toString(), "--repo", tmp.resolve("missing").toString());
        assertEquals(1, r.code());
        assertEquals(List.of("assay card: --repo " + tmp.resolve("missing") + " is not a folder"), r.errLines());
    }

    @Test
    void draftsEvidenceFromARepository() throws Exception {
        Path project = tmp.resolve("project");
        Files.createDirectories(project.resolve("src"));
        Files.writeString(project.resolve("src/agent.py"), "import subprocess\n\ndef run(cmd):\n    return subprocess.run(cmd, shell=True)\n");
        Run r = run("draft", project.toString());
        assertEquals(0, r.code(), r.err());
        JsonNode draft = new ObjectMapper().readTree(r.out());
        assertTrue(draft.isObject() && draft.has("criteria"), r.out());
        Run missing = run("draft", tmp.resolve("nowhere").toString());
        assertEquals(1, missing.code());
        assertTrue(missing.err().startsWith("assay card: "), missing.err());
    }

    @Test
    void rescoresPublishedEntries() throws Exception {
        Run r = run("rescore", resource("scores-context7.json").toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("Total 6.5 of 10.0: Moderate"), r.out());
        assertTrue(r.out().contains("Published score: 6.5 (reproduced)"), r.out());
        Run json = run("rescore", resource("scores-babyagi.json").toString(), "--format", "json");
        assertEquals(0, json.code());
        assertEquals(1.3, new ObjectMapper().readTree(json.out()).path("score").asDouble());
    }

    @Test
    void aRescoreThatDoesNotReproduceExitsTwo() throws Exception {
        ObjectNode entry = (ObjectNode) new ObjectMapper().readTree(Fixtures.bytes("scores-exa-mcp.json"));
        entry.put("score", 9.9);
        Path file = tmp.resolve("changed.json");
        Files.writeString(file, entry.toString());
        Run r = run("rescore", file.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("recomputed score 5.7 differs from the published 9.9"), r.err());
    }

    @Test
    void catalogAndExample() throws Exception {
        Run catalog = run("catalog", "--format", "json");
        assertEquals(0, catalog.code());
        assertEquals(10, new ObjectMapper().readTree(catalog.out()).path("criteria").size());
        Run text = run("catalog");
        assertTrue(text.out().contains("C10  Limits & kill switch"), text.out());
        Run example = run("example");
        assertEquals(0, example.code());
        JsonNode template = new ObjectMapper().readTree(example.out());
        assertEquals(10, template.path("criteria").size());
    }

    @Test
    void usageErrorsAreReportedByPicocli() {
        // Standalone, picocli answers a usage error with its own code; the assay launcher maps it to 1.
        Run missing = run("score");
        assertEquals(CommandLine.ExitCode.USAGE, missing.code());
        assertTrue(missing.err().contains("Missing required parameter: 'SCORECARD'"), missing.err());
        Run format = run("score", "a.json", "--format", "xml");
        assertEquals(CommandLine.ExitCode.USAGE, format.code());
        assertTrue(format.err().contains("xml"), format.err());
    }
}
