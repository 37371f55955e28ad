package dev.assay.cli;

import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IFactory;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The {@code assay} command line. {@link #run} is the whole program as a function from arguments and streams to an exit
 * code (0 ok, 1 error, 2 gate tripped); it never throws and never prints a stack trace: every failure becomes one line
 * {@code assay: <message>} on stderr. Standard output carries the report and nothing else. Only {@link #main} exits the
 * process.
 */
public final class Main {

    private static final String PREFIX = "assay: ";

    private Main() {
    }

    public static void main(String[] args) {
        PrintStream stdout = System.out;
        // Whatever a library prints on its own goes to stderr, so that stdout stays a clean report.
        System.setOut(System.err);
        PrefetchHint hint = prefetchHint(args);
        if (hint != null) {
            SharedRegistries.prefetch(hint.scorer(), hint.target());
        }
        Progress.detectTerminal();
        int code = run(args, System.in, stdout, System.err);
        stdout.flush();
        System.err.flush();
        System.exit(code);
    }

    /** The scan options that take a value as the next argument; {@code PrefetchTest} checks it against picocli's model. */
    static final Set<String> SCAN_OPTIONS_WITH_VALUE = Set.of("--jobs", "--output-dir", "--scorer", "--pack",
            "--formula", "--format", "-o", "--output", "--fail-on", "--fail-under",
            "--baseline", "--suppressions");

    /** What a {@code scan} will load: the scorer it names, or the first target to choose one from. */
    record PrefetchHint(String scorer, Path target) {
    }

    /**
     * A cheap look at the arguments, before picocli has parsed them, for what to load on other cores in the meantime:
     * {@code null} unless they are {@code scan} with a target and without {@code --pack} (a pack folder is compiled, not
     * loaded). Only a hint: a wrong guess costs CPU on another core, never a wrong result.
     */
    static PrefetchHint prefetchHint(String[] args) {
        if (args == null || args.length == 0 || !"scan".equals(args[0])) {
            return null;
        }
        String scorer = null;
        String target = null;
        boolean optionsEnded = false;
        for (int i = 1; i < args.length; i++) {
            String arg = args[i];
            if (optionsEnded || !arg.startsWith("-") || arg.equals("-")) {
                target = target == null ? arg : target;
            } else if (arg.equals("--")) {
                optionsEnded = true;
            } else if (arg.equals("--pack") || arg.startsWith("--pack=")) {
                return null;
            } else if (arg.startsWith("--scorer=")) {
                scorer = arg.substring("--scorer=".length());
            } else if (SCAN_OPTIONS_WITH_VALUE.contains(arg)) {
                if (arg.equals("--scorer") && i + 1 < args.length) {
                    scorer = args[i + 1];
                }
                i++;
            }
        }
        if (target == null) {
            return null;
        }
        try {
            return new PrefetchHint(scorer, Path.of(target));
        } catch (InvalidPathException e) {
            return null;
        }
    }

    /**
     * Runs {@code assay} with these arguments. The report (or help or version text) is written to {@code out} as UTF-8,
     * diagnostics to {@code err}; {@code in} is read only by {@code rescore -}. Neither stream is closed.
     */
    public static int run(String[] args, InputStream in, OutputStream out, OutputStream err) {
        PrintWriter stdout = new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), false);
        PrintWriter stderr = new PrintWriter(new OutputStreamWriter(err, StandardCharsets.UTF_8), true);
        try {
            String[] argv = args == null ? new String[0] : args;
            return commandLine(in, stdout, stderr, argv.length > 0 ? argv[0] : null).execute(argv);
        } catch (OutOfMemoryError e) {
            printError(stderr, "out of memory; give the JVM more with ASSAY_JAVA_OPTS=-Xmx2g, or scan a smaller target");
            return ExitCode.ERROR;
        } catch (StackOverflowError e) {
            printError(stderr, "internal error: stack overflow");
            return ExitCode.ERROR;
        } catch (Throwable e) { // the last line of defence: the user gets one line, never a trace
            printError(stderr, "internal error: " + describe(e));
            return ExitCode.ERROR;
        } finally {
            stdout.flush();
            stderr.flush();
        }
    }

    /** The whole command line, every verb included. */
    static CommandLine commandLine(InputStream in, PrintWriter stdout, PrintWriter stderr) {
        return commandLine(in, stdout, stderr, null);
    }

    /**
     * The command line for arguments that start with {@code first}: when it names a verb, only that verb is added,
     * since picocli builds each verb's option model by reflection over its classes and their mixins (most of its
     * start-up cost, docs/performance.md); otherwise every verb, for the help, the version and the "unknown command"
     * message that lists them.
     */
    static CommandLine commandLine(InputStream in, PrintWriter stdout, PrintWriter stderr, String first) {
        IFactory factory = new IFactory() {
            @Override
            public <K> K create(Class<K> type) throws Exception {
                if (type == RescoreCommand.class) {
                    return type.cast(new RescoreCommand(in));
                }
                if (type == DiffCommand.class) {
                    return type.cast(new DiffCommand(in));
                }
                return CommandLine.defaultFactory().create(type);
            }
        };
        CommandLine cl = new CommandLine(new AssayCommand(), factory);
        Class<?> only = null;
        for (Class<?> verb : AssayCommand.VERBS) {
            if (verb.getAnnotation(Command.class).name().equals(first)) {
                only = verb;
            }
        }
        for (Class<?> verb : AssayCommand.VERBS) {
            if (only == null || verb == only) {
                cl.addSubcommand(verb); // before the settings below, which reach only the subcommands present
            }
        }
        cl.setOut(stdout);
        cl.setErr(stderr);
        cl.setColorScheme(CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF));
        // "@file" would make picocli read arguments from a file; a target may well be named like that.
        cl.setExpandAtFiles(false);
        cl.setParameterExceptionHandler(usageErrors(stderr));
        cl.setExecutionExceptionHandler(executionErrors(stderr));
        return cl;
    }

    private static IParameterExceptionHandler usageErrors(PrintWriter stderr) {
        return (ParameterException e, String[] args) -> {
            CommandLine where = e.getCommandLine();
            String command = where.getCommandSpec().qualifiedName();
            String message = e.getMessage();
            if (e instanceof UnmatchedArgumentException && where.getParent() == null) {
                List<String> unmatched = ((UnmatchedArgumentException) e).getUnmatched();
                if (!unmatched.isEmpty() && !unmatched.get(0).startsWith("-")) {
                    message = "unknown command " + Messages.quoted(unmatched.get(0)) + " (expected "
                            + String.join(" or ", where.getSubcommands().keySet()) + ")";
                }
            }
            printError(stderr, message + " (see '" + command + " --help')");
            return ExitCode.ERROR;
        };
    }

    private static IExecutionExceptionHandler executionErrors(PrintWriter stderr) {
        return (Exception e, CommandLine cl, CommandLine.ParseResult parsed) -> {
            if (e instanceof UserError) {
                printError(stderr, e.getMessage());
            } else if (e instanceof ParameterException) {
                return usageErrors(stderr).handleParseException((ParameterException) e, new String[0]);
            } else {
                printError(stderr, "internal error: " + describe(e));
            }
            return ExitCode.ERROR;
        };
    }

    /** Prints {@code assay: <message>} as one sanitized line. */
    static void printError(PrintWriter stderr, String message) {
        stderr.println(PREFIX + Messages.oneLine(message));
        stderr.flush();
    }

    private static String describe(Throwable e) {
        String message = e.getMessage();
        return e.getClass().getSimpleName() + (message == null || message.isBlank() ? "" : ": " + message);
    }
}
