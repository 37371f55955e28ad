package dev.assay.safetycard.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code card}: SafetyCard scorecards. Its verbs validate and score a reviewer's scorecard ({@code score}), recompute a
 * published entry ({@code rescore}), print the criteria catalog ({@code catalog}) and the authoring template
 * ({@code example}), and draft evidence from a repository ({@code draft}). Exit codes: 0 success, 1 bad input or
 * usage (every problem on its own line on stderr), 2 a rescored entry does not reproduce its published score.
 */
@Command(name = "card", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
        subcommands = {CardScoreCommand.class, CardRescoreCommand.class, CardCatalogCommand.class, CardExampleCommand.class,
            CardDraftCommand.class},
        description = {
            "SafetyCard defense-in-depth scorecards: validate, verify, score and render a reviewer's scorecard.json, "
                    + "rescore published entries, and draft evidence for a review.",
            ""
        },
        commandListHeading = "%nCommands:%n",
        footerHeading = "%nExit codes:%n",
        footer = {
            "  0  success (warnings may have been printed)",
            "  1  the scorecard has errors, or bad input or usage; one line per problem on stderr",
            "  2  a rescored entry does not reproduce its published score"
        })
public final class CardCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "missing command: score, rescore, catalog, example or draft");
    }
}
