package dev.assay.cli;

import dev.assay.engine.Rescorer;
import dev.assay.engine.formula.Formula;
import dev.assay.engine.formula.FormulaException;
import dev.assay.engine.model.Report;
import dev.assay.engine.report.ReportFormat;
import java.io.InputStream;
import java.math.BigDecimal;
import java.util.Objects;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code assay rescore}: recomputes a JSON report's score from the findings it holds, with the formula version it names
 * or another one. Nothing is scanned again.
 */
@Command(name = "rescore", versionProvider = AssayCommand.Version.class,
        sortOptions = false, usageHelpAutoWidth = true,
        description = {
            "Score a saved report again, without scanning.",
            "",
            "REPORT is a report written with --format json, or - to read one from standard input. "
                    + "With the formula version the report names, the score comes out as it was; with another version "
                    + "you see what that version makes of the same findings.",
            ""
        },
        footerHeading = "%nExit codes:%n",
        footer = {
            "  0  the report was written and no gate tripped",
            "  1  bad input or usage; one line on stderr says what",
            "  2  the report was written and a --fail-on or --fail-under gate tripped"
        })
final class RescoreCommand implements Callable<Integer> {

    /** What {@code REPORT} is when the report comes from standard input. */
    static final String STDIN = "-";

    private final InputStream stdin;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "REPORT", description = "A JSON report file, or - for standard input.")
    String reportFile;

    @Option(names = "--formula", paramLabel = "ID@VERSION",
            description = "Score with this formula version (default: the one the report names).")
    String formula;

    @Mixin
    OutputOptions output;

    @Mixin
    GateOptions gates;

    @Mixin
    HelpOptions helpOptions;

    RescoreCommand(InputStream stdin) {
        this.stdin = Objects.requireNonNull(stdin);
    }

    @Override
    public Integer call() throws UserError {
        output.check();
        Report original = readReport();
        Formula chosen = resolveFormula(original);
        Report rescored = Rescorer.rescore(original, chosen);
        String rendered;
        if (sameFormula(original, chosen) || output.format == ReportFormat.SARIF || output.format == ReportFormat.HTML) {
            rendered = Formats.render(rescored, output.format);
        } else {
            // Another formula version: the old score stays beside the new one, with what moved it.
            rendered = RescoreComparison.render(original, rescored, output.format);
        }
        output.emit(rendered, spec.commandLine().getOut());
        return gates.exitCode(rescored, spec.commandLine().getErr());
    }

    private Report readReport() throws UserError {
        return ReportInput.read(reportFile, stdin);
    }

    private Formula resolveFormula(Report original) throws UserError {
        String ref = formula;
        if (ref == null) {
            if (original.formula() == null || original.formula().isBlank()) {
                throw new UserError("the report names no formula; choose one with --formula ID@VERSION");
            }
            ref = original.formula() + "@" + original.formulaVersion();
        }
        Formula resolved;
        try {
            resolved = SharedRegistries.formulas().resolve(ref);
        } catch (FormulaException e) {
            throw new UserError(e.getMessage(), e);
        }
        if (sameFormula(original, resolved) && !Objects.equals(original.formulaHash(), resolved.hash())) {
            // A released formula version is never edited, so this means the report came from a modified build.
            Main.printError(spec.commandLine().getErr(), "note: formula " + resolved.id() + "@" + resolved.version()
                    + " here has hash " + resolved.hash() + ", but the report was scored with "
                    + original.formulaHash() + "; the scores may differ");
        }
        return resolved;
    }

    private static boolean sameFormula(Report report, Formula formula) {
        return Objects.equals(report.formula(), formula.id()) && report.formulaVersion() == formula.version();
    }

    /** The line that leads a text report scored with another formula: what changed, old value first. */
    static String comparison(Report before, Report after) {
        return "Rescored: " + Messages.oneLine(before.formula()) + "@" + before.formulaVersion() + " -> "
                + Messages.oneLine(after.formula()) + "@" + after.formulaVersion() + ": score " + score(before.score()) + " -> " + score(after.score())
                + ", level " + level(before.level()) + " -> " + level(after.level());
    }

    private static String score(BigDecimal score) {
        return score == null ? "none" : score.toPlainString();
    }

    private static String level(String level) {
        return level == null || level.isBlank() ? "none" : Messages.oneLine(level);
    }
}
