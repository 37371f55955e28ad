package dev.assay.engine.formula;

import dev.assay.engine.formula.FindingsSpec.Aggregate;
import dev.assay.engine.formula.FindingsSpec.Cap;
import dev.assay.engine.formula.FindingsSpec.Direction;
import dev.assay.engine.formula.FindingsSpec.Requirement;
import dev.assay.engine.model.Attestation;
import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Severity;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The generic formula interpreter. It is stateless and thread-safe, and deterministic: the result depends only on the
 * spec and on the multiset of findings, never on their order. Only findings with status {@code active} are ever scored;
 * {@code needs-review} and any other status are reported in the explanation and otherwise ignored.
 */
public final class FormulaEngine {

    /** How many rule ids an explanation line names before it summarises the rest. */
    private static final int IDS_SHOWN = 12;

    private FormulaEngine() {
    }

    /**
     * Scores findings with a findings formula.
     *
     * @throws IllegalArgumentException when the formula is not of kind {@code findings} or a finding has no severity
     */
    public static FormulaResult evaluate(Formula formula, List<Finding> findings) {
        Objects.requireNonNull(formula, "formula");
        Objects.requireNonNull(findings, "findings");
        if (!(formula.spec() instanceof FindingsSpec spec)) {
            throw new IllegalArgumentException("formula " + formula.ref() + " is of kind " + formula.kind()
                    + ", not " + Formula.KIND_FINDINGS);
        }
        List<String> lines = new ArrayList<>();
        lines.add("start: " + Numbers.plain(spec.start()) + " (" + formula.ref() + ", " + formula.title() + ")");

        // 1. Which findings count: active ones that pass the threat-class filter.
        List<Finding> scored = new ArrayList<>();
        int notActive = 0;
        SortedSet<String> notActiveStatuses = new TreeSet<>();
        Map<String, Integer> filteredOut = new TreeMap<>();
        for (Finding f : findings) {
            Objects.requireNonNull(f, "findings must not contain null");
            if (f.id() == null || f.severity() == null) {
                throw new IllegalArgumentException("finding " + f.id() + " has no rule id or no severity");
            }
            if (!Finding.ACTIVE.equals(f.status())) {
                notActive++;
                notActiveStatuses.add(f.status());
            } else if (!threatClassCounts(spec, f.threatClass())) {
                filteredOut.merge(f.threatClass().isEmpty() ? "(none)" : f.threatClass(), 1, Integer::sum);
            } else {
                scored.add(f);
            }
        }

        // 2. Scoring units: every finding, or the heaviest finding of each distinct rule id.
        List<Finding> units = units(spec, scored);

        // 3. Sum the weights per severity group.
        Map<Severity, List<Finding>> bySeverity = new EnumMap<>(Severity.class);
        for (Finding u : units) {
            bySeverity.computeIfAbsent(u.severity(), s -> new ArrayList<>()).add(u);
        }
        BigDecimal value = spec.start();
        String sign = spec.direction() == Direction.ADD ? "+" : "−";
        String unitName = spec.aggregate() == Aggregate.PER_RULE ? "rule" : "finding";
        for (Map.Entry<Severity, List<Finding>> group : bySeverity.entrySet()) {
            BigDecimal weight = spec.weights().get(group.getKey());
            int count = group.getValue().size();
            BigDecimal subtotal = weight.multiply(BigDecimal.valueOf(count));
            value = spec.direction() == Direction.ADD ? value.add(subtotal) : value.subtract(subtotal);
            lines.add(group.getKey().id() + ": " + count + " " + plural(unitName, count) + " × " + Numbers.plain(weight)
                    + " = " + (subtotal.signum() == 0 ? "0" : sign + Numbers.plain(subtotal))
                    + " (" + ids(group.getValue()) + ")");
        }
        if (units.isEmpty()) {
            lines.add("no finding counts towards the score");
        }
        int repeats = scored.size() - units.size();
        if (repeats > 0) {
            lines.add("not counted again: " + repeats + " further " + plural("match", repeats)
                    + " of rules already counted (one weight per distinct rule)");
        }
        if (notActive > 0) {
            lines.add("ignored: " + notActive + " " + plural("finding", notActive) + " with status "
                    + String.join(", ", notActiveStatuses) + " (only active findings are scored)");
        }
        if (!filteredOut.isEmpty()) {
            int total = filteredOut.values().stream().mapToInt(Integer::intValue).sum();
            List<String> parts = new ArrayList<>();
            filteredOut.forEach((cls, n) -> parts.add(cls + " ×" + n));
            lines.add("ignored: " + total + " " + plural("finding", total) + " of a threat class this formula does not score ("
                    + String.join(", ", parts) + ")");
        }
        lines.add("sum: " + Numbers.plain(value));

        // 4. Caps: of all caps whose condition holds, the lowest one applies.
        List<Finding> unitsView = List.copyOf(units);
        java.util.function.ToIntFunction<Set<Severity>> unitCount =
                severities -> (int) unitsView.stream().filter(u -> severities.contains(u.severity())).count();
        Cap lowest = null;
        List<Cap> applicable = new ArrayList<>();
        for (Cap cap : spec.caps()) {
            if (cap.when().holds(scored, unitCount, null)) {
                applicable.add(cap);
                if (lowest == null || cap.max().compareTo(lowest.max()) < 0) {
                    lowest = cap;
                }
            }
        }
        if (lowest != null) {
            if (value.compareTo(lowest.max()) > 0) {
                lines.add("cap: " + Numbers.plain(value) + " → " + Numbers.plain(lowest.max()) + " (" + lowest.reason() + ")");
                value = lowest.max();
            } else {
                lines.add("cap at " + Numbers.plain(lowest.max()) + " applies (" + lowest.reason() + "); "
                        + Numbers.plain(value) + " is already within it");
            }
            for (Cap other : applicable) {
                if (other != lowest) {
                    lines.add("cap at " + Numbers.plain(other.max()) + " also applies (" + other.reason()
                            + ") but the lower cap wins");
                }
            }
        }

        // 5. Clamp, then round.
        if (value.compareTo(spec.clampMin()) < 0 || value.compareTo(spec.clampMax()) > 0) {
            BigDecimal clamped = value.compareTo(spec.clampMin()) < 0 ? spec.clampMin() : spec.clampMax();
            lines.add("clamp to " + Numbers.plain(spec.clampMin()) + "–" + Numbers.plain(spec.clampMax()) + ": "
                    + Numbers.plain(value) + " → " + Numbers.plain(clamped));
            value = clamped;
        }
        BigDecimal score = spec.rounding().apply(value);
        if (score.compareTo(value) != 0) {
            lines.add("round (" + spec.rounding().describe() + "): " + Numbers.plain(value) + " → " + Numbers.scaled(score));
        }

        String level = null;
        for (Band band : spec.bands()) {
            if (Band.contains(band, score)) {
                level = band.level();
            }
        }
        Attestation attestation = attest(formula, spec, scored, unitCount, score);
        lines.add("score: " + Numbers.scaled(score) + (level == null ? "" : " (level " + level + ")")
                + "; attestation " + (attestation.eligible() ? "eligible" : "not eligible"));
        Verdict verdict = verdict(spec, scored, unitCount, score, level);
        if (verdict != null) {
            lines.add("verdict: " + verdict.id() + " (" + verdict.text() + ")");
        }
        return new FormulaResult(score, level, attestation, lines, verdict);
    }

    /** The first verdict whose condition holds; the spec's last verdict has none, so one always applies. */
    private static Verdict verdict(FindingsSpec spec, List<Finding> scored,
            java.util.function.ToIntFunction<Set<Severity>> unitCount, BigDecimal score, String level) {
        String shown = Numbers.scaled(score);
        for (FindingsSpec.VerdictRule v : spec.verdicts()) {
            if (v.when() == null || v.when().holds(scored, unitCount, score, level)) {
                return new Verdict(v.id(), v.text().replace("{score}", shown).replace("{level}", level == null ? "" : level));
            }
        }
        return null;
    }

    /**
     * Scores criterion ratings with a criteria formula (SafetyCard). Every criterion of the formula must be rated
     * exactly once; ratings that break the formula's limits (an unknown cap, a cap on the wrong criterion, an inferred
     * level above the limit, a parameter too far above its reference) are refused.
     *
     * @throws FormulaException with a one-line message naming the formula, criterion and mechanism at fault
     * @throws IllegalArgumentException when the formula is not of kind {@code criteria}
     */
    public static CriteriaResult evaluateCriteria(Formula formula, List<CriterionRating> ratings) throws FormulaException {
        Objects.requireNonNull(formula, "formula");
        Objects.requireNonNull(ratings, "ratings");
        if (!(formula.spec() instanceof CriteriaSpec spec)) {
            throw new IllegalArgumentException("formula " + formula.ref() + " is of kind " + formula.kind()
                    + ", not " + Formula.KIND_CRITERIA);
        }
        return CriteriaEvaluator.evaluate(formula, spec, ratings);
    }

    /**
     * The findings a findings formula counts towards its score: the active ones that pass its threat-class filter, in
     * the order given.
     *
     * @throws IllegalArgumentException when the formula is not of kind {@code findings}
     */
    public static List<Finding> counted(Formula formula, List<Finding> findings) {
        if (!(formula.spec() instanceof FindingsSpec spec)) {
            throw new IllegalArgumentException("formula " + formula.ref() + " is of kind " + formula.kind()
                    + ", not " + Formula.KIND_FINDINGS);
        }
        List<Finding> out = new ArrayList<>();
        for (Finding f : findings) {
            if (Finding.ACTIVE.equals(f.status()) && threatClassCounts(spec, f.threatClass())) {
                out.add(f);
            }
        }
        return out;
    }

    /** Whether a findings formula names verdicts (so that every result of it carries one). */
    public static boolean hasVerdicts(Formula formula) {
        return formula.spec() instanceof FindingsSpec spec && !spec.verdicts().isEmpty();
    }

    private static boolean threatClassCounts(FindingsSpec spec, String threatClass) {
        if (!spec.includeThreatClasses().isEmpty() && !spec.includeThreatClasses().contains(threatClass)) {
            return false;
        }
        return !spec.excludeThreatClasses().contains(threatClass);
    }

    private static List<Finding> units(FindingsSpec spec, List<Finding> scored) {
        if (spec.aggregate() == Aggregate.PER_FINDING) {
            return scored;
        }
        // One unit per rule id: its heaviest finding, and on equal weight the more severe one, so the choice never
        // depends on the order findings arrived in.
        Map<String, Finding> perRule = new TreeMap<>();
        for (Finding f : scored) {
            perRule.merge(f.id(), f, (a, b) -> heavier(spec, a, b));
        }
        return new ArrayList<>(perRule.values());
    }

    private static Finding heavier(FindingsSpec spec, Finding a, Finding b) {
        int byWeight = spec.weights().get(a.severity()).compareTo(spec.weights().get(b.severity()));
        if (byWeight != 0) {
            return byWeight > 0 ? a : b;
        }
        return a.severity().compareTo(b.severity()) <= 0 ? a : b;
    }

    private static Attestation attest(Formula formula, FindingsSpec spec, List<Finding> scored,
            java.util.function.ToIntFunction<Set<Severity>> unitCount, BigDecimal score) {
        if (spec.attestation().isEmpty()) {
            return new Attestation(false, List.of("formula " + formula.ref() + " defines no attestation"));
        }
        List<String> met = new ArrayList<>();
        List<String> unmet = new ArrayList<>();
        String shown = Numbers.scaled(score);
        for (Requirement r : spec.attestation()) {
            if (r.when().holds(scored, unitCount, score)) {
                met.add(r.met().replace("{score}", shown));
            } else {
                unmet.add(r.unmet().replace("{score}", shown));
            }
        }
        return unmet.isEmpty() ? new Attestation(true, met) : new Attestation(false, unmet);
    }

    private static String ids(List<Finding> group) {
        SortedSet<String> ids = new TreeSet<>();
        for (Finding f : group) {
            ids.add(f.id());
        }
        List<String> shown = new ArrayList<>();
        for (String id : ids) {
            if (shown.size() == IDS_SHOWN) {
                break;
            }
            shown.add(SpecNode.echo(id));
        }
        int more = ids.size() - shown.size();
        return String.join(", ", shown) + (more > 0 ? " and " + more + " more" : "");
    }

    private static String plural(String noun, int count) {
        if (count == 1) {
            return noun;
        }
        return noun.endsWith("ch") ? noun + "es" : noun + "s";
    }
}
