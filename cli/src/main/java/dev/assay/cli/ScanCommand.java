package dev.assay.cli;

import dev.assay.engine.NothingFound;
import dev.assay.engine.ScanException;
import dev.assay.engine.Scanner;
import dev.assay.engine.ScorerSelector;
import dev.assay.engine.spi.Limits;
import dev.assay.engine.model.Report;
import dev.assay.engine.pack.PackException;
import dev.assay.engine.report.ReportFormat;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code assay scan}: one target, one pack, one formula, one report; or many targets in one process ({@link BatchScan}). */
@Command(name = "scan", versionProvider = AssayCommand.Version.class,
        sortOptions = false, usageHelpAutoWidth = true,
        description = {
            "Scan a target and write its report.",
            "",
            "TARGET is an agent home such as ~/.openclaw, a project folder, a single file or an archive. "
                    + "Nothing in it is run, installed or fetched; files that are skipped are listed in the report's coverage.",
            "",
            "With several targets (or --jobs or --output-dir) the pack is compiled once and each target's report is one "
                    + "line of JSON on standard output, in the order given, or a file in --output-dir. A target that "
                    + "cannot be scanned gives a line {\"target\": …, \"error\": …} and the batch goes on.",
            ""
        },
        footerHeading = "%nExit codes:%n",
        footer = {
            "  0  the report was written and no gate tripped",
            "  1  bad input or usage, or (several targets) a target could not be scanned;",
            "     one line on stderr says what",
            "  2  the report was written and a --fail-on or --fail-under gate tripped",
            "     (several targets: in some report, and no target failed)"
        })
final class ScanCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "TARGET",
            description = "The folder, file or archive to scan. Several targets are scanned in one process with one "
                    + "compiled pack; see --jobs and --output-dir.")
    List<String> targets;

    @Option(names = "--jobs", paramLabel = "N",
            description = "Scan N targets at a time (default 1). Implies batch output: JSON Lines on standard output, "
                    + "or one report per target with --output-dir.")
    Integer jobs;

    @Option(names = "--output-dir", paramLabel = "DIR",
            description = "Write one report per target into DIR (created if missing), in --format, and one JSON line per "
                    + "target naming its file on standard output.")
    String outputDir;

    @Option(names = "--scorer", paramLabel = "ID",
            description = "Score with the newest shipped rule pack of this scorer (default, unless --pack is given: "
                    + "chosen from the first target, agent-security-score for agent installations, skilltotal for "
                    + "components).")
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
    TriageOptions triage;

    @Mixin
    HelpOptions helpOptions;

    @Override
    public Integer call() throws UserError {
        if (targets.size() > 1 || jobs != null || outputDir != null) {
            return batch();
        }
        Path path = targetPath(targets.get(0));
        output.check();
        triage.load();
        Scanner scanner = buildScanner(path);
        Report report;
        try {
            report = triage.apply(scanner.scan(path), scanner.formula());
        } catch (ScanException e) {
            throw new UserError(e.getMessage(), e);
        }
        output.emit(Formats.render(report, output.format), spec.commandLine().getOut());
        String nothing = NothingFound.of(report);
        if (nothing != null) {
            Main.printError(spec.commandLine().getErr(), nothing);
            return ExitCode.NOTHING_TO_SCORE;
        }
        return gates.exitCode(report, spec.commandLine().getErr());
    }

    /** Several targets (or --jobs, --output-dir): one scanner, results in target order; see {@link BatchScan}. */
    private Integer batch() throws UserError {
        int n = jobs == null ? 1 : jobs;
        if (n < 1 || n > 256) {
            throw new ParameterException(spec.commandLine(), "--jobs must be between 1 and 256, not " + n);
        }
        if (output.output != null) {
            throw new ParameterException(spec.commandLine(), "--output writes one report; for several targets use "
                    + "--output-dir DIR, or JSON Lines on standard output");
        }
        if (outputDir == null && spec.commandLine().getParseResult().hasMatchedOption("--format")
                && output.format != ReportFormat.JSON) {
            throw new ParameterException(spec.commandLine(), "several targets go to standard output as JSON Lines; "
                    + "use --output-dir DIR for --format " + output.format.id());
        }
        triage.load();
        Path dir = outputDir == null ? null : BatchScan.prepareOutputDir(outputDir);
        List<Path> paths = BatchScan.paths(targets);
        Scanner scanner = buildScanner(paths.get(0));
        return new BatchScan(scanner, output.format, dir, gates, triage, spec.commandLine().getOut(),
                spec.commandLine().getErr()).run(paths, n);
    }

    private static String chooseScorer(Path target) throws UserError {
        try {
            return ScorerSelector.shipped().select(target, Limits.defaults()).scorer();
        } catch (ScanException e) {
            throw new UserError(e.getMessage(), e);
        }
    }

    /** Checked before the rule pack loads, so that a mistyped path fails in milliseconds rather than after a second. */
    private Path targetPath(String target) throws UserError {
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

    /**
     * Without --scorer and --pack, the scorer follows what the (first) target is: an agent installation gets the
     * Agent Security Score, a component SkillTotal. The decision reads path names only (engine ScorerSelector).
     */
    private Scanner buildScanner(Path firstTarget) throws UserError {
        Scanner.Builder builder = Scanner.builder();
        String scorerId = scorer != null ? scorer : pack == null ? chooseScorer(firstTarget) : null;
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
                SharedRegistries.awaitPrefetch();
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
