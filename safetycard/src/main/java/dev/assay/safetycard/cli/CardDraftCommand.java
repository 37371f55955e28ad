package dev.assay.safetycard.cli;

import dev.assay.safetycard.draft.Drafter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code card draft}: machine-drafted evidence for a reviewer, from the reviewed repository (see {@link Drafter}).
 * Levels stay for the human; every emitted citation and search verifies against the repository by construction.
 */
@Command(name = "draft", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
        description = {"Draft a scorecard's evidence from a repository, for a reviewer to rate.", ""})
public final class CardDraftCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "REPO", description = "A clone of the repository to review (read only).")
    Path repo;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        if (!Files.isDirectory(repo)) {
            CardOutput.problem(err, repo + " is not a folder");
            return ExitCodes.ERROR;
        }
        String draft;
        try {
            draft = Drafter.draft(repo);
        } catch (IOException e) {
            CardOutput.problem(err, "cannot draft from " + repo + ": " + CardOutput.reason(e));
            return ExitCodes.ERROR;
        }
        spec.commandLine().getOut().print(draft);
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }
}
