package dev.assay.engine.diff;

import dev.assay.engine.formula.Formula;
import dev.assay.engine.formula.FormulaEngine;
import dev.assay.engine.formula.FormulaResult;
import dev.assay.engine.model.Details;
import dev.assay.engine.model.Evidence;
import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Report;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/** Compares one target's two reports: matches findings, attributes each change, and walks the score from old to new. */
final class TargetComparer {

    private static final Comparator<FindingChange> ORDER = Comparator.comparing(FindingChange::ruleId)
            .thenComparing(FindingChange::subject)
            .thenComparing(FindingChange::change)
            .thenComparing(c -> c.finding().status());

    private TargetComparer() {
    }

    static TargetDiff compare(String target, Report before, Report after, DiffContext ctx) {
        List<Cause> inputCauses = inputCauses(before, after, ctx);
        List<FindingChange> changes = new ArrayList<>();
        int unchanged = matchFindings(before, after, ctx, inputCauses, changes);
        changes.sort(ORDER);

        Outcome o1 = outcome(before);
        Outcome o2 = outcome(after);
        BigDecimal delta = before.score() != null && after.score() != null ? after.score().subtract(before.score())
                : BigDecimal.ZERO;
        List<ScoreMove> moves = moves(before, after, ctx, changes, inputCauses);
        return new TargetDiff(target, null, o1, o2, delta, !level(before).equals(level(after)), moves, changes,
                unchanged);
    }

    /** What differs about the input: the target's bytes, or the scanner that turned them into facts. */
    private static List<Cause> inputCauses(Report before, Report after, DiffContext ctx) {
        String d1 = before.target() == null ? "" : Objects.toString(before.target().digest(), "");
        String d2 = after.target() == null ? "" : Objects.toString(after.target().digest(), "");
        List<Cause> out = new ArrayList<>();
        if (!d1.equals(d2)) {
            out.add(new Cause(Cause.Kind.INPUT, "target", "the target's content changed (digest "
                    + PackChanges.shortHash(d1) + " → " + PackChanges.shortHash(d2) + ")"));
        }
        if (ctx.scannerChanged()) {
            out.add(new Cause(Cause.Kind.INPUT, "scanner", "the facts were extracted by " + ctx.before().scannerVersion()
                    + " and " + ctx.after().scannerVersion()));
        }
        return out;
    }

    private static List<Cause> causes(String ruleId, DiffContext ctx, List<Cause> inputCauses) {
        List<Cause> out = new ArrayList<>(inputCauses);
        Cause rule = ctx.packs().causeFor(ruleId);
        if (rule != null) {
            out.add(rule);
        }
        if (out.isEmpty()) {
            // Same pack, same target bytes, same scanner: what is left is how the facts were made (limits, extractors).
            out.add(new Cause(Cause.Kind.INPUT, "facts", "the facts differ although the target digest, rule pack and "
                    + "scanner version are the same (other limits or extractors)"));
        }
        return out;
    }

    /** Pairs findings by rule, subject and status, then by rule and subject; returns how many pairs are equal. */
    private static int matchFindings(Report before, Report after, DiffContext ctx, List<Cause> inputCauses,
            List<FindingChange> out) {
        Map<String, List<Finding>> old3 = group(all(before), f -> key(f) + "\u0000" + f.status());
        Map<String, List<Finding>> new3 = group(all(after), f -> key(f) + "\u0000" + f.status());
        List<Finding> oldRest = new ArrayList<>();
        List<Finding> newRest = new ArrayList<>();
        List<Finding[]> pairs = new ArrayList<>();
        pair(old3, new3, pairs, oldRest, newRest);
        List<Finding> oldLeft = new ArrayList<>();
        List<Finding> newLeft = new ArrayList<>();
        pair(group(oldRest, TargetComparer::key), group(newRest, TargetComparer::key), pairs, oldLeft, newLeft);

        int unchanged = 0;
        for (Finding[] p : pairs) {
            List<FieldChange> fields = fields(p[0], p[1]);
            List<Evidence> added = minus(p[1].evidence(), p[0].evidence());
            List<Evidence> removed = minus(p[0].evidence(), p[1].evidence());
            if (fields.isEmpty() && added.isEmpty() && removed.isEmpty()) {
                unchanged++;
                continue;
            }
            if (!added.isEmpty() || !removed.isEmpty()) {
                fields.add(new FieldChange("evidence", locations(p[0].evidence().size()), locations(p[1].evidence().size())));
            }
            out.add(new FindingChange(FindingChange.Change.CHANGED, id(p[1]), p[1].subject(), fields, added, removed,
                    causes(id(p[1]), ctx, inputCauses), p[0], p[1]));
        }
        for (Finding f : oldLeft) {
            out.add(new FindingChange(FindingChange.Change.REMOVED, id(f), f.subject(), List.of(), List.of(),
                    f.evidence(), causes(id(f), ctx, inputCauses), f, null));
        }
        for (Finding f : newLeft) {
            out.add(new FindingChange(FindingChange.Change.ADDED, id(f), f.subject(), List.of(), f.evidence(),
                    List.of(), causes(id(f), ctx, inputCauses), null, f));
        }
        return unchanged;
    }

    private static void pair(Map<String, List<Finding>> olds, Map<String, List<Finding>> news, List<Finding[]> pairs,
            List<Finding> oldRest, List<Finding> newRest) {
        Set<String> keys = new TreeSet<>(olds.keySet());
        keys.addAll(news.keySet());
        for (String k : keys) {
            List<Finding> a = olds.getOrDefault(k, List.of());
            List<Finding> b = news.getOrDefault(k, List.of());
            int n = Math.min(a.size(), b.size());
            for (int i = 0; i < n; i++) {
                pairs.add(new Finding[] {a.get(i), b.get(i)});
            }
            oldRest.addAll(a.subList(n, a.size()));
            newRest.addAll(b.subList(n, b.size()));
        }
    }

    private static List<FieldChange> fields(Finding a, Finding b) {
        List<FieldChange> out = new ArrayList<>();
        field(out, "status", a.status(), b.status());
        field(out, "severity", a.severity() == null ? "" : a.severity().id(), b.severity() == null ? "" : b.severity().id());
        field(out, "threatClass", a.threatClass(), b.threatClass());
        field(out, "title", a.title(), b.title());
        field(out, "category", a.category(), b.category());
        field(out, "capability", a.capability(), b.capability());
        field(out, "controls", String.join(", ", a.controls()), String.join(", ", b.controls()));
        field(out, "message", a.message(), b.message());
        field(out, "remediation", a.remediation(), b.remediation());
        field(out, "details", Details.text(a.details()), Details.text(b.details()));
        return out;
    }

    private static void field(List<FieldChange> out, String name, String a, String b) {
        String x = a == null ? "" : a;
        String y = b == null ? "" : b;
        if (!x.equals(y)) {
            out.add(new FieldChange(name, PackChanges.clip(x), PackChanges.clip(y)));
        }
    }

    private static List<Evidence> minus(List<Evidence> a, List<Evidence> b) {
        TreeSet<Evidence> out = new TreeSet<>(a);
        b.forEach(out::remove);
        return List.copyOf(out);
    }

    private static String locations(int n) {
        return n + (n == 1 ? " location" : " locations");
    }

    /**
     * The path from the old score to the new. Exact when both formulas are at hand and reproduce both reports' scores:
     * rules first (old formula), then formula parameters (new findings). Otherwise one step with every cause.
     */
    private static List<ScoreMove> moves(Report before, Report after, DiffContext ctx, List<FindingChange> changes,
            List<Cause> inputCauses) {
        BigDecimal s0 = before.score();
        BigDecimal s1 = after.score();
        if (s0 == null || s1 == null) {
            return List.of();
        }
        List<Finding> oldActive = active(before);
        List<Finding> newActive = active(after);
        FormulaResult r0 = evaluate(ctx.oldFormula(), oldActive);
        FormulaResult r1 = evaluate(ctx.newFormula(), newActive);
        boolean exact = r0 != null && r1 != null && r0.score().compareTo(s0) == 0 && r1.score().compareTo(s1) == 0
                && level(r0).equals(level(before)) && level(r1).equals(level(after));
        if (exact) {
            List<ScoreMove> path = exactPath(ctx, changes, oldActive, newActive, r0);
            ScoreMove last = path.isEmpty() ? null : path.get(path.size() - 1);
            BigDecimal end = last == null ? s0 : last.to();
            String endLevel = last == null ? level(before) : last.levelTo();
            if (end.compareTo(s1) == 0 && endLevel.equals(level(after))) {
                return path;
            }
        }
        if (s0.compareTo(s1) == 0 && level(before).equals(level(after))) {
            return List.of();
        }
        Set<Cause> all = new TreeSet<>(inputCauses);
        changes.forEach(c -> all.addAll(c.causes()));
        if (ctx.formulaChanged()) {
            all.add(ctx.wholeFormulaCause());
        }
        if (all.isEmpty()) {
            all.add(new Cause(Cause.Kind.INPUT, "facts", "the scores differ although the findings are the same"));
        }
        return List.of(ScoreMove.of("all changes", new ArrayList<>(all), s0, s1, level(before), level(after)));
    }

    private static List<ScoreMove> exactPath(DiffContext ctx, List<FindingChange> changes, List<Finding> oldActive,
            List<Finding> newActive, FormulaResult start) {
        Map<String, Set<Cause>> byRule = new TreeMap<>();
        for (FindingChange c : changes) {
            byRule.computeIfAbsent(c.ruleId(), k -> new TreeSet<>()).addAll(c.causes());
        }
        List<ScoreMove> path = new ArrayList<>();
        List<Finding> current = new ArrayList<>(oldActive);
        BigDecimal score = start.score();
        String level = level(start);
        for (Map.Entry<String, Set<Cause>> rule : byRule.entrySet()) {
            String id = rule.getKey();
            current.removeIf(f -> id(f).equals(id));
            newActive.stream().filter(f -> id(f).equals(id)).forEach(current::add);
            FormulaResult r = FormulaEngine.evaluate(ctx.oldFormula(), current);
            if (r.score().compareTo(score) != 0 || !level(r).equals(level)) {
                path.add(ScoreMove.of("rule " + id, new ArrayList<>(rule.getValue()), score, r.score(), level, level(r)));
            }
            score = r.score();
            level = level(r);
        }
        for (FormulaPath.Step step : ctx.formulaPath().steps()) {
            FormulaResult r = FormulaEngine.evaluate(step.formula(), newActive);
            if (r.score().compareTo(score) != 0 || !level(r).equals(level)) {
                path.add(ScoreMove.of("formula " + String.join(" + ", step.parameters()), List.of(step.cause()), score,
                        r.score(), level, level(r)));
            }
            score = r.score();
            level = level(r);
        }
        return path;
    }

    private static FormulaResult evaluate(Formula f, List<Finding> findings) {
        if (f == null || !Formula.KIND_FINDINGS.equals(f.kind())) {
            return null;
        }
        try {
            return FormulaEngine.evaluate(f, findings);
        } catch (IllegalArgumentException e) {
            return null; // a report whose findings this formula cannot score (no severity): no exact path
        }
    }

    static Outcome outcome(Report r) {
        return new Outcome(r.score(), level(r), r.verdict() == null ? "" : r.verdict(),
                r.attestation() != null && r.attestation().eligible(), r.findings().size(), r.needsReview().size());
    }

    private static String level(Report r) {
        return r.level() == null ? "" : r.level();
    }

    private static String level(FormulaResult r) {
        return r.level() == null ? "" : r.level();
    }

    private static List<Finding> all(Report r) {
        List<Finding> out = new ArrayList<>(r.findings());
        out.addAll(r.needsReview());
        return out;
    }

    private static List<Finding> active(Report r) {
        return r.findings().stream().filter(f -> Finding.ACTIVE.equals(f.status())).toList();
    }

    private static String key(Finding f) {
        return id(f) + "\u0000" + f.subject();
    }

    /** A report read from a file may lack a rule id; it then sorts and pairs as the empty id. */
    private static String id(Finding f) {
        return f.id() == null ? "" : f.id();
    }

    private static Map<String, List<Finding>> group(List<Finding> findings, Function<Finding, String> key) {
        Map<String, List<Finding>> out = new TreeMap<>();
        for (Finding f : findings) {
            out.computeIfAbsent(key.apply(f), k -> new ArrayList<>()).add(f);
        }
        return out;
    }
}
