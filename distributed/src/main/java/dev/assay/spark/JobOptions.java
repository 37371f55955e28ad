package dev.assay.spark;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/** The options of the job's verbs (see {@link ScanJob#USAGE}), checked before Spark starts. */
final class JobOptions {

    String verb;
    String input;
    String list;
    String table;
    int depth = 1;
    final List<String> packs = new ArrayList<>();
    final List<String> formulas = new ArrayList<>();
    String output;
    String format;
    String master;
    /** Components per task; 0 = sized from the components and the cores ({@link ScanJob#sliceSizes}). */
    int partitionSize;
    boolean timings;
    boolean overwrite;
    Instant generatedAt;
    final List<String> positional = new ArrayList<>();

    static JobOptions parse(String[] args) throws JobException {
        JobOptions o = new JobOptions();
        int i = 0;
        if (args.length > 0 && List.of("scan", "diff", "summary").contains(args[0])) {
            o.verb = args[0];
            i = 1;
        } else {
            o.verb = "scan";
        }
        for (; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--input" -> o.input = value(args, ++i, a);
                case "--list" -> o.list = value(args, ++i, a);
                case "--table" -> o.table = value(args, ++i, a);
                case "--depth" -> o.depth = number(value(args, ++i, a), a, 1, 8);
                case "--pack" -> o.packs.add(value(args, ++i, a));
                case "--formula" -> o.formulas.add(value(args, ++i, a));
                case "--output", "-o" -> o.output = value(args, ++i, a);
                case "--format" -> o.format = value(args, ++i, a);
                case "--master" -> o.master = value(args, ++i, a);
                case "--partition-size" -> o.partitionSize = number(value(args, ++i, a), a, 1, 100_000);
                case "--timings" -> o.timings = true;
                case "--overwrite" -> o.overwrite = true;
                case "--generated-at" -> o.generatedAt = instant(value(args, ++i, a));
                default -> {
                    if (a.startsWith("-")) {
                        throw new JobException("unknown option " + a);
                    }
                    o.positional.add(a);
                }
            }
        }
        o.check();
        return o;
    }

    private void check() throws JobException {
        if (verb.equals("summary")) {
            if (positional.size() != 1) {
                throw new JobException("summary takes one scan table: summary TABLE [--format text|json|markdown]");
            }
            format = format == null ? "text" : format;
            if (!List.of("text", "json", "markdown").contains(format)) {
                throw new JobException("--format for summary is text, json or markdown, not " + format);
            }
            return;
        }
        if (!positional.isEmpty()) {
            throw new JobException("unexpected argument " + positional.get(0) + " (components are given with --input, --list or --table)");
        }
        int sources = (input == null ? 0 : 1) + (list == null ? 0 : 1) + (table == null ? 0 : 1);
        if (sources != 1) {
            throw new JobException("give exactly one of --input FOLDER, --list FILE, --table TABLE");
        }
        if (output == null) {
            throw new JobException("--output is required");
        }
        format = format == null ? "parquet" : format;
        if (!List.of("parquet", "jsonl").contains(format)) {
            throw new JobException("--format is parquet or jsonl, not " + format);
        }
        if (verb.equals("scan")) {
            if (packs.size() != 1 || formulas.size() > 1) {
                throw new JobException("scan takes one --pack ID@VERSION (and at most one --formula ID@N)");
            }
        } else {
            boolean twoPacks = packs.size() == 2 && formulas.size() <= 2;
            boolean twoFormulas = packs.size() == 1 && formulas.size() == 2;
            if (!twoPacks && !twoFormulas) {
                throw new JobException("diff takes two --pack (before, after), or one --pack and two --formula");
            }
        }
        for (String p : packs) {
            if (!p.matches("[a-z0-9][a-z0-9-]*@[0-9A-Za-z.+-]+")) {
                throw new JobException("--pack must name a shipped pack as ID@VERSION, not " + p
                        + " (pack folders are not shipped to executors)");
            }
        }
    }

    String packBefore() {
        return packs.get(0);
    }

    String packAfter() {
        return packs.size() == 2 ? packs.get(1) : packs.get(0);
    }

    String formulaBefore() {
        return formulas.isEmpty() ? null : formulas.get(0);
    }

    String formulaAfter() {
        return formulas.isEmpty() ? null : formulas.get(formulas.size() - 1);
    }

    private static String value(String[] args, int i, String option) throws JobException {
        if (i >= args.length) {
            throw new JobException(option + " needs a value");
        }
        return args[i];
    }

    private static int number(String v, String option, int min, int max) throws JobException {
        try {
            int n = Integer.parseInt(v);
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new JobException(option + " must be a number from " + min + " to " + max + ", not " + v);
    }

    private static Instant instant(String v) throws JobException {
        try {
            return Instant.parse(v).truncatedTo(ChronoUnit.SECONDS);
        } catch (DateTimeParseException e) {
            throw new JobException("--generated-at must be an instant like 2026-12-01T00:00:00Z, not " + v);
        }
    }
}
