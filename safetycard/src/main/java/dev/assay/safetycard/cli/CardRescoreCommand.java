package dev.assay.safetycard.cli;

import dev.assay.engine.formula.FormulaException;
import dev.assay.engine.pack.PackException;
import dev.assay.safetycard.SafetyCard;
import dev.assay.safetycard.read.ScorecardException;
import dev.assay.safetycard.render.ScoreTable;
import dev.assay.safetycard.rescore.EntryRescorer;
import dev.assay.safetycard.score.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code card rescore}: recomputes a published website entry (schema 2.0) with the SafetyCard formula and prints the
 * table or the recomputed entry. When the recomputed total differs from the published one it says so on stderr and
 * exits 2.
 */
@Command(name = "rescore", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        description = {"Recompute a published SafetyCard entry (entry schema 2.0).", ""})
public final class CardRescoreCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "ENTRY", description = "A published entry JSON file.")
    Path entry;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "What to print: text (the score table, default) or json (the recomputed entry).")
    OutputFormat format;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        byte[] bytes;
        try {
            if (!Files.isRegularFile(entry)) {
                CardOutput.problem(err, "cannot read entry " + entry + ": not a file");
                return ExitCodes.ERROR;
            }
            if (Files.size(entry) > EntryRescorer.MAX_BYTES) {
                CardOutput.problem(err, "entry " + entry + " is larger than " + EntryRescorer.MAX_BYTES + " bytes");
                return ExitCodes.ERROR;
            }
            try (InputStream in = Files.newInputStream(entry)) {
                bytes = in.readNBytes((int) EntryRescorer.MAX_BYTES + 1);
            }
        } catch (NoSuchFileException e) {
            CardOutput.problem(err, "entry not found: " + entry);
            return ExitCodes.ERROR;
        } catch (IOException e) {
            CardOutput.problem(err, "cannot read entry " + entry + ": " + CardOutput.reason(e));
            return ExitCodes.ERROR;
        }
        SafetyCard card;
        try {
            card = SafetyCard.shipped();
        } catch (PackException | FormulaException e) {
            CardOutput.problem(err, "cannot load the SafetyCard formula: " + e.getMessage());
            return ExitCodes.ERROR;
        }
        EntryRescorer.Rescored r;
        try {
            r = card.rescorer().rescore(bytes);
        } catch (ScorecardException e) {
            CardOutput.problem(err, entry.getFileName() + ": " + e.getMessage());
            return ExitCodes.ERROR;
        }
        if (format == OutputFormat.json) {
            out.print(Json.pretty(r.entry()));
        } else {
            out.print(ScoreTable.render(new ScoreTable.Heading(r.published().path("name").asText(),
                    r.published().path("repo_url").asText(), r.published().path("pinned_commit").asText(),
                    r.published().path("scored_date").asText()), card.formula(), r.result()));
            out.println("Published score: " + r.publishedScore().toPlainString()
                    + (r.reproduced() ? " (reproduced)" : " (differs)"));
        }
        out.flush();
        if (!r.reproduced()) {
            CardOutput.problem(err, entry.getFileName() + ": recomputed score " + r.result().score().toPlainString()
                    + " differs from the published " + r.publishedScore().toPlainString());
            return ExitCodes.GATE;
        }
        return ExitCodes.OK;
    }
}
