package dev.assay.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.ScannerVersion;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad usage and bad input: exit code 1, one line on stderr starting "assay: ", nothing on stdout, no stack trace. */
class UsageErrorsTest {

    @TempDir
    Path dir;

    static void assertOneLineError(Cli.Result r, String expectedFragment) {
        assertEquals(ExitCode.ERROR, r.code(), () -> "exit code; stderr was: " + r.err());
        assertEquals("", r.out(), "nothing on stdout");
        assertEquals(1, r.errLines().size(), () -> "exactly one line on stderr, got: " + r.err());
        String line = r.errLines().get(0);
        assertTrue(line.startsWith("assay: "), line);
        assertTrue(line.contains(expectedFragment), () -> "'" + expectedFragment + "' in: " + line);
        assertFalse(line.contains("Exception") || line.contains("\tat ") || line.contains("Error:"), line);
    }

    @Test
    void noCommandIsAUsageError() {
        assertOneLineError(Cli.run(), "missing command");
    }

    @Test
    void unknownCommandIsNamed() {
        assertOneLineError(Cli.run("scna", "."), "unknown command 'scna'");
    }

    @Test
    void unknownOptionIsAUsageError() {
        assertOneLineError(Cli.run("scan", dir.toString(), "--colour"), "--colour");
    }

    @Test
    void missingTargetArgumentIsAUsageError() {
        assertOneLineError(Cli.run("scan"), "TARGET");
    }

    @Test
    void missingTargetIsOneLineWithoutTrace() {
        Path missing = dir.resolve("no-such-home");
        assertOneLineError(Cli.run("scan", missing.toString()), "target not found");
    }

    @Test
    void unknownFormatIsRejectedBeforeScanning() {
        assertOneLineError(Cli.run("scan", dir.toString(), "--format", "xml"), "unknown report format 'xml'");
    }

    @Test
    void unknownSeverityForFailOnIsRejected() {
        assertOneLineError(Cli.run("scan", dir.toString(), "--fail-on", "severe"), "unknown severity 'severe'");
    }

    @Test
    void nonNumericFailUnderIsRejected() {
        assertOneLineError(Cli.run("scan", dir.toString(), "--fail-under", "eighty"), "--fail-under");
    }

    @Test
    void repeatedOptionIsRejected() {
        assertOneLineError(Cli.run("scan", dir.toString(), "--format", "json", "--format", "text"), "--format");
    }

    @Test
    void unknownPackIsOneLine() {
        assertOneLineError(Cli.run("scan", dir.toString(), "--pack", "no-such-pack@9.9.9"), "no-such-pack");
    }

    @Test
    void packFolderWithoutPackIsOneLine() {
        Path empty = dir.resolve("not-a-pack");
        Cli.Result r = Cli.run("scan", dir.toString(), "--pack", empty + "/");
        assertEquals(ExitCode.ERROR, r.code());
        assertEquals(1, r.errLines().size(), r.err());
    }

    @Test
    void unknownScorerIsOneLine() {
        assertOneLineError(Cli.run("scan", dir.toString(), "--scorer", "no-such-scorer"), "no-such-scorer");
    }

    @Test
    void unknownFormulaIsOneLine() {
        assertOneLineError(Cli.run("scan", dir.toString(), "--formula", "no-such-formula@1"), "no-such-formula");
    }

    @Test
    void missingReportIsOneLine() {
        assertOneLineError(Cli.run("rescore", dir.resolve("report.json").toString()), "report not found");
    }

    @Test
    void reportThatIsNotJsonIsOneLine() throws IOException {
        Path notJson = dir.resolve("report.json");
        Files.writeString(notJson, "<html>\n<body>not a report</body>\n", StandardCharsets.UTF_8);
        assertOneLineError(Cli.run("rescore", notJson.toString()), "not valid JSON");
    }

    @Test
    void reportFromStdinThatIsNotAReportIsOneLine() {
        assertOneLineError(Cli.runWithInput("{\"hello\": 1}".getBytes(StandardCharsets.UTF_8), "rescore", "-"),
                "standard input");
    }

    @Test
    void folderGivenAsReportIsOneLine() {
        assertOneLineError(Cli.run("rescore", dir.toString()), "it is a folder");
    }

    @Test
    void hostileCharactersInArgumentsAreEscapedInTheMessage() {
        Cli.Result r = Cli.run("scan", dir.resolve("evil\u001b[2Jname\nsecond line").toString());
        assertOneLineError(r, "\\x1b[2Jname second line");
    }

    @Test
    void versionPrintsScannerVersionOnly() {
        Cli.Result r = Cli.run("--version");
        assertEquals(ExitCode.OK, r.code());
        assertEquals(ScannerVersion.get() + "\n", r.out());
        assertEquals("", r.err());
    }

    @Test
    void helpGoesToStdoutWithExitZero() {
        Cli.Result r = Cli.run("scan", "--help");
        assertEquals(ExitCode.OK, r.code());
        assertTrue(r.out().startsWith("Usage: assay scan"), r.out());
        assertTrue(r.out().contains("--fail-under"), r.out());
        assertEquals("", r.err());
    }
}
