package dev.assay.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.engine.authoring.LintResult;
import dev.assay.engine.authoring.PackLinter;
import dev.assay.engine.authoring.PackScaffold;
import dev.assay.engine.authoring.PackTester;
import dev.assay.engine.authoring.TestResult;
import dev.assay.engine.diff.DiffWriters;
import dev.assay.engine.pack.PackException;
import dev.assay.engine.pack.ShippedPack;
import java.io.IOException;
import java.io.PrintWriter;
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

/**
 * {@code assay pack}: tools for rule-pack authors. {@code list} shows the shipped pack versions, {@code new} writes a
 * pack that passes its own lint and tests, {@code lint} and {@code test} check a pack version folder and print one
 * {@code file:line: message (hint)} line per problem, exiting 1 when there is any.
 */
@Command(name = "pack", versionProvider = AssayCommand.Version.class, usageHelpAutoWidth = true,
        subcommands = {PackCommand.ListPacks.class, PackCommand.NewPack.class, PackCommand.Lint.class, PackCommand.Test.class},
        description = {"Rule-pack authoring: list, scaffold, lint and test packs.", ""},
        commandListHeading = "%nCommands:%n",
        footerHeading = "%nExit codes:%n",
        footer = {
            "  0  done; lint found nothing, every test passed",
            "  1  bad input or usage, lint problems or failed tests (one file:line line",
            "     each on standard output)"
        })
final class PackCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    HelpOptions helpOptions;

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "missing command: list, new, lint or test");
    }

    /** Creates the folder a new pack goes into, like mkdir -p; an existing file of that name is left for folder() to refuse. */
    private static void createFolder(String text) throws UserError {
        try {
            Path p = Path.of(text);
            if (!Files.exists(p)) {
                Files.createDirectories(p);
            }
        } catch (InvalidPathException e) {
            throw new UserError("invalid folder path " + Messages.quoted(text), e);
        } catch (IOException e) {
            throw new UserError("cannot create " + Messages.quoted(text) + ": " + OutputOptions.reason(e), e);
        }
    }

    static Path folder(String text, String what) throws UserError {
        Path p;
        try {
            p = Path.of(text);
        } catch (InvalidPathException e) {
            throw new UserError("invalid " + what + " path " + Messages.quoted(text), e);
        }
        if (!Files.isDirectory(p)) {
            throw new UserError(what + " not found: " + Messages.quoted(text) + (Files.exists(p) ? " is not a folder" : ""));
        }
        return p;
    }

    /** {@code assay pack list}. */
    @Command(name = "list", usageHelpAutoWidth = true, sortOptions = false,
            description = {"List the shipped rule packs: every id and version, the scorer and formula it serves, its "
                    + "rulesHash, and whether scans use its build-time compiled rules.", ""})
    static final class ListPacks implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
                description = "text (default) or json.")
        String format;

        @Mixin
        HelpOptions helpOptions;

        @Override
        public Integer call() throws UserError {
            if (!format.equals("text") && !format.equals("json")) {
                throw new ParameterException(spec.commandLine(), "unknown format " + Messages.quoted(format)
                        + " (expected text or json)");
            }
            List<ShippedPack> packs;
            try {
                packs = SharedRegistries.packs().list();
            } catch (PackException e) {
                throw new UserError(e.getMessage(), e);
            }
            PrintWriter out = spec.commandLine().getOut();
            if (format.equals("json")) {
                JsonMapper m = JsonMapper.builder().build();
                ArrayNode list = m.createArrayNode();
                for (ShippedPack p : packs) {
                    ObjectNode o = list.addObject();
                    o.put("id", p.id()).put("version", p.version()).put("scorer", p.scorer()).put("formula", p.formula())
                            .put("rulesHash", p.rulesHash()).put("precompiled", p.precompiled());
                }
                try {
                    out.print(m.writer(DiffWriters.prettyPrinter()).writeValueAsString(list) + "\n");
                } catch (JsonProcessingException e) {
                    throw new IllegalStateException(e);
                }
            } else {
                int w = Math.max(4, packs.stream().mapToInt(p -> p.ref().length()).max().orElse(0));
                int s = Math.max(6, packs.stream().mapToInt(p -> p.scorer().length()).max().orElse(0));
                int f = Math.max(7, packs.stream().mapToInt(p -> p.formula().length()).max().orElse(0));
                out.println(pad("PACK", w) + "  " + pad("SCORER", s) + "  " + pad("FORMULA", f) + "  "
                        + pad("COMPILED", 10) + "  RULES HASH");
                for (ShippedPack p : packs) {
                    out.println(pad(p.ref(), w) + "  " + pad(p.scorer(), s) + "  " + pad(p.formula(), f) + "  "
                            + pad(p.precompiled() ? "build time" : "at load", 10) + "  " + p.rulesHash());
                }
            }
            out.flush();
            return ExitCode.OK;
        }

        private static String pad(String s, int width) {
            return s.length() >= width ? s : s + " ".repeat(width - s.length());
        }
    }

    /** {@code assay pack new ID --dir DIR}. */
    @Command(name = "new", usageHelpAutoWidth = true, sortOptions = false,
            description = {"Write a new rule pack, DIR/ID/1.0.0/: pack.yaml, one rule, a fixture where it fires and one "
                    + "where it does not, a facts case and a README. It passes 'pack lint' and 'pack test' as written.", ""})
    static final class NewPack implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "ID", description = "The pack id: lower-case words joined by hyphens.")
        String id;

        @Option(names = "--dir", paramLabel = "DIR", defaultValue = ".",
                description = "The folder to create the pack in, created when missing (default: the current folder).")
        String dir;

        @Mixin
        HelpOptions helpOptions;

        @Override
        public Integer call() throws UserError {
            createFolder(dir);
            Path into = folder(dir, "folder");
            Path created;
            try {
                created = PackScaffold.create(id, into);
            } catch (IllegalArgumentException e) {
                throw new UserError(e.getMessage(), e);
            } catch (IOException e) {
                throw new UserError("cannot write the pack: " + (e.getMessage() == null ? OutputOptions.reason(e) : e.getMessage()), e);
            }
            PrintWriter out = spec.commandLine().getOut();
            out.println("Created " + created);
            for (String p : PackScaffold.paths()) {
                out.println("  " + p);
            }
            out.println();
            out.println("Next: edit the rule, then run");
            out.println("  assay pack lint " + created);
            out.println("  assay pack test " + created);
            out.println("  assay scan TARGET --pack " + created);
            out.flush();
            return ExitCode.OK;
        }
    }

    /** {@code assay pack lint DIR...}. */
    @Command(name = "lint", usageHelpAutoWidth = true, sortOptions = false,
            description = {"Check pack version folders without running them: JSON Schemas, ids, controls, severities "
                    + "and threat classes, data tables, that the DRL compiles, that every rule has a test where it must fire "
                    + "and one where it must not, and that changed content carries a new version number. "
                    + "Prints one file:line line per problem.", ""})
    static final class Lint implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(arity = "1..*", paramLabel = "DIR", description = "A pack version folder, such as packs/my-pack/1.0.0.")
        List<String> dirs;

        @Mixin
        HelpOptions helpOptions;

        @Override
        public Integer call() throws UserError {
            PackLinter linter = new PackLinter();
            int problems = 0;
            PrintWriter out = spec.commandLine().getOut();
            for (String d : dirs) {
                LintResult r = linter.lint(folder(d, "pack folder"));
                r.lines().forEach(l -> out.println(Messages.oneLine(l)));
                problems += r.problems().size();
            }
            out.flush();
            if (problems > 0) {
                Main.printError(spec.commandLine().getErr(), "pack lint: " + problems + (problems == 1 ? " problem" : " problems"));
                return ExitCode.ERROR;
            }
            return ExitCode.OK;
        }
    }

    /** {@code assay pack test DIR...}. */
    @Command(name = "test", usageHelpAutoWidth = true, sortOptions = false,
            description = {"Run the rule tests of pack version folders: fixture cases with ruleid:/ok: annotations and "
                    + "expect.yaml, and facts cases. Every failed check is reported at the line that states it.", ""})
    static final class Test implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(arity = "1..*", paramLabel = "DIR", description = "A pack version folder, such as packs/my-pack/1.0.0.")
        List<String> dirs;

        @Mixin
        HelpOptions helpOptions;

        @Override
        public Integer call() throws UserError {
            PackTester tester = new PackTester(SharedRegistries.formulas());
            boolean passed = true;
            long failed = 0;
            PrintWriter out = spec.commandLine().getOut();
            for (String d : dirs) {
                TestResult r = tester.test(folder(d, "pack folder"));
                r.lines().forEach(l -> out.println(Messages.oneLine(l)));
                passed &= r.passed();
                failed += r.failedCount() + r.problems().size() + (r.outcomes().isEmpty() && r.problems().isEmpty() ? 1 : 0);
            }
            out.flush();
            if (!passed) {
                Main.printError(spec.commandLine().getErr(), "pack test: " + failed + (failed == 1 ? " failure" : " failures"));
                return ExitCode.ERROR;
            }
            return ExitCode.OK;
        }
    }
}
