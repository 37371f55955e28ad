package dev.assay.engine.formula;

import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Severity;
import java.math.BigDecimal;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A condition of a cap, an attestation requirement or a verdict: a mapping of one or more tests, all of which must
 * hold. Finding tests look at the scored findings only (active, past the threat-class filter); score tests compare the
 * final score and are allowed only where a final score exists (attestation, verdicts); the level test names level bands
 * and is allowed only in verdicts, which are decided after the level.
 */
final class Condition {

    private static final Set<String> FINDING_KEYS = Set.of("anySeverity", "noSeverity", "anyRule", "countAtLeast",
            "anyThreatClass", "noThreatClass");
    private static final Set<String> SCORE_KEYS = Set.of("scoreAtLeast", "scoreAtMost");
    private static final String LEVEL_KEY = "level";

    private final Set<Severity> anySeverity;
    private final Set<Severity> noSeverity;
    private final Set<String> anyRule;
    private final Integer countAtLeast;
    private final Set<Severity> countSeverities;
    private final BigDecimal scoreAtLeast;
    private final BigDecimal scoreAtMost;
    private final Set<String> anyThreatClass;
    private final Set<String> noThreatClass;
    private final Set<String> levels;

    private Condition(Set<Severity> anySeverity, Set<Severity> noSeverity, Set<String> anyRule, Integer countAtLeast,
            Set<Severity> countSeverities, BigDecimal scoreAtLeast, BigDecimal scoreAtMost, Set<String> anyThreatClass,
            Set<String> noThreatClass, Set<String> levels) {
        this.anySeverity = anySeverity;
        this.noSeverity = noSeverity;
        this.anyRule = anyRule;
        this.countAtLeast = countAtLeast;
        this.countSeverities = countSeverities;
        this.scoreAtLeast = scoreAtLeast;
        this.scoreAtMost = scoreAtMost;
        this.anyThreatClass = anyThreatClass;
        this.noThreatClass = noThreatClass;
        this.levels = levels;
    }

    static Condition parse(SpecNode node, boolean scoreTestsAllowed) throws FormulaException {
        return parse(node, scoreTestsAllowed, null);
    }

    /**
     * @param levelNames the spec's level names when the level test is allowed (verdicts), else null
     */
    static Condition parse(SpecNode node, boolean scoreTestsAllowed, Set<String> levelNames) throws FormulaException {
        Set<String> allowed = new HashSet<>(FINDING_KEYS);
        if (scoreTestsAllowed) {
            allowed.addAll(SCORE_KEYS);
        } else {
            for (String key : SCORE_KEYS) {
                if (node.isMapping() && node.has(key)) {
                    throw node.get(key).error("a score test cannot decide a cap (the score is not final yet)");
                }
            }
        }
        if (levelNames != null) {
            allowed.add(LEVEL_KEY);
        } else if (node.isMapping() && node.has(LEVEL_KEY)) {
            throw node.get(LEVEL_KEY).error("a level test is allowed in verdicts only (the level is not known yet)");
        }
        node.keys(Set.of(), allowed);
        if (node.entries().isEmpty()) {
            throw node.error("needs at least one test (" + String.join(", ", new java.util.TreeSet<>(allowed)) + ")");
        }
        Set<Severity> any = node.has("anySeverity") ? severities(node.get("anySeverity")) : null;
        Set<Severity> none = node.has("noSeverity") ? severities(node.get("noSeverity")) : null;
        Set<String> rules = node.has("anyRule") ? Set.copyOf(node.get("anyRule").distinctLines()) : null;
        Integer count = null;
        Set<Severity> countOf = null;
        if (node.has("countAtLeast")) {
            SpecNode c = node.get("countAtLeast").keys(Set.of("count"), Set.of("severity"));
            count = c.get("count").integer();
            if (count < 1) {
                throw c.get("count").error("must be at least 1");
            }
            countOf = c.has("severity") ? severities(c.get("severity")) : EnumSet.allOf(Severity.class);
        }
        BigDecimal atLeast = node.has("scoreAtLeast") ? node.get("scoreAtLeast").decimal() : null;
        BigDecimal atMost = node.has("scoreAtMost") ? node.get("scoreAtMost").decimal() : null;
        Set<String> anyClass = node.has("anyThreatClass") ? Set.copyOf(node.get("anyThreatClass").distinctLines()) : null;
        Set<String> noClass = node.has("noThreatClass") ? Set.copyOf(node.get("noThreatClass").distinctLines()) : null;
        Set<String> levelSet = null;
        if (node.has(LEVEL_KEY)) {
            SpecNode levelNode = node.get(LEVEL_KEY);
            if (levelNames.isEmpty()) {
                throw levelNode.error("the formula defines no levels to test");
            }
            List<String> named = levelNode.distinctLines();
            for (String l : named) {
                if (!levelNames.contains(l)) {
                    throw levelNode.error("unknown level '" + SpecNode.echo(l) + "' (the formula's levels: "
                            + String.join(", ", new java.util.TreeSet<>(levelNames)) + ")");
                }
            }
            levelSet = Set.copyOf(named);
        }
        return new Condition(any, none, rules, count, countOf, atLeast, atMost, anyClass, noClass, levelSet);
    }

    static Set<Severity> severities(SpecNode node) throws FormulaException {
        List<SpecNode> items = node.list();
        if (items.isEmpty()) {
            throw node.error("must list at least one severity");
        }
        Set<Severity> out = EnumSet.noneOf(Severity.class);
        for (SpecNode item : items) {
            Severity s = severity(item);
            if (!out.add(s)) {
                throw item.error("duplicate severity '" + s.id() + "'");
            }
        }
        return out;
    }

    /** Severity names are exact lower-case ids in specs; "Critical" is a typo here, not a variant. */
    static Severity severity(SpecNode node) throws FormulaException {
        String text = node.text();
        for (Severity s : Severity.values()) {
            if (s.id().equals(text)) {
                return s;
            }
        }
        throw node.error("unknown severity '" + SpecNode.echo(text) + "' (expected critical, high, medium, low or info)");
    }

    /**
     * @param scored the findings that count (active, past the filters)
     * @param units  how many scoring units those findings form for a given severity set (findings or distinct rules)
     * @param score  the final score, or null while caps are being decided
     */
    boolean holds(List<Finding> scored, java.util.function.ToIntFunction<Set<Severity>> units, BigDecimal score) {
        return holds(scored, units, score, null);
    }

    /** As {@link #holds(List, java.util.function.ToIntFunction, BigDecimal)}, with the level for verdicts. */
    boolean holds(List<Finding> scored, java.util.function.ToIntFunction<Set<Severity>> units, BigDecimal score,
            String level) {
        if (levels != null && (level == null || !levels.contains(level))) {
            return false;
        }
        if (anyThreatClass != null && scored.stream().noneMatch(f -> anyThreatClass.contains(f.threatClass()))) {
            return false;
        }
        if (noThreatClass != null && scored.stream().anyMatch(f -> noThreatClass.contains(f.threatClass()))) {
            return false;
        }
        if (anySeverity != null && scored.stream().noneMatch(f -> anySeverity.contains(f.severity()))) {
            return false;
        }
        if (noSeverity != null && scored.stream().anyMatch(f -> noSeverity.contains(f.severity()))) {
            return false;
        }
        if (anyRule != null && scored.stream().noneMatch(f -> anyRule.contains(f.id()))) {
            return false;
        }
        if (countAtLeast != null && units.applyAsInt(countSeverities) < countAtLeast) {
            return false;
        }
        if (scoreAtLeast != null && (score == null || score.compareTo(scoreAtLeast) < 0)) {
            return false;
        }
        return scoreAtMost == null || (score != null && score.compareTo(scoreAtMost) <= 0);
    }
}
