package dev.assay.safetycard.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A parsed {@code rg} command line, restricted to the flags this implementation reproduces exactly. Parsing follows
 * ripgrep 13's argument rules: short flags cluster ({@code -nS}), values attach or follow ({@code -A3}, {@code -g x},
 * {@code --glob=x}), flags and positionals interleave, {@code --} ends flags, the first positional is the pattern
 * unless {@code -e} is given. Flags that run programs, follow links, decompress, or read files named on the command
 * line are refused as invalid; other real ripgrep flags that are not reproduced are refused as unsupported, naming the
 * flag. Both carry a message that says which flag and why.
 */
public record RgCommand(
        List<String> patterns,
        boolean fixedStrings,
        CaseMode caseMode,
        boolean wordRegexp,
        boolean lineRegexp,
        boolean invertMatch,
        Boolean lineNumbers,
        OutputMode outputMode,
        boolean multiline,
        boolean multilineDotall,
        int beforeContext,
        int afterContext,
        List<String> globs,
        List<String> iglobs,
        List<String> types,
        List<String> typesNot,
        boolean hidden,
        boolean noIgnoreVcs,
        boolean noIgnoreDot,
        boolean noIgnoreParent,
        boolean noIgnoreExclude,
        BinaryMode binaryMode,
        Boolean mmap,
        Boolean withFilename,
        long maxCount,
        int maxDepth,
        List<String> paths) {

    /** Case handling; {@code -i}, {@code -S} and {@code -s} override each other, the last one wins. */
    public enum CaseMode { SENSITIVE, INSENSITIVE, SMART }

    /** What rg prints: matching lines, {@code path:count} lines, matching paths, nothing, or the files it would search. */
    public enum OutputMode { LINES, COUNT, FILES_WITH_MATCHES, QUIET, FILES }

    /** Binary handling: the default (skip files found by traversal), {@code --binary}, or {@code -a/--text}. */
    public enum BinaryMode { DEFAULT, BINARY, TEXT }

    /** Unbounded {@code maxCount} and {@code maxDepth}. */
    public static final long NO_MAX_COUNT = Long.MAX_VALUE;
    public static final int NO_MAX_DEPTH = Integer.MAX_VALUE;

    public RgCommand {
        patterns = List.copyOf(patterns);
        globs = List.copyOf(globs);
        iglobs = List.copyOf(iglobs);
        types = List.copyOf(types);
        typesNot = List.copyOf(typesNot);
        paths = List.copyOf(paths);
    }

    /** Whether rg prints line numbers: {@code -n}/{@code -N} when given, otherwise off (rg's default when piped). */
    public boolean showLineNumbers() {
        return Boolean.TRUE.equals(lineNumbers);
    }

    /** Parses a full command line, which must start with {@code rg}. */
    public static RgCommand parse(String commandLine) throws SearchCommandException {
        List<String> words = ShellWords.split(commandLine);
        if (words.isEmpty()) {
            throw SearchCommandException.invalid("the search is empty; it must be an rg command");
        }
        if (!words.get(0).equals("rg")) {
            throw SearchCommandException.invalid("the search runs '" + clip(words.get(0))
                    + "', not rg; only rg searches can be re-run");
        }
        return parseArguments(words.subList(1, words.size()));
    }

    /** Parses the arguments after {@code rg}. */
    public static RgCommand parseArguments(List<String> args) throws SearchCommandException {
        return new Parser(args).parse();
    }

    private static String clip(String s) {
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }

    private static final class Parser {
        private final List<String> args;
        private int index;

        private final List<String> patterns = new ArrayList<>();
        private final List<String> positionals = new ArrayList<>();
        private boolean fixed;
        private CaseMode caseMode = CaseMode.SENSITIVE;
        private boolean word;
        private boolean line;
        private boolean invert;
        private Boolean lineNumbers;
        private boolean count;
        private boolean filesWithMatches;
        private boolean quiet;
        private boolean files;
        private boolean multiline;
        private boolean dotall;
        // -C and -A/-B override each other (the later flag cancels the earlier), as in ripgrep 13.
        private Integer before;
        private Integer after;
        private Integer context;
        private final List<String> globs = new ArrayList<>();
        private final List<String> iglobs = new ArrayList<>();
        private final List<String> types = new ArrayList<>();
        private final List<String> typesNot = new ArrayList<>();
        private boolean hidden;
        private boolean noIgnoreVcs;
        private boolean noIgnoreDot;
        private boolean noIgnoreParent;
        private boolean noIgnoreExclude;
        private BinaryMode binary = BinaryMode.DEFAULT;
        private Boolean mmap;
        private Boolean withFilename;
        private long maxCount = NO_MAX_COUNT;
        private int maxDepth = NO_MAX_DEPTH;
        private int unrestricted;

        Parser(List<String> args) {
            this.args = args;
        }

        RgCommand parse() throws SearchCommandException {
            boolean flagsEnded = false;
            while (index < args.size()) {
                String arg = args.get(index++);
                if (flagsEnded || arg.equals("-") || !arg.startsWith("-")) {
                    if (arg.equals("-")) {
                        throw SearchCommandException.invalid("'-' reads from standard input; give repository paths");
                    }
                    positionals.add(arg);
                } else if (arg.equals("--")) {
                    flagsEnded = true;
                } else if (arg.startsWith("--")) {
                    longFlag(arg);
                } else {
                    shortCluster(arg);
                }
            }
            for (int u = 0; u < unrestricted; u++) {
                if (u == 0) {
                    noIgnoreVcs = noIgnoreDot = noIgnoreParent = noIgnoreExclude = true;
                } else if (u == 1) {
                    hidden = true;
                } else {
                    binary = BinaryMode.BINARY;
                }
            }
            List<String> paths = new ArrayList<>(positionals);
            if (!files && patterns.isEmpty()) {
                if (paths.isEmpty()) {
                    throw SearchCommandException.invalid("no pattern given; rg needs a pattern or -e");
                }
                patterns.add(paths.remove(0));
            }
            OutputMode mode = files ? OutputMode.FILES : quiet ? OutputMode.QUIET : count ? OutputMode.COUNT
                    : filesWithMatches ? OutputMode.FILES_WITH_MATCHES : OutputMode.LINES;
            int b = context != null && context > 0 ? context : before != null ? before : 0;
            int a = context != null && context > 0 ? context : after != null ? after : 0;
            if (multiline && (invert || b > 0 || a > 0) && mode != OutputMode.FILES) {
                throw SearchCommandException.unsupported("-U/--multiline together with "
                        + (invert ? "-v/--invert-match" : "context lines (-A/-B/-C)") + " is not reproduced");
            }
            return new RgCommand(patterns, fixed, caseMode, word, line, invert, lineNumbers, mode, multiline,
                    dotall, b, a, globs, iglobs, types, typesNot, hidden, noIgnoreVcs, noIgnoreDot, noIgnoreParent,
                    noIgnoreExclude, binary, mmap, withFilename, maxCount, maxDepth, paths);
        }

        private void longFlag(String arg) throws SearchCommandException {
            String name = arg;
            String value = null;
            int eq = arg.indexOf('=');
            if (eq > 0) {
                name = arg.substring(0, eq);
                value = arg.substring(eq + 1);
            }
            String inline = value;
            switch (name) {
                case "--line-number" -> noValue(name, inline, () -> lineNumbers = true);
                case "--no-line-number" -> noValue(name, inline, () -> lineNumbers = false);
                case "--ignore-case" -> noValue(name, inline, () -> caseMode = CaseMode.INSENSITIVE);
                case "--smart-case" -> noValue(name, inline, () -> caseMode = CaseMode.SMART);
                case "--case-sensitive" -> noValue(name, inline, () -> caseMode = CaseMode.SENSITIVE);
                case "--fixed-strings" -> noValue(name, inline, () -> fixed = true);
                case "--no-fixed-strings" -> noValue(name, inline, () -> fixed = false);
                case "--word-regexp" -> noValue(name, inline, () -> {
                    word = true;
                    line = false;
                });
                case "--line-regexp" -> noValue(name, inline, () -> {
                    line = true;
                    word = false;
                });
                case "--invert-match" -> noValue(name, inline, () -> invert = true);
                case "--files-with-matches" -> noValue(name, inline, () -> filesWithMatches = true);
                case "--count" -> noValue(name, inline, () -> count = true);
                case "--quiet" -> noValue(name, inline, () -> quiet = true);
                case "--files" -> noValue(name, inline, () -> files = true);
                case "--multiline" -> noValue(name, inline, () -> multiline = true);
                case "--no-multiline" -> noValue(name, inline, () -> multiline = false);
                case "--multiline-dotall" -> noValue(name, inline, () -> dotall = true);
                case "--no-multiline-dotall" -> noValue(name, inline, () -> dotall = false);
                case "--hidden" -> noValue(name, inline, () -> hidden = true);
                case "--no-hidden" -> noValue(name, inline, () -> hidden = false);
                case "--no-ignore" -> noValue(name, inline,
                        () -> noIgnoreVcs = noIgnoreDot = noIgnoreParent = noIgnoreExclude = true);
                case "--ignore" -> noValue(name, inline,
                        () -> noIgnoreVcs = noIgnoreDot = noIgnoreParent = noIgnoreExclude = false);
                case "--no-ignore-vcs" -> noValue(name, inline, () -> noIgnoreVcs = true);
                case "--ignore-vcs" -> noValue(name, inline, () -> noIgnoreVcs = false);
                case "--no-ignore-dot" -> noValue(name, inline, () -> noIgnoreDot = true);
                case "--ignore-dot" -> noValue(name, inline, () -> noIgnoreDot = false);
                case "--no-ignore-parent" -> noValue(name, inline, () -> noIgnoreParent = true);
                case "--ignore-parent" -> noValue(name, inline, () -> noIgnoreParent = false);
                case "--no-ignore-exclude" -> noValue(name, inline, () -> noIgnoreExclude = true);
                case "--ignore-exclude" -> noValue(name, inline, () -> noIgnoreExclude = false);
                // Global gitignore and ripgrep config files are never read, so these change nothing.
                case "--no-ignore-global", "--ignore-global", "--no-config", "--no-heading", "--no-messages",
                        "--messages", "--no-ignore-messages", "--ignore-messages", "--sort-files",
                        "--no-pcre2", "--no-search-zip", "--no-follow", "--no-pre" -> noValue(name, inline, () -> { });
                case "--unrestricted" -> noValue(name, inline, () -> unrestricted++);
                case "--text" -> noValue(name, inline, () -> binary = BinaryMode.TEXT);
                case "--no-text" -> noValue(name, inline, () -> binary = BinaryMode.DEFAULT);
                case "--binary" -> noValue(name, inline, () -> binary = BinaryMode.BINARY);
                case "--no-binary" -> noValue(name, inline, () -> binary = BinaryMode.DEFAULT);
                case "--mmap" -> noValue(name, inline, () -> mmap = true);
                case "--no-mmap" -> noValue(name, inline, () -> mmap = false);
                case "--with-filename" -> noValue(name, inline, () -> withFilename = true);
                case "--no-filename" -> noValue(name, inline, () -> withFilename = false);
                case "--regexp" -> patterns.add(value(name, inline));
                case "--glob" -> globs.add(value(name, inline));
                case "--iglob" -> iglobs.add(value(name, inline));
                case "--type" -> types.add(value(name, inline));
                case "--type-not" -> typesNot.add(value(name, inline));
                case "--after-context" -> after(number(name, value(name, inline)));
                case "--before-context" -> before(number(name, value(name, inline)));
                case "--context" -> context(number(name, value(name, inline)));
                case "--max-count" -> maxCount = number(name, value(name, inline));
                case "--max-depth", "--maxdepth" -> maxDepth = number(name, value(name, inline));
                case "--threads" -> number(name, value(name, inline));
                case "--color", "--colour" -> color(name, value(name, inline));
                case "--sort" -> sort(name, value(name, inline));
                default -> refuseLong(name);
            }
        }

        private void shortCluster(String arg) throws SearchCommandException {
            for (int k = 1; k < arg.length(); k++) {
                char f = arg.charAt(k);
                String rest = arg.substring(k + 1);
                String flag = "-" + f;
                switch (f) {
                    case 'n' -> lineNumbers = true;
                    case 'N' -> lineNumbers = false;
                    case 'i' -> caseMode = CaseMode.INSENSITIVE;
                    case 'S' -> caseMode = CaseMode.SMART;
                    case 's' -> caseMode = CaseMode.SENSITIVE;
                    case 'F' -> fixed = true;
                    case 'w' -> {
                        word = true; // -w and -x override each other; the later one wins
                        line = false;
                    }
                    case 'x' -> {
                        line = true;
                        word = false;
                    }
                    case 'v' -> invert = true;
                    case 'l' -> filesWithMatches = true;
                    case 'c' -> count = true;
                    case 'q' -> quiet = true;
                    case 'U' -> multiline = true;
                    case '.' -> hidden = true;
                    case 'u' -> unrestricted++;
                    case 'a' -> binary = BinaryMode.TEXT;
                    case 'H' -> withFilename = true;
                    case 'I' -> withFilename = false;
                    case 'e', 'g', 't', 'T', 'A', 'B', 'C', 'm', 'j' -> {
                        String value = rest.isEmpty() ? next(flag) : rest;
                        switch (f) {
                            case 'e' -> patterns.add(value);
                            case 'g' -> globs.add(value);
                            case 't' -> types.add(value);
                            case 'T' -> typesNot.add(value);
                            case 'A' -> after(number(flag, value));
                            case 'B' -> before(number(flag, value));
                            case 'C' -> context(number(flag, value));
                            case 'm' -> maxCount = number(flag, value);
                            default -> number(flag, value); // -j: thread count does not change results
                        }
                        return;
                    }
                    default -> refuseShort(f);
                }
            }
        }

        private void after(int lines) {
            after = lines;
            context = null;
        }

        private void before(int lines) {
            before = lines;
            context = null;
        }

        private void context(int lines) {
            context = lines;
            before = null;
            after = null;
        }

        private interface Action {
            void run();
        }

        private void noValue(String name, String inline, Action action) throws SearchCommandException {
            if (inline != null) {
                throw SearchCommandException.invalid("flag " + name + " takes no value, but '=" + clip(inline)
                        + "' was given");
            }
            action.run();
        }

        private String value(String name, String inline) throws SearchCommandException {
            return inline != null ? inline : next(name);
        }

        private String next(String name) throws SearchCommandException {
            if (index >= args.size()) {
                throw SearchCommandException.invalid("flag " + name + " needs a value");
            }
            return args.get(index++);
        }

        private static int number(String name, String value) throws SearchCommandException {
            try {
                int v = Integer.parseInt(value);
                if (v < 0) {
                    throw new NumberFormatException();
                }
                return v;
            } catch (NumberFormatException e) {
                throw SearchCommandException.invalid("flag " + name + " needs a non-negative number, got '"
                        + clip(value) + "'");
            }
        }

        private static void color(String name, String value) throws SearchCommandException {
            String v = value.toLowerCase(Locale.ROOT);
            if (!v.equals("never") && !v.equals("auto")) {
                throw SearchCommandException.unsupported(name + "=" + clip(value)
                        + " adds escape codes to the output; only 'never' and 'auto' are reproduced");
            }
        }

        private static void sort(String name, String value) throws SearchCommandException {
            if (!value.equals("path") && !value.equals("none")) {
                throw SearchCommandException.unsupported(name + " " + clip(value)
                        + " depends on file times; only 'path' and 'none' are reproduced");
            }
        }

        private static void refuseShort(char f) throws SearchCommandException {
            String why = switch (f) {
                case 'L' -> forbidden("-L/--follow", "follows symbolic links, which may lead outside the repository");
                case 'z' -> forbidden("-z/--search-zip", "runs decompression programs on repository files");
                case 'f' -> forbidden("-f/--file", "reads patterns from a file named on the command line");
                case 'P' -> null;
                default -> null;
            };
            if (why != null) {
                throw SearchCommandException.invalid(why);
            }
            String known = switch (f) {
                case 'P' -> "-P/--pcre2 (PCRE2 regex engine)";
                case 'o' -> "-o/--only-matching";
                case 'r' -> "-r/--replace";
                case 'p' -> "-p/--pretty";
                case 'b' -> "-b/--byte-offset";
                case '0' -> "-0/--null";
                case 'E' -> "-E/--encoding";
                case 'M' -> "-M/--max-columns";
                case 'h' -> "-h/--help";
                case 'V' -> "-V/--version";
                default -> null;
            };
            if (known != null) {
                throw SearchCommandException.unsupported("flag " + known + " is not reproduced by Assay's rg");
            }
            throw SearchCommandException.unsupported("flag -" + f + " is unknown or not reproduced by Assay's rg");
        }

        private static void refuseLong(String name) throws SearchCommandException {
            String why = switch (name) {
                case "--pre" -> forbidden("--pre", "runs a preprocessor program on every file");
                case "--pre-glob" -> forbidden("--pre-glob", "selects files for a preprocessor program");
                case "--search-zip" -> forbidden("--search-zip", "runs decompression programs on repository files");
                case "--follow" -> forbidden("--follow", "follows symbolic links, which may lead outside the repository");
                case "--file" -> forbidden("--file", "reads patterns from a file named on the command line");
                case "--ignore-file" -> forbidden("--ignore-file", "reads ignore rules from a file named on the command line");
                case "--hostname-bin" -> forbidden("--hostname-bin", "runs a program");
                default -> null;
            };
            if (why != null) {
                throw SearchCommandException.invalid(why);
            }
            throw SearchCommandException.unsupported("flag " + name + " is unknown or not reproduced by Assay's rg");
        }

        private static String forbidden(String flag, String reason) {
            return "flag " + flag + " is not allowed: it " + reason;
        }
    }
}
