package dev.assay.safetycard.cli;

import dev.assay.engine.formula.FormulaException;
import dev.assay.safetycard.catalog.Catalog;
import dev.assay.safetycard.catalog.FormulaInfo;
import dev.assay.safetycard.render.ScorecardTemplate;
import dev.assay.safetycard.score.Json;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code card example}: the authoring template. Scoring it unchanged lists, one line each, everything the reviewer
 * still has to fill in.
 */
@Command(name = "example", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
        description = {"Print a scorecard template to fill in.", ""})
public final class CardExampleCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        Catalog catalog = Catalog.shipped();
        try {
            spec.commandLine().getOut().print(Json.pretty(ScorecardTemplate.build(catalog, FormulaInfo.shipped(catalog.formula()))));
        } catch (FormulaException e) {
            CardOutput.problem(spec.commandLine().getErr(), "cannot load formula " + catalog.formula() + ": " + e.getMessage());
            return ExitCodes.ERROR;
        }
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }
}
