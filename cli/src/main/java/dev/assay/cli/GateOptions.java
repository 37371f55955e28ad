package dev.assay.cli;

import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Report;
import dev.assay.engine.model.Severity;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** {@code --fail-on} and {@code --fail-under}: conditions on a finished report that turn the exit code into 2. */
final class GateOptions {

    @Option(names = "--fail-on", paramLabel = "SEVERITY", converter = Converters.SeverityName.class,
            description = "Exit with code 2 when an active finding has this severity or a worse one "
                    + "(critical, high, medium, low or info). Findings that need review do not count.")
    Severity failOn;

    @Option(names = "--fail-under", paramLabel = "SCORE", converter = Converters.Score.class,
            description = "Exit with code 2 when the score is below SCORE. A report without a score fails this gate.")
    BigDecimal failUnder;

    /** Why the report trips a gate, one clause per gate; empty when it passes them all. */
    List<String> tripped(Report report) {
        List<String> reasons = new ArrayList<>();
        if (failOn != null) {
            long hits = report.findings().stream()
                    .filter(f -> Finding.ACTIVE.equals(f.status()))
                    .filter(f -> f.severity() != null && f.severity().atLeast(failOn))
                    .count();
            if (hits > 0) {
                reasons.add(hits + (hits == 1 ? " active finding" : " active findings") + " at " + failOn.id()
                        + (failOn == Severity.CRITICAL ? "" : " or above") + " (--fail-on " + failOn.id() + ")");
            }
        }
        if (failUnder != null) {
            BigDecimal score = report.score();
            if (score == null) {
                reasons.add("the report has no score (--fail-under " + failUnder.toPlainString() + ")");
            } else if (score.compareTo(failUnder) < 0) {
                reasons.add("score " + score.toPlainString() + " is below " + failUnder.toPlainString()
                        + " (--fail-under " + failUnder.toPlainString() + ")");
            }
        }
        return reasons;
    }

    /** Exit code 2 with one line on stderr when a gate trips, otherwise 0. */
    int exitCode(Report report, PrintWriter stderr) {
        List<String> reasons = tripped(report);
        if (reasons.isEmpty()) {
            return ExitCode.OK;
        }
        Main.printError(stderr, "gate tripped: " + String.join("; ", reasons));
        return ExitCode.GATE;
    }
}
