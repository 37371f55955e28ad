package dev.assay.engine.formula;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The parsed form of a weighted-criteria formula ({@code kind: criteria}), the shape of the SafetyCard score: every
 * criterion is rated on the same weighted parameters, each at a level worth a fraction of its weight; caps (the lowest
 * applicable one wins) limit a mechanism's score; an opt-in alternative mechanism is scored with its own cap and the
 * criterion counts the higher of the two; criterion scores add up to a rounded total with bands.
 */
record CriteriaSpec(
        Map<String, String> criteria,
        Map<String, Parameter> parameters,
        Map<Integer, BigDecimal> levelFractions,
        int structuralAbsenceLevel,
        Map<String, CapDef> caps,
        String alternativeCap,
        List<AutomaticCap> automaticCaps,
        List<String> boundedParameters,
        String boundReference,
        int boundMaxSteps,
        int inferredMaxLevel,
        List<ConfidenceRule> confidence,
        Rounding pointsRounding,
        Rounding criterionRounding,
        Rounding totalRounding,
        Rounding applicableRounding,
        Rounding percentRounding,
        List<Band> bands) implements FormulaSpec {

    static final Set<String> KEYS = Set.of("criteria", "parameters", "levels", "structuralAbsence", "caps",
            "alternativeCap", "limits", "confidence", "round", "bands");
    static final Set<String> OPTIONAL_KEYS = Set.of("automaticCaps");

    private static final Pattern CRITERION_ID = Pattern.compile("[A-Z][A-Z0-9]{0,15}");
    private static final Pattern CAP_ID = Pattern.compile("[A-Z][A-Z0-9]{0,15}(-[A-Z0-9]{1,24})?");
    private static final int MAX_LEVEL = 10;

    /** A weighted parameter every criterion is rated on. */
    record Parameter(String id, String name, BigDecimal weight) {
    }

    /** A cap: a ceiling for a mechanism's score; {@code criterion} is null for a cap valid on any criterion. */
    record CapDef(String id, BigDecimal max, String criterion, String title) {
    }

    /** A cap added without being listed: on {@code criterion}'s default mechanism when {@code parameter} is at {@code level}. */
    record AutomaticCap(String cap, String criterion, String parameter, int level) {
    }

    /** The confidence named {@code level} applies when at most {@code maxInferred} parameters are inferred (null: any). */
    record ConfidenceRule(String level, Integer maxInferred) {
    }

    /** The most a criterion can score: every parameter at the top level. */
    BigDecimal criterionMax() {
        BigDecimal top = levelFractions.get(maxLevel());
        BigDecimal sum = BigDecimal.ZERO;
        for (Parameter p : parameters.values()) {
            sum = sum.add(pointsRounding.apply(p.weight().multiply(top)));
        }
        return sum;
    }

    int maxLevel() {
        return levelFractions.size() - 1;
    }

    static CriteriaSpec parse(SpecNode root) throws FormulaException {
        Map<String, String> criteria = new LinkedHashMap<>();
        SpecNode criteriaNode = root.get("criteria");
        for (SpecNode item : nonEmpty(criteriaNode)) {
            item.keys(Set.of("id", "name"), Set.of());
            String id = matching(item.get("id"), CRITERION_ID, "criterion id (upper-case letters and digits, like C1)");
            if (criteria.put(id, item.get("name").line()) != null) {
                throw item.get("id").error("duplicate criterion '" + id + "'");
            }
        }

        Map<String, Parameter> parameters = new LinkedHashMap<>();
        for (SpecNode item : nonEmpty(root.get("parameters"))) {
            item.keys(Set.of("id", "name", "weight"), Set.of());
            String id = matching(item.get("id"), CRITERION_ID, "parameter id (upper-case letters and digits, like S)");
            BigDecimal weight = item.get("weight").decimal();
            if (weight.signum() <= 0) {
                throw item.get("weight").error("must be above 0");
            }
            if (parameters.put(id, new Parameter(id, item.get("name").line(), weight)) != null) {
                throw item.get("id").error("duplicate parameter '" + id + "'");
            }
        }

        Map<Integer, BigDecimal> fractions = new LinkedHashMap<>();
        List<SpecNode> levelItems = nonEmpty(root.get("levels"));
        if (levelItems.size() > MAX_LEVEL + 1) {
            throw root.get("levels").error("at most " + (MAX_LEVEL + 1) + " levels");
        }
        BigDecimal previous = null;
        for (SpecNode item : levelItems) {
            item.keys(Set.of("level", "fraction"), Set.of());
            int level = item.get("level").integer();
            if (level != fractions.size()) {
                throw item.get("level").error("levels must be listed in order from 0; expected " + fractions.size());
            }
            BigDecimal fraction = item.get("fraction").decimal();
            if (fraction.signum() < 0 || fraction.compareTo(BigDecimal.ONE) > 0) {
                throw item.get("fraction").error("must be between 0 and 1");
            }
            if (previous != null && fraction.compareTo(previous) <= 0) {
                throw item.get("fraction").error("must be above the fraction of the level below");
            }
            fractions.put(level, fraction);
            previous = fraction;
        }
        int maxLevel = fractions.size() - 1;

        SpecNode sa = root.get("structuralAbsence").keys(Set.of("level"), Set.of());
        int saLevel = sa.get("level").integer();
        if (!fractions.containsKey(saLevel)) {
            throw sa.get("level").error("is not one of the levels");
        }

        Map<String, CapDef> caps = new LinkedHashMap<>();
        for (SpecNode item : nonEmpty(root.get("caps"))) {
            item.keys(Set.of("id", "max", "title"), Set.of("criterion"));
            String id = matching(item.get("id"), CAP_ID, "cap id (like G1 or C1-SELFESC)");
            BigDecimal max = item.get("max").decimal();
            if (max.signum() < 0) {
                throw item.get("max").error("must not be negative");
            }
            String criterion = null;
            if (item.has("criterion")) {
                criterion = item.get("criterion").text();
                if (!criteria.containsKey(criterion)) {
                    throw item.get("criterion").error("unknown criterion '" + SpecNode.echo(criterion) + "'");
                }
            }
            if (caps.put(id, new CapDef(id, max, criterion, item.get("title").line())) != null) {
                throw item.get("id").error("duplicate cap '" + id + "'");
            }
        }
        SpecNode altNode = root.get("alternativeCap");
        String alternativeCap = altNode.text();
        if (!caps.containsKey(alternativeCap) || caps.get(alternativeCap).criterion() != null) {
            throw altNode.error("'" + SpecNode.echo(alternativeCap) + "' is not a cap valid on every criterion");
        }

        List<AutomaticCap> automatic = new ArrayList<>();
        if (root.has("automaticCaps")) {
            for (SpecNode item : root.get("automaticCaps").list()) {
                item.keys(Set.of("cap", "criterion", "parameter", "level"), Set.of());
                String cap = item.get("cap").text();
                String criterion = item.get("criterion").text();
                if (!caps.containsKey(cap)) {
                    throw item.get("cap").error("unknown cap '" + SpecNode.echo(cap) + "'");
                }
                if (!criteria.containsKey(criterion)) {
                    throw item.get("criterion").error("unknown criterion '" + SpecNode.echo(criterion) + "'");
                }
                String own = caps.get(cap).criterion();
                if (own != null && !own.equals(criterion)) {
                    throw item.get("criterion").error("cap " + cap + " is only valid on " + own);
                }
                String parameter = knownParameter(item.get("parameter"), parameters);
                int level = item.get("level").integer();
                if (!fractions.containsKey(level)) {
                    throw item.get("level").error("is not one of the levels");
                }
                automatic.add(new AutomaticCap(cap, criterion, parameter, level));
            }
        }

        SpecNode limits = root.get("limits").keys(Set.of("aboveReference", "inferredMaxLevel"), Set.of());
        SpecNode above = limits.get("aboveReference").keys(Set.of("parameters", "reference", "maxSteps"), Set.of());
        String reference = knownParameter(above.get("reference"), parameters);
        List<String> bounded = new ArrayList<>();
        for (SpecNode p : nonEmpty(above.get("parameters"))) {
            String id = knownParameter(p, parameters);
            if (id.equals(reference) || bounded.contains(id)) {
                throw p.error("must be another parameter than the reference, listed once");
            }
            bounded.add(id);
        }
        int maxSteps = above.get("maxSteps").integer();
        if (maxSteps < 0) {
            throw above.get("maxSteps").error("must not be negative");
        }
        int inferredMax = limits.get("inferredMaxLevel").integer();
        if (!fractions.containsKey(inferredMax)) {
            throw limits.get("inferredMaxLevel").error("is not one of the levels");
        }

        List<ConfidenceRule> confidence = new ArrayList<>();
        List<SpecNode> confidenceItems = nonEmpty(root.get("confidence"));
        for (int i = 0; i < confidenceItems.size(); i++) {
            SpecNode item = confidenceItems.get(i).keys(Set.of("level"), Set.of("maxInferred"));
            boolean last = i == confidenceItems.size() - 1;
            if (last == item.has("maxInferred")) {
                throw item.error(last ? "the last confidence rule takes every remaining case, so it has no maxInferred"
                        : "needs maxInferred (only the last rule has none)");
            }
            Integer maxInferred = last ? null : item.get("maxInferred").integer();
            if (maxInferred != null && (maxInferred < 0
                    || (!confidence.isEmpty() && maxInferred <= confidence.get(confidence.size() - 1).maxInferred()))) {
                throw item.get("maxInferred").error("must grow from one rule to the next");
            }
            confidence.add(new ConfidenceRule(Band.identifier(item.get("level")), maxInferred));
        }

        SpecNode round = root.get("round").keys(Set.of("points", "criterion", "total", "applicable", "percent"), Set.of());
        Rounding points = Rounding.parse(round.get("points"));
        Rounding criterion = Rounding.parse(round.get("criterion"));
        Rounding total = Rounding.parse(round.get("total"));
        Rounding applicable = Rounding.parse(round.get("applicable"));
        Rounding percent = Rounding.parse(round.get("percent"));

        CriteriaSpec draft = new CriteriaSpec(criteria, parameters, fractions, saLevel, caps, alternativeCap, automatic,
                bounded, reference, maxSteps, inferredMax, confidence, points, criterion, total, applicable, percent,
                List.of());
        for (CapDef cap : caps.values()) {
            if (cap.max().compareTo(draft.criterionMax()) > 0) {
                throw root.get("caps").error("cap " + cap.id() + " is above the most a criterion can score ("
                        + Numbers.plain(draft.criterionMax()) + ")");
            }
        }
        BigDecimal highest = draft.criterionMax().multiply(BigDecimal.valueOf(criteria.size()));
        if (!total.fits(highest)) {
            throw round.get("total").error("cannot show the highest total " + Numbers.plain(highest));
        }
        List<Band> bands = Band.parseAll(root.get("bands"), BigDecimal.ZERO, highest, total);
        return new CriteriaSpec(java.util.Collections.unmodifiableMap(criteria),
                java.util.Collections.unmodifiableMap(parameters), java.util.Collections.unmodifiableMap(fractions),
                saLevel, java.util.Collections.unmodifiableMap(caps), alternativeCap, List.copyOf(automatic),
                List.copyOf(bounded), reference, maxSteps, inferredMax, List.copyOf(confidence), points, criterion, total,
                applicable, percent, bands);
    }

    private static List<SpecNode> nonEmpty(SpecNode node) throws FormulaException {
        List<SpecNode> items = node.list();
        if (items.isEmpty()) {
            throw node.error("must not be empty");
        }
        return items;
    }

    private static String matching(SpecNode node, Pattern pattern, String what) throws FormulaException {
        String s = node.text();
        if (s.length() > 48 || !pattern.matcher(s).matches()) {
            throw node.error("'" + SpecNode.echo(s) + "' is not a " + what);
        }
        return s;
    }

    private static String knownParameter(SpecNode node, Map<String, Parameter> parameters) throws FormulaException {
        String id = node.text();
        if (!parameters.containsKey(id)) {
            throw node.error("unknown parameter '" + SpecNode.echo(id) + "' (expected " + String.join(", ", parameters.keySet()) + ")");
        }
        return id;
    }
}
