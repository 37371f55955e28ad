package dev.assay.spark;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.assay.engine.diff.DiffWriters;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;

/**
 * What a scan table holds, in brief: components, levels, verdicts, findings per rule (and in how many components),
 * errors (by message), and the slowest components when the scan recorded timings. Aggregated by Spark; only the
 * small result comes to the driver. Every list is sorted (count descending, then name), so the summary is stable.
 */
record Summary(String table, long components, long errors, Map<String, Long> levels, Map<String, Long> verdicts,
        List<RuleCount> rules, Map<String, Long> errorMessages, List<Slow> slowest) {

    static final int TOP = 20;

    record RuleCount(String rule, String severity, long findings, long components) {
    }

    record Slow(String id, long millis) {
    }

    static Summary of(SparkSession spark, String table) throws JobException {
        Dataset<Row> t;
        try {
            t = table.endsWith(".json") || table.endsWith(".jsonl") || !isParquet(spark, table)
                    ? spark.read().json(table) : spark.read().parquet(table);
        } catch (RuntimeException e) {
            throw new JobException("cannot read the scan table " + table + ": " + ComponentReader.oneLine(e));
        }
        List<String> columns = Arrays.asList(t.columns());
        if (!columns.containsAll(List.of("id", "level", "verdict", "findings", "error"))) {
            throw new JobException(table + " is not a scan table of assay-spark (no id, level, verdict, findings, error)");
        }
        t = t.cache();
        long components = t.count();
        Dataset<Row> ok = t.filter("error IS NULL");
        Dataset<Row> failed = t.filter("error IS NOT NULL");
        long errors = failed.count();
        Map<String, Long> levels = counts(ok.groupBy("level").count());
        Map<String, Long> verdicts = counts(ok.groupBy("verdict").count());
        Map<String, Long> messages = counts(failed.groupBy("error").count());
        Dataset<Row> f = ok.select(functions.col("id"), functions.explode(functions.col("findings")).as("f"));
        List<RuleCount> rules = f.groupBy(functions.col("f.id").as("rule"), functions.col("f.severity").as("severity"))
                .agg(functions.count("*").as("n"), functions.countDistinct("id").as("c"))
                .orderBy(functions.desc("n"), functions.asc("rule"), functions.asc("severity")).limit(TOP).collectAsList()
                .stream().map(r -> new RuleCount(r.getString(0), r.getString(1), r.getLong(2), r.getLong(3))).toList();
        List<Slow> slowest = List.of();
        if (columns.contains("scanMillis")) {
            slowest = t.filter("scanMillis IS NOT NULL").orderBy(functions.desc("scanMillis"), functions.asc("id"))
                    .select("id", "scanMillis").limit(10).collectAsList().stream()
                    .map(r -> new Slow(r.getString(0), r.getLong(1))).toList();
        }
        t.unpersist();
        return new Summary(table, components, errors, levels, verdicts, rules, messages, slowest);
    }

    private static boolean isParquet(SparkSession spark, String table) {
        try {
            spark.read().parquet(table).schema();
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** Group counts, count descending then key ascending; a null key is shown as "(none)". */
    private static Map<String, Long> counts(Dataset<Row> grouped) {
        List<Row> rows = grouped.collectAsList().stream()
                .sorted((a, b) -> {
                    int c = Long.compare(b.getLong(1), a.getLong(1));
                    return c != 0 ? c : String.valueOf(a.get(0)).compareTo(String.valueOf(b.get(0)));
                }).toList();
        Map<String, Long> m = new LinkedHashMap<>();
        for (Row r : rows) {
            m.put(r.isNullAt(0) ? "(none)" : r.get(0).toString(), r.getLong(1));
        }
        return m;
    }

    String render(String format) throws JobException {
        return switch (format) {
            case "json" -> json();
            case "markdown" -> markdown();
            default -> text();
        };
    }

    private String json() throws JobException {
        try {
            return JsonMapper.builder().build().writer(DiffWriters.prettyPrinter()).writeValueAsString(this) + "\n";
        } catch (JsonProcessingException e) {
            throw new JobException("cannot write the summary as JSON: " + e.getOriginalMessage());
        }
    }

    private String text() {
        StringBuilder b = new StringBuilder();
        b.append(table).append(": ").append(components).append(" components, ").append(errors)
                .append(" could not be scanned\n");
        section(b, "levels", levels, "  ");
        section(b, "verdicts", verdicts, "  ");
        b.append("top rules (findings, components):\n");
        for (RuleCount r : rules) {
            b.append("  ").append(r.rule()).append(" [").append(r.severity()).append("] ").append(r.findings())
                    .append(", ").append(r.components()).append('\n');
        }
        section(b, "errors", errorMessages, "  ");
        if (!slowest.isEmpty()) {
            b.append("slowest components (ms):\n");
            slowest.forEach(s -> b.append("  ").append(s.id()).append(' ').append(s.millis()).append('\n'));
        }
        return b.toString();
    }

    private static void section(StringBuilder b, String title, Map<String, Long> m, String indent) {
        b.append(title).append(":\n");
        m.forEach((k, v) -> b.append(indent).append(k).append(": ").append(v).append('\n'));
    }

    private String markdown() {
        StringBuilder b = new StringBuilder();
        b.append("# Scan summary\n\n").append('`').append(table).append("`: ").append(components)
                .append(" components, ").append(errors).append(" could not be scanned.\n");
        table(b, "Levels", "level", levels);
        table(b, "Verdicts", "verdict", verdicts);
        b.append("\n## Top rules\n\n| rule | severity | findings | components |\n|---|---|---:|---:|\n");
        rules.forEach(r -> b.append("| ").append(cell(r.rule())).append(" | ").append(r.severity()).append(" | ")
                .append(r.findings()).append(" | ").append(r.components()).append(" |\n"));
        table(b, "Errors", "error", errorMessages);
        if (!slowest.isEmpty()) {
            b.append("\n## Slowest components\n\n| component | ms |\n|---|---:|\n");
            slowest.forEach(s -> b.append("| ").append(cell(s.id())).append(" | ").append(s.millis()).append(" |\n"));
        }
        return b.toString();
    }

    private static void table(StringBuilder b, String title, String key, Map<String, Long> m) {
        b.append("\n## ").append(title).append("\n\n| ").append(key).append(" | components |\n|---|---:|\n");
        m.forEach((k, v) -> b.append("| ").append(cell(k)).append(" | ").append(v).append(" |\n"));
    }

    private static String cell(String s) {
        return s.replace("|", "\\|").replace("\n", " ");
    }
}
