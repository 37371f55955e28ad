package dev.assay.engine.formula;

import dev.assay.engine.model.Severity;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The parsed form of a findings formula ({@code kind: findings}): everything the interpreter needs, already
 * validated, with no defaults hidden in code. Unset optional parts are empty lists or null.
 */
record FindingsSpec(
        BigDecimal start,
        Direction direction,
        Map<Severity, BigDecimal> weights,
        Aggregate aggregate,
        List<String> includeThreatClasses,
        List<String> excludeThreatClasses,
        List<Cap> caps,
        BigDecimal clampMin,
        BigDecimal clampMax,
        Rounding rounding,
        List<Band> bands,
        List<Requirement> attestation,
        List<VerdictRule> verdicts) implements FormulaSpec {

    static final Set<String> KEYS = Set.of("start", "direction", "weights", "aggregate", "clamp", "round");
    static final Set<String> OPTIONAL_KEYS = Set.of("threatClass", "caps", "levels", "attestation", "verdicts");

    /** Whether weights are added to or subtracted from the start value. */
    enum Direction { ADD, SUBTRACT }

    /** What one weight is charged for: every finding, or each distinct rule id once. */
    enum Aggregate { PER_FINDING, PER_RULE }

    /** "When the condition holds, the score is at most {@code max}." */
    record Cap(Condition when, BigDecimal max, String reason) {
    }

    /** One attestation requirement with the sentence shown when it holds and when it does not. */
    record Requirement(Condition when, String met, String unmet) {
    }

    /** "When the condition holds (or always, when {@code when} is null), the verdict is this one." */
    record VerdictRule(String id, Condition when, String text) {
    }

    static FindingsSpec parse(SpecNode root) throws FormulaException {
        BigDecimal start = root.get("start").decimal();
        SpecNode directionNode = root.get("direction");
        Direction direction = switch (directionNode.text()) {
            case "add" -> Direction.ADD;
            case "subtract" -> Direction.SUBTRACT;
            default -> throw directionNode.error("unknown direction '" + SpecNode.echo(directionNode.text())
                    + "' (expected add or subtract)");
        };
        Map<Severity, BigDecimal> weights = weights(root.get("weights"));
        SpecNode aggregateNode = root.get("aggregate");
        Aggregate aggregate = switch (aggregateNode.text()) {
            case "per-finding" -> Aggregate.PER_FINDING;
            case "per-rule" -> Aggregate.PER_RULE;
            default -> throw aggregateNode.error("unknown aggregate '" + SpecNode.echo(aggregateNode.text())
                    + "' (expected per-finding or per-rule)");
        };

        List<String> include = List.of();
        List<String> exclude = List.of();
        if (root.has("threatClass")) {
            SpecNode filter = root.get("threatClass").keys(Set.of(), Set.of("include", "exclude"));
            if (!filter.has("include") && !filter.has("exclude")) {
                throw filter.error("needs include or exclude");
            }
            include = filter.has("include") ? filter.get("include").distinctLines() : List.of();
            exclude = filter.has("exclude") ? filter.get("exclude").distinctLines() : List.of();
            for (String c : exclude) {
                if (include.contains(c)) {
                    throw filter.get("exclude").error("'" + SpecNode.echo(c) + "' is both included and excluded");
                }
            }
        }

        SpecNode clamp = root.get("clamp").keys(Set.of("min", "max"), Set.of());
        BigDecimal min = clamp.get("min").decimal();
        BigDecimal max = clamp.get("max").decimal();
        if (min.compareTo(max) >= 0) {
            throw clamp.error("min must be below max");
        }
        Rounding rounding = Rounding.parse(root.get("round"));
        for (String key : List.of("min", "max")) {
            if (!rounding.fits(clamp.get(key).decimal())) {
                throw clamp.get(key).error("has more decimals than the score (" + rounding.describe() + ")");
            }
        }

        List<Cap> caps = new ArrayList<>();
        if (root.has("caps")) {
            for (SpecNode item : root.get("caps").list()) {
                item.keys(Set.of("when", "max", "reason"), Set.of());
                BigDecimal capMax = item.get("max").decimal();
                if (capMax.compareTo(min) < 0 || capMax.compareTo(max) > 0) {
                    throw item.get("max").error("is outside the clamp range " + Numbers.plain(min) + "–" + Numbers.plain(max));
                }
                caps.add(new Cap(Condition.parse(item.get("when"), false), capMax, item.get("reason").line()));
            }
        }

        List<Band> bands = root.has("levels") ? Band.parseAll(root.get("levels"), min, max, rounding) : List.of();

        List<Requirement> requirements = List.of();
        if (root.has("attestation")) {
            SpecNode att = root.get("attestation").keys(Set.of("requires"), Set.of());
            List<SpecNode> items = att.get("requires").list();
            if (items.isEmpty()) {
                throw att.get("requires").error("must list at least one requirement");
            }
            List<Requirement> parsed = new ArrayList<>();
            for (SpecNode item : items) {
                item.keys(Set.of("when", "met", "unmet"), Set.of());
                parsed.add(new Requirement(Condition.parse(item.get("when"), true),
                        template(item.get("met")), template(item.get("unmet"))));
            }
            requirements = List.copyOf(parsed);
        }
        List<VerdictRule> verdicts = root.has("verdicts") ? verdicts(root.get("verdicts"), bands) : List.of();
        return new FindingsSpec(start, direction, weights, aggregate, include, exclude, List.copyOf(caps), min, max,
                rounding, bands, requirements, verdicts);
    }

    /**
     * Verdicts are tried in order and the first whose condition holds is the result; the last one has no condition,
     * so every result gets a verdict, and only the last one may lack it.
     */
    private static List<VerdictRule> verdicts(SpecNode node, List<Band> bands) throws FormulaException {
        List<SpecNode> items = node.list();
        if (items.isEmpty()) {
            throw node.error("must list at least one verdict");
        }
        Set<String> levelNames = new java.util.LinkedHashSet<>();
        bands.forEach(b -> levelNames.add(b.level()));
        Set<String> ids = new java.util.HashSet<>();
        List<VerdictRule> out = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            SpecNode item = items.get(i).keys(Set.of("id", "text"), Set.of("when"));
            boolean last = i == items.size() - 1;
            String id = Band.identifier(item.get("id"));
            if (!ids.add(id)) {
                throw item.get("id").error("duplicate verdict '" + id + "'");
            }
            Condition when = null;
            if (item.has("when")) {
                if (last) {
                    throw item.get("when").error("the last verdict is the default and takes no condition");
                }
                when = Condition.parse(item.get("when"), true, levelNames);
            } else if (!last) {
                throw item.error("needs a condition ('when'); only the last verdict is unconditional");
            }
            out.add(new VerdictRule(id, when, verdictText(item.get("text"))));
        }
        return List.copyOf(out);
    }

    /** Verdict sentences may mention {score} and {level}; any other brace is a typo. */
    private static String verdictText(SpecNode node) throws FormulaException {
        String text = node.line();
        String rest = text.replace("{score}", "").replace("{level}", "");
        if (rest.indexOf('{') >= 0 || rest.indexOf('}') >= 0) {
            throw node.error("unknown placeholder (only {score} and {level} are available)");
        }
        return text;
    }

    private static Map<Severity, BigDecimal> weights(SpecNode node) throws FormulaException {
        Map<Severity, BigDecimal> weights = new EnumMap<>(Severity.class);
        for (Map.Entry<String, SpecNode> e : node.entries()) {
            Severity severity = null;
            for (Severity s : Severity.values()) {
                if (s.id().equals(e.getKey())) {
                    severity = s;
                }
            }
            if (severity == null) {
                throw e.getValue().error("unknown severity (expected critical, high, medium, low or info)");
            }
            BigDecimal weight = e.getValue().decimal();
            if (weight.signum() < 0) {
                throw e.getValue().error("must not be negative (direction says whether weights add or subtract)");
            }
            weights.put(severity, weight);
        }
        for (Severity s : Severity.values()) {
            if (!weights.containsKey(s)) {
                throw node.error("missing severity '" + s.id() + "' (every severity needs an explicit weight, 0 included)");
            }
        }
        return java.util.Collections.unmodifiableMap(weights);
    }

    /** Human sentences may mention the final score as {score}; any other brace is a typo. */
    static String template(SpecNode node) throws FormulaException {
        String text = node.line();
        String rest = text.replace("{score}", "");
        if (rest.indexOf('{') >= 0 || rest.indexOf('}') >= 0) {
            throw node.error("unknown placeholder (only {score} is available)");
        }
        return text;
    }
}
