package dev.assay.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.engine.model.Report;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code assay scan T1 T2 …}: one process, results in order, bad targets as entries, documented exit codes. */
class BatchScanTest {

    @TempDir
    Path dir;

    Path worked;
    Path benign;
    Path missing;

    @BeforeEach
    void targets() {
        worked = DiffCommandTest.WORKED;
        benign = DiffCommandTest.BENIGN;
        missing = dir.resolve("missing");
    }

    private static List<JsonNode> lines(String out) throws Exception {
        List<JsonNode> list = new ArrayList<>();
        for (String l : out.split("\n")) {
            list.add(new ObjectMapper().readTree(l));
        }
        return list;
    }

    @Test
    void jsonLinesInTargetOrderWithAnErrorEntryAndExitOne() throws Exception {
        Cli.Result r = Cli.run("scan", "--pack", "skilltotal@1.1.0", worked.toString(), missing.toString(), benign.toString());
        assertEquals(ExitCode.ERROR, r.code(), r.err());
        List<JsonNode> lines = lines(r.out());
        assertEquals(3, lines.size(), r.out());
        assertEquals(70, lines.get(0).get("score").asInt());
        assertEquals(missing.toString(), lines.get(1).get("target").asText());
        assertTrue(lines.get(1).get("error").asText().length() > 0);
        assertEquals("skilltotal", lines.get(2).get("scorer").asText());
        // Each report line is a complete report that reads back.
        Report first = ScanAndRescoreTest.parse(lines.get(0).toString());
        assertEquals("1.1.0", first.packVersion());
        assertEquals(2, r.errLines().size(), r.err());
        assertTrue(r.errLines().get(0).startsWith("assay: " + missing), r.err());
        assertEquals("assay: 1 of 3 targets could not be scanned", r.errLines().get(1));
    }

    @Test
    void severalJobsGiveTheSameLinesAsOne() throws Exception {
        List<String> args = new ArrayList<>(List.of("scan", "--pack", "skilltotal@1.1.0"));
        for (int i = 0; i < 3; i++) {
            args.add(worked.toString());
            args.add(benign.toString());
        }
        Cli.Result one = Cli.run(args.toArray(String[]::new));
        args.add("--jobs");
        args.add("2");
        Cli.Result two = Cli.run(args.toArray(String[]::new));
        assertEquals(ExitCode.OK, one.code(), one.err());
        assertEquals(ExitCode.OK, two.code(), two.err());
        assertEquals(withoutTime(one.out()), withoutTime(two.out()));
        assertEquals(6, lines(two.out()).size());
    }

    private static List<String> withoutTime(String out) throws Exception {
        List<String> list = new ArrayList<>();
        for (JsonNode n : lines(out)) {
            ((ObjectNode) n).remove("generatedAt");
            list.add(n.toString());
        }
        return list;
    }

    @Test
    void outputDirGetsOneReportPerTargetWithDistinctNamesAndGatesExitTwo() throws Exception {
        Path out = dir.resolve("reports");
        Cli.Result r = Cli.run("scan", "--pack", "skilltotal@1.1.0", worked.toString(), benign.toString(), worked.toString(),
                "--output-dir", out.toString(), "--format", "markdown", "--fail-on", "critical");
        assertEquals(ExitCode.GATE, r.code(), r.err());
        assertTrue(Files.isRegularFile(out.resolve("target.md")), "every fixture folder is named target");
        assertTrue(Files.isRegularFile(out.resolve("target-2.md")));
        assertTrue(Files.isRegularFile(out.resolve("target-3.md")));
        assertTrue(Files.readString(out.resolve("target.md"), StandardCharsets.UTF_8).startsWith("# Assay report"));
        List<JsonNode> lines = lines(r.out());
        assertEquals(out.resolve("target-2.md").toString(), lines.get(1).get("file").asText());
        assertEquals(70, lines.get(0).get("score").asInt());
        assertEquals(1, lines.get(0).get("gates").size(), "the worked example has a critical finding");
        assertEquals(0, lines.get(1).get("gates").size());
        assertEquals(2, r.errLines().size(), r.err());
        assertTrue(r.err().contains("gate tripped: " + worked), r.err());
    }

    @Test
    void batchOutputMistakesAreUsageErrors() {
        UsageErrorsTest.assertOneLineError(Cli.run("scan", worked.toString(), benign.toString(), "--format", "text"),
                "JSON Lines");
        UsageErrorsTest.assertOneLineError(Cli.run("scan", worked.toString(), benign.toString(), "-o",
                dir.resolve("x.json").toString()), "--output-dir");
        UsageErrorsTest.assertOneLineError(Cli.run("scan", worked.toString(), "--jobs", "0"), "--jobs");
        assertFalse(Files.exists(dir.resolve("x.json")));
    }

    @Test
    void oneTargetWithJobsIsABatchOfOne() throws Exception {
        Cli.Result r = Cli.run("scan", "--pack", "skilltotal@1.1.0", worked.toString(), "--jobs", "1");
        assertEquals(ExitCode.OK, r.code(), r.err());
        assertEquals(1, lines(r.out()).size());
    }
}
