package dev.assay.cli;

import dev.assay.engine.ScanException;
import dev.assay.engine.Scanner;
import dev.assay.engine.diff.DiffFormat;
import dev.assay.engine.diff.DiffResult;
import dev.assay.engine.diff.ScoreDiff;
import dev.assay.engine.model.Report;
import dev.assay.engine.pack.PackException;
import dev.assay.engine.pack.PackRegistry;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code assay diff}: the same targets under two rule-pack and/or formula versions, or two saved reports, with every
 * change attributed to a rule, a formula parameter or the input.
 */
@Command(name = "diff", versionProvider = AssayCommand.Version.class, sortOptions = false, usageHelpAutoWidth = true,
        description = {
            "Compare scores across rule-pack and formula versions, or compare two saved reports.",
            "",
            "  assay diff --pack A --pack B TARGET...       two pack versions",
            "  assay diff --formula X --formula Y TARGET... two formula versions",
            "  assay diff OLD.json NEW.json                 two saved JSON reports",
            "",
            "Each target is read once and the same facts are scored by both sides, so what differs is the doing of "
                    + "the pack or the formula. Every finding added, removed or changed is attributed to its rule; the "
                    + "score move is split into steps per rule and per formula parameter. A summary over the targets "
                    + "counts level changes and lists the largest moves and the rules behind them.",
            ""
        },
        footerHeading = "%nExit codes:%n",
        footer = {
            "  0  the diff was written",
            "  1  bad input or usage, or a target could not be scanned (the others are",
            "     still compared; the target's entry in the diff says why)"
        })
final class DiffCommand implements Callable<Integer> {

    private final InputStream stdin;

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "TARGET|REPORT",
            description = "Targets to scan with both sides, or two JSON reports (OLD then NEW; - reads one from standard input).")
    List<String> args;

    @Option(names = "--pack", paramLabel = "ID@VERSION|PATH",
            description = "A rule pack; give it twice (before, then after) to compare two packs, once to use one pack on both sides.")
    List<String> packs = new ArrayList<>();

    @Option(names = "--formula", paramLabel = "ID@N",
            description = "A formula version; twice to compare two formulas, once to use one on both sides "
                    + "(default: the one each pack names).")
    List<String> formulas = new ArrayList<>();

    @Option(names = "--scorer", paramLabel = "ID",
            description = "Without --pack: the scorer whose newest shipped pack both sides use (default: "
                    + Defaults.SCORER + ").")
    String scorer;

    @Option(names = "--jobs", paramLabel = "N", defaultValue = "1",
            description = "How many targets to scan at once (default: ${DEFAULT-VALUE}).")
    int jobs;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text", converter = FormatConverter.class,
            description = "text (default), json, markdown or html (one self-contained page).")
    DiffFormat format;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Write the diff to FILE instead of standard output (replaced in one step).")
    Path output;

    @Mixin
    HelpOptions helpOptions;

    DiffCommand(InputStream stdin) {
        this.stdin = Objects.requireNonNull(stdin);
    }

    @Override
    public Integer call() throws UserError {
        if (packs.size() > 2 || formulas.size() > 2) {
            throw new ParameterException(spec.commandLine(), "give --pack and --formula at most twice each (before, after)");
        }
        if (jobs < 1 || jobs > 256) {
            throw new ParameterException(spec.commandLine(), "--jobs must be between 1 and 256, not " + jobs);
        }
        OutputOptions out = new OutputOptions();
        out.output = output;
        out.check();
        DiffResult result = packs.isEmpty() && formulas.isEmpty() ? reports() : scans();
        out.emit(Formats.render(result, format), spec.commandLine().getOut());
        long failed = result.summary().failed();
        if (failed > 0) {
            Main.printError(spec.commandLine().getErr(), failed + (failed == 1 ? " target" : " targets")
                    + " could not be compared; see the diff");
            return ExitCode.ERROR;
        }
        return ExitCode.OK;
    }

    private DiffResult reports() throws UserError {
        if (args.size() != 2) {
            throw new ParameterException(spec.commandLine(), "without --pack or --formula, diff compares two reports: "
                    + "assay diff OLD.json NEW.json (to compare versions over targets, give two --pack or two --formula)");
        }
        if (ReportInput.STDIN.equals(args.get(0)) && ReportInput.STDIN.equals(args.get(1))) {
            throw new ParameterException(spec.commandLine(), "only one of the two reports can come from standard input");
        }
        Report before = ReportInput.read(args.get(0), stdin);
        Report after = ReportInput.read(args.get(1), stdin);
        try {
            return ScoreDiff.reports(before, after, SharedRegistries.packs(), SharedRegistries.formulas());
        } catch (PackException e) {
            throw new UserError(e.getMessage(), e);
        }
    }

    private DiffResult scans() throws UserError {
        String packBefore = packs.isEmpty() ? null : packs.get(0);
        String packAfter = packs.isEmpty() ? null : packs.get(packs.size() - 1);
        String formulaBefore = formulas.isEmpty() ? null : formulas.get(0);
        String formulaAfter = formulas.isEmpty() ? null : formulas.get(formulas.size() - 1);
        if (Objects.equals(packBefore, packAfter) && Objects.equals(formulaBefore, formulaAfter)) {
            throw new ParameterException(spec.commandLine(), "nothing to compare: give two different --pack or "
                    + "--formula values (before, then after)");
        }
        List<Path> targets = new ArrayList<>();
        for (String t : args) {
            try {
                targets.add(Path.of(t));
            } catch (InvalidPathException e) {
                throw new UserError("invalid target path " + Messages.quoted(t), e);
            }
        }
        Scanner before = scanner(packBefore, formulaBefore);
        Scanner after = scanner(packAfter, formulaAfter);
        try {
            Progress progress = Progress.forStderr(spec.commandLine().getErr(), "compared");
            try {
                return ScoreDiff.scanners(before, after, targets, jobs, progress);
            } finally {
                progress.finish();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserError("interrupted", e);
        }
    }

    private Scanner scanner(String pack, String formula) throws UserError {
        Scanner.Builder b = Scanner.builder();
        if (pack == null) {
            b.scorer(scorer != null ? scorer : Defaults.SCORER);
        } else {
            b.pack(pack);
            if (scorer != null) {
                b.scorer(scorer);
            }
        }
        if (formula != null) {
            b.formula(formula);
        }
        try {
            // Shipped packs come from the shared registry, so each version is loaded once per process. A pack folder
            // goes through a registry of its own: its content may change between in-process runs.
            boolean folder = pack != null && (pack.contains("/") || pack.contains("\\")
                    || (!pack.contains("@") && Files.isDirectory(Path.of(pack))));
            b.registries(folder ? PackRegistry.shipped() : SharedRegistries.packs(), SharedRegistries.formulas());
            return b.build();
        } catch (PackException | ScanException e) {
            throw new UserError(e.getMessage(), e);
        } catch (InvalidPathException e) {
            throw new UserError("invalid rule pack path " + Messages.quoted(pack), e);
        }
    }

    /** {@code text}, {@code json} or {@code markdown}. */
    static final class FormatConverter implements ITypeConverter<DiffFormat> {
        @Override
        public DiffFormat convert(String value) {
            try {
                return DiffFormat.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
