package dev.assay.engine.diff;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.assay.engine.model.Evidence;
import dev.assay.engine.model.Finding;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Writes a {@link DiffResult} as text, JSON or Markdown. Output is a pure function of the result ('\n' line ends, no
 * clock, no locale) and ends with a newline. Text and Markdown show strings from targets and reports through
 * {@link Shown}, so they cannot steer a terminal or open markup. Thread-safe.
 */
public final class DiffWriters {

    /** Evidence lines shown per finding in text and Markdown; JSON has them all. */
    static final int EVIDENCE_SHOWN = 3;

    private static final ObjectWriter JSON = JsonMapper.builder()
            .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN)
            .build()
            .writer(prettyPrinter());

    private DiffWriters() {
    }

    /** Two-space indent, '\n' line ends and {@code "key": value}, as report JSON is written. */
    public static DefaultPrettyPrinter prettyPrinter() {
        DefaultIndenter indent = new DefaultIndenter("  ", "\n");
        return new DefaultPrettyPrinter(Separators.createDefaultInstance()
                .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                .withObjectEmptySeparator("")
                .withArrayEmptySeparator(""))
                .withObjectIndenter(indent).withArrayIndenter(indent);
    }

    public static String render(DiffResult result, DiffFormat format) {
        Objects.requireNonNull(result, "result");
        return switch (Objects.requireNonNull(format, "format")) {
            case JSON -> json(result);
            case TEXT -> new Text(result).render();
            case MARKDOWN -> new Markdown(result).render();
            // HTML pages need the template engine, which the engine does not depend on (assay-html-report).
            case HTML -> throw new IllegalArgumentException("diff format html is written by assay-html-report");
        };
    }

    private static String json(DiffResult result) {
        try {
            return JSON.writeValueAsString(result) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the diff as JSON: " + e.getOriginalMessage(), e);
        }
    }

    static String signed(BigDecimal d) {
        if (d == null) {
            return "?";
        }
        return (d.signum() > 0 ? "+" : "") + d.toPlainString();
    }

    static String score(BigDecimal s) {
        return s == null ? "none" : s.toPlainString();
    }

    static String level(String level) {
        return level == null || level.isEmpty() ? "no level" : level;
    }

    static String where(Evidence e) {
        String file = e.file().isEmpty() ? "(target)" : e.file();
        if (e.lineStart() <= 0) {
            return file;
        }
        return file + ":" + e.lineStart() + (e.lineEnd() > e.lineStart() ? "-" + e.lineEnd() : "");
    }

    static String sides(Side s) {
        return "pack " + s.packRef() + " (" + PackChanges.shortHash(s.rulesHash()) + "), formula " + s.formulaRef()
                + " (" + PackChanges.shortHash(s.formulaHash()) + ")";
    }

    static String counts(TargetDiff t) {
        int added = 0;
        int removed = 0;
        int changed = 0;
        for (FindingChange c : t.findings()) {
            switch (c.change()) {
                case ADDED -> added++;
                case REMOVED -> removed++;
                default -> changed++;
            }
        }
        return added + " added, " + removed + " removed, " + changed + " changed, " + t.unchangedFindings() + " unchanged";
    }

    static String headline(FindingChange c) {
        Finding f = c.finding();
        String sev = f.severity() == null ? "?" : f.severity().id();
        String tc = f.threatClass().isEmpty() ? "" : ", " + f.threatClass();
        String status = Finding.ACTIVE.equals(f.status()) ? "" : ", " + f.status();
        return c.ruleId() + " [" + sev + tc + status + "]" + (c.subject().isEmpty() ? "" : " on " + c.subject());
    }

    static List<String> fieldTexts(FindingChange c) {
        List<String> out = new ArrayList<>();
        for (FieldChange f : c.fields()) {
            out.add(f.field() + " " + (f.before().isEmpty() ? "(none)" : f.before()) + " → "
                    + (f.after().isEmpty() ? "(none)" : f.after()));
        }
        return out;
    }

    static String impact(DiffSummary.Impact i) {
        List<String> parts = new ArrayList<>();
        if (i.scoreMove().signum() != 0) {
            parts.add(signed(i.scoreMove()) + " in total");
        }
        parts.add(i.targets() + (i.targets() == 1 ? " target" : " targets"));
        if (i.added() > 0) {
            parts.add(i.added() + " added");
        }
        if (i.removed() > 0) {
            parts.add(i.removed() + " removed");
        }
        if (i.changed() > 0) {
            parts.add(i.changed() + " changed");
        }
        if (i.levelChanges() > 0) {
            parts.add(i.levelChanges() + (i.levelChanges() == 1 ? " level change" : " level changes"));
        }
        return String.join(", ", parts);
    }

    /** The text rendering. */
    private static final class Text {
        private final DiffResult r;
        private final StringBuilder out = new StringBuilder(4096);

        Text(DiffResult r) {
            this.r = r;
        }

        String render() {
            line("Assay diff");
            line("  before: " + Shown.line(sides(r.before()), 400));
            line("  after:  " + Shown.line(sides(r.after()), 400));
            packChanges();
            formulaChanges();
            summary();
            for (TargetDiff t : r.targets()) {
                target(t);
            }
            return out.toString();
        }

        private void packChanges() {
            if (r.ruleChanges().isEmpty()) {
                return;
            }
            out.append('\n');
            line("Pack changes (" + Shown.line(r.before().packRef()) + " → " + Shown.line(r.after().packRef()) + "):");
            for (RuleChange c : r.ruleChanges()) {
                StringBuilder b = new StringBuilder("  ").append(String.format("%-8s", c.change())).append(' ')
                        .append(Shown.line(c.ruleId()));
                List<String> parts = new ArrayList<>();
                for (FieldChange f : c.fields()) {
                    parts.add(f.field().equals("detector") ? "detector changed"
                            : f.field() + " " + (f.before().isEmpty() ? "(none)" : f.before()) + " → "
                            + (f.after().isEmpty() ? "(none)" : f.after()));
                }
                if (!parts.isEmpty()) {
                    b.append(": ").append(Shown.line(String.join("; ", parts), 300));
                }
                line(b.toString());
            }
        }

        private void formulaChanges() {
            if (r.formulaChanges().isEmpty()) {
                return;
            }
            out.append('\n');
            line("Formula changes (" + Shown.line(r.before().formulaRef()) + " → " + Shown.line(r.after().formulaRef()) + "):");
            for (ParameterChange c : r.formulaChanges()) {
                line("  " + Shown.line(c.parameter()) + ": " + Shown.line(c.before().isEmpty() ? "(none)" : c.before())
                        + " → " + Shown.line(c.after().isEmpty() ? "(none)" : c.after()));
            }
        }

        private void summary() {
            DiffSummary s = r.summary();
            out.append('\n');
            line("Summary: " + s.targets() + (s.targets() == 1 ? " target" : " targets") + ", " + s.changed()
                    + " changed, " + s.scoreChanged() + " moved score, " + s.levelChanged() + " changed level, "
                    + s.failed() + " failed");
            if (!s.largestMoves().isEmpty()) {
                line("  largest moves:");
                for (DiffSummary.Move m : s.largestMoves()) {
                    line("    " + signed(m.delta()) + "  " + score(m.before()) + " → " + score(m.after()) + " ("
                            + Shown.line(level(m.levelBefore())) + " → " + Shown.line(level(m.levelAfter())) + ")  "
                            + Shown.line(m.target()) + "  [" + Shown.line(String.join(", ", m.causes()), 300) + "]");
                }
            }
            if (!s.causes().isEmpty()) {
                line("  causes:");
                for (DiffSummary.Impact i : s.causes()) {
                    line("    " + i.kind().id() + " " + Shown.line(i.ref()) + ": " + impact(i));
                }
            }
        }

        private void target(TargetDiff t) {
            out.append('\n');
            if (t.failed()) {
                line("== " + Shown.line(t.target(), 300) + ": failed: " + Shown.line(t.error(), 400));
                return;
            }
            String result = score(t.before().score()) + " " + Shown.line(level(t.before().level())) + " → "
                    + score(t.after().score()) + " " + Shown.line(level(t.after().level()));
            if (!t.changed()) {
                line("== " + Shown.line(t.target(), 300) + ": unchanged (" + score(t.after().score()) + " "
                        + Shown.line(level(t.after().level())) + ", " + t.unchangedFindings() + " findings)");
                return;
            }
            line("== " + Shown.line(t.target(), 300) + ": " + result + " (" + signed(t.delta()) + ")");
            if (!Objects.equals(t.before().verdict(), t.after().verdict())) {
                line("  verdict: " + Shown.line(t.before().verdict()) + " → " + Shown.line(t.after().verdict()));
            }
            if (!t.moves().isEmpty()) {
                line("  score path:");
                for (ScoreMove m : t.moves()) {
                    String lv = m.levelChanged() ? ", level " + Shown.line(level(m.levelFrom())) + " → "
                            + Shown.line(level(m.levelTo())) : "";
                    line("    " + score(m.from()) + " → " + score(m.to()) + " (" + signed(m.delta()) + lv + ")  "
                            + Shown.line(m.label()));
                    for (Cause c : m.causes()) {
                        line("      because " + Shown.line(c.detail(), 300));
                    }
                }
            }
            line("  findings: " + counts(t));
            for (FindingChange c : t.findings()) {
                String mark = switch (c.change()) {
                    case ADDED -> "+";
                    case REMOVED -> "-";
                    default -> "~";
                };
                line("    " + mark + " " + Shown.line(headline(c), 300));
                for (String f : fieldTexts(c)) {
                    line("        " + Shown.line(f, 300));
                }
                evidence("+", c.change() == FindingChange.Change.ADDED ? List.of() : c.evidenceAdded(),
                        c.change() == FindingChange.Change.CHANGED);
                evidence("-", c.change() == FindingChange.Change.REMOVED ? List.of() : c.evidenceRemoved(),
                        c.change() == FindingChange.Change.CHANGED);
                if (c.change() != FindingChange.Change.CHANGED) {
                    evidence(" ", c.finding().evidence(), false);
                }
                for (Cause cause : c.causes()) {
                    line("        cause: " + Shown.line(cause.detail(), 300));
                }
            }
        }

        private void evidence(String mark, List<Evidence> list, boolean marked) {
            int shown = 0;
            for (Evidence e : list) {
                if (shown == EVIDENCE_SHOWN) {
                    line("        " + (marked ? mark + " " : "") + "… " + (list.size() - shown) + " more");
                    break;
                }
                line("        " + (marked ? mark + " " : "") + Shown.line(where(e), 200) + "  " + Shown.line(e.snippet(), 120));
                shown++;
            }
        }

        private void line(String s) {
            out.append(s).append('\n');
        }
    }

    /** The Markdown rendering. */
    private static final class Markdown {
        private final DiffResult r;
        private final StringBuilder out = new StringBuilder(4096);

        Markdown(DiffResult r) {
            this.r = r;
        }

        String render() {
            line("# Assay diff");
            line("");
            line("| | before | after |");
            line("|---|---|---|");
            line("| Pack | " + Shown.md(r.before().packRef()) + " | " + Shown.md(r.after().packRef()) + " |");
            line("| Rules hash | " + Shown.md(PackChanges.shortHash(r.before().rulesHash())) + " | "
                    + Shown.md(PackChanges.shortHash(r.after().rulesHash())) + " |");
            line("| Formula | " + Shown.md(r.before().formulaRef()) + " | " + Shown.md(r.after().formulaRef()) + " |");
            line("| Scanner | " + Shown.md(r.before().scannerVersion()) + " | " + Shown.md(r.after().scannerVersion()) + " |");
            line("");
            summary();
            if (!r.ruleChanges().isEmpty()) {
                line("## Pack changes");
                line("");
                line("| Rule or file | Change | Details |");
                line("|---|---|---|");
                for (RuleChange c : r.ruleChanges()) {
                    List<String> parts = new ArrayList<>();
                    c.fields().forEach(f -> parts.add(f.field().equals("detector") ? "detector changed"
                            : f.field() + " " + (f.before().isEmpty() ? "(none)" : f.before()) + " → "
                            + (f.after().isEmpty() ? "(none)" : f.after())));
                    line("| " + Shown.md(c.ruleId()) + " | " + c.change() + " | " + Shown.md(String.join("; ", parts)) + " |");
                }
                line("");
            }
            if (!r.formulaChanges().isEmpty()) {
                line("## Formula changes");
                line("");
                line("| Parameter | Before | After |");
                line("|---|---|---|");
                for (ParameterChange c : r.formulaChanges()) {
                    line("| " + Shown.md(c.parameter()) + " | " + Shown.md(c.before()) + " | " + Shown.md(c.after()) + " |");
                }
                line("");
            }
            for (TargetDiff t : r.targets()) {
                target(t);
            }
            String text = out.toString();
            return text.endsWith("\n\n") ? text.substring(0, text.length() - 1) : text;
        }

        private void summary() {
            DiffSummary s = r.summary();
            line("## Summary");
            line("");
            line(s.targets() + (s.targets() == 1 ? " target" : " targets") + ": " + s.changed() + " changed, "
                    + s.scoreChanged() + " moved score, " + s.levelChanged() + " changed level, " + s.failed() + " failed.");
            line("");
            if (!s.largestMoves().isEmpty()) {
                line("| Target | Score | Level | Largest causes |");
                line("|---|---|---|---|");
                for (DiffSummary.Move m : s.largestMoves()) {
                    line("| " + Shown.md(m.target()) + " | " + score(m.before()) + " → " + score(m.after()) + " ("
                            + signed(m.delta()) + ") | " + Shown.md(level(m.levelBefore())) + " → "
                            + Shown.md(level(m.levelAfter())) + " | " + Shown.md(String.join(", ", m.causes())) + " |");
                }
                line("");
            }
            if (!s.causes().isEmpty()) {
                line("| Cause | Effect |");
                line("|---|---|");
                for (DiffSummary.Impact i : s.causes()) {
                    line("| " + i.kind().id() + " " + Shown.md(i.ref()) + " | " + Shown.md(impact(i)) + " |");
                }
                line("");
            }
        }

        private void target(TargetDiff t) {
            line("## " + Shown.md(t.target()));
            line("");
            if (t.failed()) {
                line("Failed: " + Shown.md(t.error()));
                line("");
                return;
            }
            if (!t.changed()) {
                line("Unchanged: score " + score(t.after().score()) + ", level " + Shown.md(level(t.after().level()))
                        + ", " + t.unchangedFindings() + " findings.");
                line("");
                return;
            }
            line("Score " + score(t.before().score()) + " → " + score(t.after().score()) + " (" + signed(t.delta())
                    + "), level " + Shown.md(level(t.before().level())) + " → " + Shown.md(level(t.after().level())) + ".");
            line("");
            if (!t.moves().isEmpty()) {
                line("| Step | Score | Level | Because |");
                line("|---|---|---|---|");
                for (ScoreMove m : t.moves()) {
                    List<String> because = m.causes().stream().map(Cause::detail).toList();
                    line("| " + Shown.md(m.label()) + " | " + score(m.from()) + " → " + score(m.to()) + " ("
                            + signed(m.delta()) + ") | " + Shown.md(level(m.levelFrom())) + " → "
                            + Shown.md(level(m.levelTo())) + " | " + Shown.md(String.join("; ", because)) + " |");
                }
                line("");
            }
            line("Findings: " + counts(t) + ".");
            line("");
            if (!t.findings().isEmpty()) {
                line("| | Finding | What changed | Evidence | Cause |");
                line("|---|---|---|---|---|");
                for (FindingChange c : t.findings()) {
                    List<Evidence> ev = switch (c.change()) {
                        case ADDED, REMOVED -> c.finding().evidence();
                        default -> c.evidenceAdded().isEmpty() ? c.evidenceRemoved() : c.evidenceAdded();
                    };
                    List<String> where = new ArrayList<>();
                    ev.stream().limit(EVIDENCE_SHOWN).forEach(e -> where.add(where(e)));
                    if (ev.size() > EVIDENCE_SHOWN) {
                        where.add("… " + (ev.size() - EVIDENCE_SHOWN) + " more");
                    }
                    line("| " + c.change().id() + " | " + Shown.md(headline(c)) + " | "
                            + Shown.md(String.join("; ", fieldTexts(c))) + " | " + Shown.md(String.join(", ", where))
                            + " | " + Shown.md(String.join("; ", c.causes().stream().map(Cause::detail).toList())) + " |");
                }
                line("");
            }
        }

        private void line(String s) {
            out.append(s).append('\n');
        }
    }
}
