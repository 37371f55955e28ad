package dev.assay.cli;

import dev.assay.engine.ScanException;
import dev.assay.engine.Scanner;
import dev.assay.engine.model.Report;
import dev.assay.engine.pack.PackException;
import dev.assay.engine.report.ReportWriters;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code assay scan}: one target, one pack, one formula, one report. */
@Command(name = "scan", versionProvider = AssayCommand.Version.class,
        sortOptions = false, usageHelpAutoWidth = true,
        description = {
            "Scan a target and write its report.",
            "",
            "TARGET is an agent home such as ~/.openclaw, a project folder, a single file or an archive. "
                    + "Nothing in it is run, installed or fetched; files that are skipped are listed in the report's coverage.",
            ""
        },
        footerHeading = "%nExit codes:%n",
        footer = {
            "  0  the report was written and no gate tripped",
            "  1  bad input or usage; one line on stderr says what",
            "  2  the report was written and a --fail-on or --fail-under gate tripped"
        })
final class ScanCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "TARGET", description = "The folder, file or archive to scan.")
    String target;

    @Option(names = "--scorer", paramLabel = "ID",
            description = "Score with the newest shipped rule pack of this scorer (default: " + Defaults.SCORER
                    + ", unless --pack is given).")
    String scorer;

    @Option(names = "--pack", paramLabel = "ID@VERSION|PATH",
            description = "Use this rule pack: a shipped one by id, or id@version for an exact version, "
                    + "or a pack folder on disk. A pack folder is code to the rule engine: use only packs you trust.")
    String pack;

    @Option(names = "--formula", paramLabel = "ID@N",
            description = "Score with this formula version instead of the one the rule pack names.")
    String formula;

    @Mixin
    OutputOptions output;

    @Mixin
    GateOptions gates;

    @Mixin
    HelpOptions helpOptions;

    @Override
    public Integer call() throws UserError {
        Path path = targetPath();
        output.check();
        Scanner scanner = buildScanner();
        Report report;
        try {
            report = scanner.scan(path);
        } catch (ScanException e) {
            throw new UserError(e.getMessage(), e);
        }
        output.emit(ReportWriters.render(report, output.format), spec.commandLine().getOut());
        return gates.exitCode(report, spec.commandLine().getErr());
    }

    /** Checked before the rule pack loads, so that a mistyped path fails in milliseconds rather than after a second. */
    private Path targetPath() throws UserError {
        Path path;
        try {
            path = Path.of(target);
        } catch (InvalidPathException e) {
            throw new UserError("invalid target path " + Messages.quoted(target), e);
        }
        if (!Files.exists(path)) {
            throw new UserError("target not found: " + Messages.quoted(target));
        }
        return path;
    }

    private Scanner buildScanner() throws UserError {
        Scanner.Builder builder = Scanner.builder();
        String scorerId = scorer != null ? scorer : pack == null ? Defaults.SCORER : null;
        if (scorerId != null) {
            builder.scorer(scorerId);
        }
        if (pack != null) {
            builder.pack(pack);
        }
        if (formula != null) {
            builder.formula(formula);
        }
        try {
            if (pack == null) {
                builder.registries(SharedRegistries.packs(), SharedRegistries.formulas());
            }
            return builder.build();
        } catch (PackException e) {
            throw new UserError(e.getMessage(), e);
        } catch (ScanException e) {
            throw new UserError(e.getMessage(), e);
        } catch (InvalidPathException e) {
            throw new UserError("invalid rule pack path " + Messages.quoted(pack), e);
        }
    }
}
