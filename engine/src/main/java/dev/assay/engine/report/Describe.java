package dev.assay.engine.report;

import dev.assay.engine.NothingFound;
import dev.assay.engine.model.Evidence;
import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Report;
import dev.assay.engine.model.Severity;
import dev.assay.engine.model.Triage;
import dev.assay.engine.spi.Recognition;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Facts about a report phrased the same way in every human-readable format; raw strings, not yet escaped. */
final class Describe {

    /** How many skipped files the text and Markdown reports list before summarising the rest. */
    static final int SKIPPED_LISTED = 20;

    private Describe() {
    }

    static String text(String s) {
        return s == null ? "" : s;
    }

    static String orUnknown(String s) {
        return s == null || s.isBlank() ? "unknown" : s;
    }

    /** A score as written in JSON: plain digits, never an exponent. */
    /**
     * The score as a person reads it: a report with nothing to score ({@link NothingFound}) shows
     * no number, since the formula's value for an empty target (100, excellent) would read as a clean result.
     */
    static String scoreOf(Report r) {
        return NothingFound.of(r) != null ? "not scored (nothing to score)" : score(r.score());
    }

    static String score(BigDecimal score) {
        return score == null ? "n/a" : score.toPlainString();
    }

    /** {@code file:line}, {@code file:start-end}, just {@code file} when there is no line, or "(target)" with no file. */
    static String location(Evidence e) {
        String file = e.file().isEmpty() ? "(target)" : e.file();
        if (e.lineStart() <= 0) {
            return file;
        }
        return e.lineEnd() > e.lineStart() ? file + ":" + e.lineStart() + "-" + e.lineEnd() : file + ":" + e.lineStart();
    }

    /** The per-severity counts, most severe first, e.g. "1 critical, 0 high, …"; other keys follow in string order. */
    static List<String> counts(Report r) {
        List<String> parts = new ArrayList<>();
        Map<String, Integer> counts = SeverityCounts.canonical(r.counts());
        for (Severity s : Severity.values()) {
            parts.add(counts.getOrDefault(s.id(), 0) + " " + s.id());
        }
        counts.forEach((key, value) -> {
            if (!isSeverity(key)) {
                parts.add(value + " " + key);
            }
        });
        return parts;
    }

    private static boolean isSeverity(String key) {
        for (Severity s : Severity.values()) {
            if (s.id().equals(key)) {
                return true;
            }
        }
        return false;
    }

    static String pack(Report r) {
        return orUnknown(r.pack()) + "@" + orUnknown(r.packVersion());
    }

    static String formula(Report r) {
        return orUnknown(r.formula()) + "@" + r.formulaVersion();
    }

    static String severity(Finding f) {
        return f.severity() == null ? "unknown" : f.severity().id();
    }

    /** Findings grouped by category in order of first appearance; order inside a group is the report's order. */
    static Map<String, List<Finding>> byCategory(List<Finding> findings) {
        Map<String, List<Finding>> groups = new LinkedHashMap<>();
        for (Finding f : findings) {
            String category = f.category() == null || f.category().isBlank() ? "uncategorized" : f.category();
            groups.computeIfAbsent(category, k -> new ArrayList<>()).add(f);
        }
        return groups;
    }

    /** One rejected {@code assay-ignore} comment: {@code file:line: RULE: why it suppressed nothing}. */
    static String rejectedInline(Triage.RejectedInline r) {
        return text(r.file()) + ":" + r.line() + ": " + text(r.rule()) + ": " + text(r.problem());
    }

    /** The inline comments a report rejected, or none. */
    static List<Triage.RejectedInline> rejectedInline(Report r) {
        return r.triage() == null ? List.of() : r.triage().rejectedInline();
    }

    /** How many paths of one kind a found line names before "+N more". */
    static final int FOUND_PATHS_LISTED = 3;

    /**
     * What a scan recognised, one line per group: {@code Cursor: mcp-client-config .cursor/mcp.json}, at most
     * {@link #FOUND_PATHS_LISTED} paths per kind, counts where the extractor listed no paths ({@code code files ×12}).
     */
    static List<String> found(Recognition r) {
        Map<String, List<String>> byGroup = new LinkedHashMap<>();
        for (Recognition.Found f : r.found()) {
            String what;
            if (f.paths().isEmpty()) {
                what = f.kind() + " ×" + f.count();
            } else {
                List<String> shown = f.paths().subList(0, Math.min(f.paths().size(), FOUND_PATHS_LISTED));
                int more = Math.max(f.count(), f.paths().size()) - shown.size();
                what = f.kind() + " " + String.join(", ", shown) + (more > 0 ? " +" + more + " more" : "");
            }
            byGroup.computeIfAbsent(f.group(), g -> new ArrayList<>()).add(what);
        }
        List<String> lines = new ArrayList<>();
        byGroup.forEach((group, parts) -> lines.add(group + ": " + String.join("; ", parts)));
        return lines;
    }

    /**
     * What was looked for and is not there, in one line: per agent the number of known locations (the JSON report lists
     * every path), the kinds themselves for a component ({@code component: npm manifest (package.json), …}).
     */
    static String notFound(Recognition r) {
        List<String> parts = new ArrayList<>();
        for (Recognition.NotFound n : r.notFound()) {
            if ("component".equals(n.group())) {
                parts.add(n.group() + ": " + String.join(", ", n.items()));
            } else {
                parts.add(n.group() + " (" + plural(n.items().size(), "location", "locations") + ")");
            }
        }
        return String.join("; ", parts);
    }

    static String plural(int n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }
}
