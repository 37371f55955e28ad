package dev.assay.safetycard.cli;

import dev.assay.engine.formula.FormulaException;
import dev.assay.engine.pack.PackException;
import dev.assay.safetycard.SafetyCard;
import dev.assay.safetycard.read.ScorecardDocument;
import dev.assay.safetycard.score.Json;
import dev.assay.safetycard.validate.Violation;
import dev.assay.safetycard.verify.RepoVerification;
import dev.assay.safetycard.verify.Verifications;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code card score}: validates a scorecard with the validation rule pack, optionally verifies its evidence against
 * the reviewed repository, scores it with the SafetyCard formula and prints the table (or the entry JSON). Every error
 * and warning is printed, one line each, before anything is scored; with any error nothing is scored or written.
 */
@Command(name = "score", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        description = {"Validate, verify and score a SafetyCard scorecard.", ""})
public final class CardScoreCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SCORECARD", description = "The scorecard JSON file.")
    Path scorecard;

    @Option(names = "--repo", paramLabel = "DIR",
            description = "A clone of the reviewed repository at the pinned commit; every citation and search is checked.")
    Path repo;

    @Option(names = "--entry", paramLabel = "FILE", description = "Write the website entry (entry.json) here.")
    Path entryFile;

    @Option(names = "--report", paramLabel = "FILE", description = "Write the report (report.md) here.")
    Path reportFile;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "What to print: text (the score table, default) or json (the entry).")
    OutputFormat format;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (repo != null && !Files.isDirectory(repo)) {
            CardOutput.problem(err, "--repo " + repo + " is not a folder");
            return ExitCodes.ERROR;
        }
        SafetyCard card;
        try {
            card = SafetyCard.shipped();
        } catch (PackException | FormulaException e) {
            CardOutput.problem(err, "cannot load the SafetyCard rules: " + e.getMessage());
            return ExitCodes.ERROR;
        }
        ScorecardDocument doc = card.reader().read(scorecard);
        SafetyCard.Outcome outcome = card.score(doc);
        List<Violation> all = new ArrayList<>(outcome.validation().violations());
        boolean verified = false;
        if (outcome.scored() && repo != null) {
            RepoVerification verifier = Verifications.available();
            List<Violation> found = card.verify(doc, outcome.card(), repo, verifier);
            all.addAll(found);
            verified = found.isEmpty();
        }
        List<Violation> errors = all.stream().filter(Violation::isError).sorted().toList();
        List<Violation> warnings = all.stream().filter(v -> !v.isError()).sorted().toList();
        for (Violation v : errors) {
            err.println(doc.name() + ": " + v.render());
        }
        for (Violation v : warnings) {
            err.println(doc.name() + ": " + v.render());
        }
        if (!errors.isEmpty() || !outcome.scored() || outcome.entry() == null) {
            err.println(doc.name() + ": " + count(errors.size(), "error") + ", " + count(warnings.size(), "warning")
                    + "; not scored");
            err.flush();
            return ExitCodes.ERROR;
        }
        err.flush();
        try {
            if (entryFile != null) {
                CardOutput.writeAtomically(entryFile, Json.pretty(outcome.entry()));
            }
            if (reportFile != null) {
                CardOutput.writeAtomically(reportFile, card.report(outcome.card(), outcome.result(), warnings, verified));
            }
        } catch (IOException e) {
            CardOutput.problem(err, "cannot write output: " + CardOutput.reason(e));
            return ExitCodes.ERROR;
        }
        out.print(format == OutputFormat.json ? Json.pretty(outcome.entry()) : card.table(outcome.card(), outcome.result()));
        out.flush();
        return ExitCodes.OK;
    }

    private static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}
