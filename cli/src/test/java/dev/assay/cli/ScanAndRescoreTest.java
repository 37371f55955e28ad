package dev.assay.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.model.Report;
import dev.assay.engine.model.Severity;
import dev.assay.engine.report.ReportReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Whole runs of {@code assay scan} and {@code assay rescore} on a small agent home with a critical misconfiguration. */
class ScanAndRescoreTest {

    @TempDir
    Path dir;

    Path home;
    Path out;

    @BeforeEach
    void createHome() throws IOException {
        home = Files.createDirectories(dir.resolve("openclaw-home"));
        // A gateway reachable from the LAN with authentication off: critical under agent-security.
        Files.writeString(home.resolve("openclaw.json"), "{\n"
                + "  \"gateway\": {\n"
                + "    \"bind\": \"lan\",\n"
                + "    \"auth\": { \"mode\": \"none\" }\n"
                + "  }\n"
                + "}\n", StandardCharsets.UTF_8);
        out = Files.createDirectories(dir.resolve("out"));
    }

    static Report parse(String json) throws Exception {
        try (InputStream in = new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8))) {
            return ReportReader.read(in);
        }
    }

    static Report read(Path file) throws Exception {
        try (InputStream in = Files.newInputStream(file)) {
            return ReportReader.read(in);
        }
    }

    @Test
    void scanWritesAJsonReportWithACriticalFinding() throws Exception {
        Cli.Result r = Cli.run("scan", home.toString(), "--format", "json");
        assertEquals(ExitCode.OK, r.code(), r.err());
        assertEquals("", r.err());
        Report report = parse(r.out());
        assertEquals(Defaults.SCORER, report.scorer());
        assertNotNull(report.score());
        assertTrue(report.findings().stream().anyMatch(f -> f.severity() == Severity.CRITICAL),
                () -> "a critical finding in " + r.out());
    }

    @Test
    void defaultFormatIsText() {
        Cli.Result r = Cli.run("scan", home.toString());
        assertEquals(ExitCode.OK, r.code(), r.err());
        assertFalse(r.out().isBlank());
        assertFalse(r.out().startsWith("{"), "text, not JSON");
    }

    @Test
    void everyFormatRenders() {
        for (String format : List.of("json", "text", "sarif", "markdown", "JSON")) {
            Cli.Result r = Cli.run("scan", home.toString(), "--format", format);
            assertEquals(ExitCode.OK, r.code(), () -> format + ": " + r.err());
            assertFalse(r.out().isBlank(), format);
        }
    }

    @Test
    void outputFileHoldsTheReportAndStdoutStaysEmpty() throws Exception {
        Path file = out.resolve("report.json");
        Cli.Result r = Cli.run("scan", home.toString(), "--format", "json", "--output", file.toString());
        assertEquals(ExitCode.OK, r.code(), r.err());
        assertEquals("", r.out());
        assertEquals(Defaults.SCORER, read(file).scorer());
        assertEquals(List.of(file), listing(out), "no temporary file left beside the report");
    }

    @Test
    void failedRunLeavesTheOldOutputFileUntouched() throws Exception {
        Path file = out.resolve("report.json");
        Files.writeString(file, "previous report\n", StandardCharsets.UTF_8);
        Cli.Result r = Cli.run("scan", dir.resolve("missing").toString(), "--output", file.toString());
        assertEquals(ExitCode.ERROR, r.code());
        assertEquals("previous report\n", Files.readString(file, StandardCharsets.UTF_8));
        assertEquals(List.of(file), listing(out));
    }

    @Test
    void failedRescoreLeavesNoOutputFile() throws Exception {
        Path garbage = dir.resolve("garbage.json");
        Files.writeString(garbage, "{\"schemaVersion\": \"1.0\", \"score\": ", StandardCharsets.UTF_8);
        Path file = out.resolve("rescored.json");
        Cli.Result r = Cli.run("rescore", garbage.toString(), "--output", file.toString());
        assertEquals(ExitCode.ERROR, r.code());
        assertEquals(List.of(), listing(out));
    }

    @Test
    void outputIntoMissingFolderIsOneLineError() {
        Path file = out.resolve("no-such-folder").resolve("report.json");
        Cli.Result r = Cli.run("scan", home.toString(), "--output", file.toString());
        UsageErrorsTest.assertOneLineError(r, "cannot write");
    }

    @Test
    void outputOntoAFolderIsOneLineError() {
        Cli.Result r = Cli.run("scan", home.toString(), "--output", out.toString());
        UsageErrorsTest.assertOneLineError(r, "it is a folder");
    }

    @Test
    void rescoreWithTheNamedFormulaReproducesTheReportExactly() throws Exception {
        Path file = out.resolve("report.json");
        assertEquals(ExitCode.OK, Cli.run("scan", home.toString(), "--format", "json", "-o", file.toString()).code());
        String original = Files.readString(file, StandardCharsets.UTF_8);

        Cli.Result r = Cli.run("rescore", file.toString(), "--format", "json");
        assertEquals(ExitCode.OK, r.code(), r.err());
        assertEquals("", r.err());
        assertEquals(original, r.out(), "same findings and formula version give a byte-identical report");

        Report before = read(file);
        Report after = parse(r.out());
        assertEquals(0, before.score().compareTo(after.score()));
        assertEquals(before.formulaHash(), after.formulaHash());
    }

    @Test
    void rescoreWithExplicitSameFormulaAndFromStdinGivesTheSameScore() throws Exception {
        Path file = out.resolve("report.json");
        assertEquals(ExitCode.OK, Cli.run("scan", home.toString(), "--format", "json", "-o", file.toString()).code());
        Report before = read(file);
        String ref = before.formula() + "@" + before.formulaVersion();
        Cli.Result r = Cli.runWithInput(Files.readAllBytes(file), "rescore", "-", "--formula", ref, "--format", "json");
        assertEquals(ExitCode.OK, r.code(), r.err());
        assertEquals(0, before.score().compareTo(parse(r.out()).score()));
    }

    @Test
    void rescoreOfSarifIsRefusedWithAHint() throws Exception {
        Path sarif = out.resolve("report.sarif");
        assertEquals(ExitCode.OK, Cli.run("scan", home.toString(), "--format", "sarif", "-o", sarif.toString()).code());
        UsageErrorsTest.assertOneLineError(Cli.run("rescore", sarif.toString()), "SARIF");
    }

    @Test
    void rescoreWithUnknownFormulaIsOneLine() throws Exception {
        Path file = out.resolve("report.json");
        assertEquals(ExitCode.OK, Cli.run("scan", home.toString(), "--format", "json", "-o", file.toString()).code());
        UsageErrorsTest.assertOneLineError(Cli.run("rescore", file.toString(), "--formula", "no-such-formula@3"),
                "no-such-formula");
    }

    @Test
    void failOnTripsOnACriticalFindingAndStillWritesTheReport() throws Exception {
        Cli.Result r = Cli.run("scan", home.toString(), "--format", "json", "--fail-on", "high");
        assertEquals(ExitCode.GATE, r.code(), r.err());
        assertEquals(Defaults.SCORER, parse(r.out()).scorer());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().startsWith("assay: gate tripped: "), r.err());
        assertTrue(r.err().contains("--fail-on high"), r.err());
    }

    @Test
    void anEmptyTargetHasNothingToScoreAndIsNotAttestable() throws Exception {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        Cli.Result r = Cli.run("scan", empty.toString(), "--scorer", "agent-security-score", "--format", "json",
                "--fail-on", "info");
        assertEquals(ExitCode.NOTHING_TO_SCORE, r.code(), r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().startsWith("assay: no agent installation found in "), r.err());
        assertTrue(r.err().strip().endsWith(": nothing to score"), r.err());
        Report report = parse(r.out());
        assertFalse(report.attestation().eligible());
        assertEquals(List.of(r.err().strip().substring("assay: ".length())), report.attestation().reasons());

        Path unrelated = Files.createDirectories(dir.resolve("unrelated"));
        Files.writeString(unrelated.resolve("notes.txt"), "shopping list\n");
        Cli.Result text = Cli.run("scan", unrelated.toString(), "--scorer", "agent-security-score");
        assertEquals(ExitCode.NOTHING_TO_SCORE, text.code(), text.err());
        assertTrue(text.out().replaceAll("\\s+", " ").contains("nothing to score"), text.out());
        // the formula's value for an empty target (100, excellent) must not read as a clean result
        assertTrue(text.out().replaceAll("\\s+", " ").contains("score not scored (nothing to score)"), text.out());
        assertFalse(text.out().contains("excellent"), text.out());
        Cli.Result markdown = Cli.run("scan", unrelated.toString(), "--scorer", "agent-security-score", "--format",
                "markdown");
        assertTrue(markdown.out().contains("| Score | not scored (nothing to score) |"), markdown.out());
        assertFalse(markdown.out().contains("excellent"), markdown.out());
        Cli.Result html = Cli.run("scan", unrelated.toString(), "--scorer", "agent-security-score", "--format", "html");
        assertTrue(html.out().contains(">not scored<"), html.out());
        assertFalse(html.out().contains(">excellent<"), html.out()); // the stylesheet names the level, the page must not

        Cli.Result component = Cli.run("scan", empty.toString(), "--scorer", "skilltotal");
        assertEquals(ExitCode.NOTHING_TO_SCORE, component.code(), component.err());
        assertTrue(component.err().contains("no files to analyse in "), component.err());
        assertEquals(1, component.errLines().size(), component.err());
        assertTrue(component.out().replaceAll("\\s+", " ").contains("verdict no files to analyse in "), component.out());
        Cli.Result componentJson = Cli.run("scan", empty.toString(), "--scorer", "skilltotal", "--format", "json",
                "--fail-under", "99");
        assertEquals(ExitCode.NOTHING_TO_SCORE, componentJson.code(), "gates are not evaluated: " + componentJson.err());
        Report componentReport = parse(componentJson.out());
        assertFalse(componentReport.attestation().eligible());
        assertEquals(List.of(componentJson.err().strip().substring("assay: ".length())),
                componentReport.attestation().reasons());
    }

    @Test
    void failUnderComparesWithTheScore() throws Exception {
        Cli.Result json = Cli.run("scan", home.toString(), "--format", "json");
        BigDecimal score = parse(json.out()).score();

        Cli.Result atScore = Cli.run("scan", home.toString(), "--fail-under", score.toPlainString());
        assertEquals(ExitCode.OK, atScore.code(), "a score equal to the threshold passes; " + atScore.err());

        Cli.Result above = Cli.run("scan", home.toString(), "--fail-under", score.add(BigDecimal.ONE).toPlainString());
        assertEquals(ExitCode.GATE, above.code(), above.err());
        assertTrue(above.err().contains("is below"), above.err());
        assertFalse(above.out().isBlank(), "the report is still written");
    }

    @Test
    void gatesApplyToRescoreToo() throws Exception {
        Path file = out.resolve("report.json");
        assertEquals(ExitCode.OK, Cli.run("scan", home.toString(), "--format", "json", "-o", file.toString()).code());
        assertEquals(ExitCode.GATE, Cli.run("rescore", file.toString(), "--fail-on", "critical").code());
        assertEquals(ExitCode.GATE, Cli.run("rescore", file.toString(), "--fail-under", "1000").code());
    }

    @Test
    void comparisonLineShowsOldAndNewScore() throws Exception {
        Report before = parse(Cli.run("scan", home.toString(), "--format", "json").out());
        Report after = new Report(before.schemaVersion(), before.scannerVersion(), before.scorer(), before.formula(),
                before.formulaVersion() + 1, "sha256:other", before.pack(), before.packVersion(), before.rulesHash(),
                before.target(), new BigDecimal("12.5"), "poor", before.attestation(), before.verdict(),
                before.counts(), before.findings(), before.needsReview(), before.capabilities(), before.coverage(),
                before.generatedAt());
        String line = RescoreCommand.comparison(before, after);
        String f = before.formula();
        assertEquals("Rescored: " + f + "@" + before.formulaVersion() + " -> " + f + "@" + (before.formulaVersion() + 1)
                + ": score " + before.score().toPlainString() + " -> 12.5, level "
                + (before.level().isBlank() ? "none" : before.level()) + " -> poor", line);
    }

    private static List<Path> listing(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.sorted().toList();
        }
    }
}
