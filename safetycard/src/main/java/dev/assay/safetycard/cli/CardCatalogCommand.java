package dev.assay.safetycard.cli;

import dev.assay.engine.formula.FormulaException;
import dev.assay.safetycard.catalog.Catalog;
import dev.assay.safetycard.catalog.FormulaInfo;
import dev.assay.safetycard.render.CatalogOutput;
import dev.assay.safetycard.score.Json;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code card catalog}: the ten criteria with questions, anchors, caps, where to look, and the formula's numbers. */
@Command(name = "catalog", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
        description = {"Print the SafetyCard criteria catalog.", ""})
public final class CardCatalogCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text (default) or json (criteria[], parameters, levels, caps, bands).")
    OutputFormat format;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Catalog catalog = Catalog.shipped();
        FormulaInfo formula;
        try {
            formula = FormulaInfo.shipped(catalog.formula());
        } catch (FormulaException e) {
            CardOutput.problem(spec.commandLine().getErr(), "cannot load formula " + catalog.formula() + ": " + e.getMessage());
            return ExitCodes.ERROR;
        }
        out.print(format == OutputFormat.json ? Json.pretty(CatalogOutput.json(catalog, formula))
                : CatalogOutput.text(catalog, formula));
        out.flush();
        return ExitCodes.OK;
    }
}
