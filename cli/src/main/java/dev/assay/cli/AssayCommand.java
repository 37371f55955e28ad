package dev.assay.cli;

import dev.assay.engine.ScannerVersion;
import dev.assay.safetycard.cli.CardCommand;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The top-level {@code assay} command; it only dispatches to its verbs. The verbs are added by {@link Main#commandLine},
 * not listed here, so that a run that names one builds the option model of that verb alone.
 */
@Command(name = "assay", versionProvider = AssayCommand.Version.class,
        usageHelpAutoWidth = true,
        description = {
            "Reproducible security scores for AI agents, agent skills and MCP servers.",
            "The same target, rule pack and formula always give the same report, and the report names the versions "
                    + "and hashes that produced it.",
            ""
        },
        commandListHeading = "%nCommands:%n",
        footerHeading = "%nExit codes:%n",
        footer = {
            "  0  success",
            "  1  bad input or usage; one line on stderr says what",
            "  2  a --fail-on or --fail-under gate tripped"
        })
final class AssayCommand implements Callable<Integer> {

    /** The verbs, in the order the help lists them. */
    static final List<Class<?>> VERBS = List.of(ScanCommand.class, RescoreCommand.class, DiffCommand.class,
            PackCommand.class, CardCommand.class, BaselineCommand.class, InventoryCommand.class);

    @Spec
    CommandSpec spec;

    @Mixin
    HelpOptions helpOptions;

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "missing command: scan, rescore, diff or pack");
    }

    /** {@code --version} prints the scanner version that reports carry in {@code scannerVersion}. */
    static final class Version implements IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {ScannerVersion.get()};
        }
    }
}
