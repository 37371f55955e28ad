package dev.assay.cli;

import dev.assay.engine.model.Report;
import dev.assay.engine.triage.Baseline;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code assay baseline create REPORT -o FILE}: accept what a report holds today. */
@Command(name = "baseline", sortOptions = false, usageHelpAutoWidth = true,
        description = {"Baselines: accept the findings a project has today, so that CI fails only on new ones.", ""},
        subcommands = {BaselineCommand.Create.class})
final class BaselineCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    HelpOptions helpOptions;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return ExitCode.ERROR;
    }

    @Command(name = "create", sortOptions = false, usageHelpAutoWidth = true,
            description = {"Write the fingerprints of a JSON report's active findings to a baseline file.",
                "Then 'assay scan TARGET --baseline FILE' lists those findings as baseline and scores the rest.", ""})
    static final class Create implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "REPORT", description = "A report written with --format json (- reads standard input).")
        String report;

        @Option(names = {"-o", "--output"}, paramLabel = "FILE",
                description = "Write the baseline to FILE (replaced in one step) instead of standard output.")
        Path output;

        @Mixin
        HelpOptions helpOptions;

        @Override
        public Integer call() throws UserError {
            OutputOptions out = new OutputOptions();
            out.output = output;
            out.check();
            Report r = ReportInput.read(report, System.in);
            out.emit(Baseline.of(r).toJson(), spec.commandLine().getOut());
            return ExitCode.OK;
        }
    }
}
