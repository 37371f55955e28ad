package dev.assay.engine.formula;

import dev.assay.engine.formula.CriteriaSpec.AutomaticCap;
import dev.assay.engine.formula.CriteriaSpec.CapDef;
import dev.assay.engine.formula.CriteriaSpec.ConfidenceRule;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Scores criterion ratings with a {@link CriteriaSpec}; see {@link FormulaEngine#evaluateCriteria}. */
final class CriteriaEvaluator {

    static final String DEFAULT = "default";
    static final String ALT = "alt";

    private final Formula formula;
    private final CriteriaSpec spec;

    private CriteriaEvaluator(Formula formula, CriteriaSpec spec) {
        this.formula = formula;
        this.spec = spec;
    }

    static CriteriaResult evaluate(Formula formula, CriteriaSpec spec, List<CriterionRating> ratings)
            throws FormulaException {
        return new CriteriaEvaluator(formula, spec).run(ratings);
    }

    private FormulaException error(String message) {
        return new FormulaException(formula.ref() + ": " + message);
    }

    private CriteriaResult run(List<CriterionRating> ratings) throws FormulaException {
        Map<String, CriterionRating> byId = new LinkedHashMap<>();
        for (CriterionRating r : ratings) {
            if (r == null) {
                throw error("a criterion rating is missing (null)");
            }
            if (!spec.criteria().containsKey(r.id())) {
                throw error("unknown criterion '" + SpecNode.echo(r.id()) + "' (expected "
                        + String.join(", ", spec.criteria().keySet()) + ")");
            }
            if (byId.put(r.id(), r) != null) {
                throw error("criterion " + r.id() + " is rated twice");
            }
        }
        List<String> lines = new ArrayList<>();
        lines.add("start: " + formula.ref() + " (" + formula.title() + "), " + spec.criteria().size()
                + " criteria worth " + Numbers.plain(spec.criterionMax()) + " each");
        List<CriteriaResult.Criterion> scored = new ArrayList<>();
        BigDecimal sum = BigDecimal.ZERO;
        BigDecimal applicableSum = BigDecimal.ZERO;
        int applicableCount = 0;
        for (Map.Entry<String, String> c : spec.criteria().entrySet()) {
            CriterionRating rating = byId.get(c.getKey());
            if (rating == null) {
                throw error("criterion " + c.getKey() + " is not rated");
            }
            CriteriaResult.Criterion criterion = criterion(c.getKey(), c.getValue(), rating, lines);
            scored.add(criterion);
            sum = sum.add(criterion.score());
            if (!criterion.structuralAbsence()) {
                applicableCount++;
                applicableSum = applicableSum.add(criterion.score());
            }
        }

        BigDecimal total = spec.totalRounding().apply(sum);
        BigDecimal max = spec.totalRounding().apply(spec.criterionMax().multiply(BigDecimal.valueOf(spec.criteria().size())));
        Band band = null;
        for (Band b : spec.bands()) {
            if (Band.contains(b, total)) {
                band = b;
            }
        }
        if (band == null) {
            throw new IllegalStateException("bands were checked to cover every total, yet " + total + " has none");
        }
        lines.add("total: " + Numbers.plain(sum) + " → " + Numbers.scaled(total) + " of " + Numbers.scaled(max) + " ("
                + spec.totalRounding().describe() + "); band " + band.level() + " (" + band.label() + ")");

        BigDecimal applicableMax = spec.totalRounding().apply(spec.criterionMax().multiply(BigDecimal.valueOf(applicableCount)));
        Integer percent = null;
        if (applicableCount > 0) {
            BigDecimal exact = applicableSum.multiply(BigDecimal.valueOf(100))
                    .divide(spec.criterionMax().multiply(BigDecimal.valueOf(applicableCount)), 12, RoundingMode.HALF_EVEN);
            percent = spec.percentRounding().apply(exact).intValueExact();
        }
        BigDecimal applicableScore = spec.applicableRounding().apply(applicableSum);
        lines.add("applicable: " + applicableCount + " of " + spec.criteria().size() + " criteria, "
                + Numbers.scaled(applicableScore) + " of " + Numbers.scaled(applicableMax)
                + (percent == null ? "" : " (" + percent + "%)"));
        return new CriteriaResult(total, max, new CriteriaResult.BandInfo(band.level(), band.label(), band.color()),
                new CriteriaResult.Applicable(applicableCount, applicableScore, applicableMax, percent), scored, lines);
    }

    private CriteriaResult.Criterion criterion(String id, String name, CriterionRating rating, List<String> lines)
            throws FormulaException {
        BigDecimal criterionMax = spec.criterionRounding().apply(spec.criterionMax());
        if (rating.structuralAbsence()) {
            if (rating.mechanism() != null || rating.alternative() != null) {
                throw error(id + ": a structurally absent criterion is not rated on mechanisms");
            }
            Map<String, CriterionRating.Parameter> all = new LinkedHashMap<>();
            for (String p : spec.parameters().keySet()) {
                all.put(p, CriterionRating.Parameter.absent());
            }
            Scored m = mechanism(id, DEFAULT, new CriterionRating.Mechanism("structural absence", all, List.of()));
            lines.add(id + " " + name + ": structurally absent, " + Numbers.scaled(m.result.score()));
            return new CriteriaResult.Criterion(id, name, true, m.result.score(), criterionMax, DEFAULT, null,
                    m.result.confidence(), List.of(m.result));
        }
        if (rating.mechanism() == null) {
            throw error(id + ": has no default mechanism (only a structurally absent criterion may leave it out)");
        }
        Scored main = mechanism(id, DEFAULT, rating.mechanism());
        Scored alt = rating.alternative() == null ? null : mechanism(id, ALT, rating.alternative());
        // The alternative counts only when it scores strictly more; on a tie the default mechanism stands.
        Scored counted = alt != null && alt.result.score().compareTo(main.result.score()) > 0 ? alt : main;
        StringBuilder line = new StringBuilder(id + " " + name + ": ");
        line.append(alt == null ? "" : "default ").append(main.explanation);
        if (alt != null) {
            line.append("; alt ").append(alt.explanation).append("; counts ").append(counted.result.kind());
        }
        lines.add(line.toString());
        List<CriteriaResult.Mechanism> mechanisms = alt == null ? List.of(main.result) : List.of(main.result, alt.result);
        return new CriteriaResult.Criterion(id, name, false, counted.result.score(), criterionMax, counted.result.kind(),
                counted.result.cap(), counted.result.confidence(), mechanisms);
    }

    private record Scored(CriteriaResult.Mechanism result, String explanation) {
    }

    private Scored mechanism(String criterion, String kind, CriterionRating.Mechanism m) throws FormulaException {
        String where = criterion + " " + kind + ": ";
        for (String p : m.parameters().keySet()) {
            if (!spec.parameters().containsKey(p)) {
                throw error(where + "unknown parameter '" + SpecNode.echo(p) + "' (expected "
                        + String.join(", ", spec.parameters().keySet()) + ")");
            }
        }
        Map<String, Integer> levels = new LinkedHashMap<>();
        int inferred = 0;
        for (String p : spec.parameters().keySet()) {
            CriterionRating.Parameter rating = m.parameters().get(p);
            if (rating == null) {
                throw error(where + "parameter " + p + " is not rated");
            }
            int level = rating.structuralAbsence() ? spec.structuralAbsenceLevel() : rating.level();
            if (level < 0 || level > spec.maxLevel()) {
                throw error(where + p + " level " + level + " is outside 0–" + spec.maxLevel());
            }
            if (rating.inferred()) {
                inferred++;
                if (level > spec.inferredMaxLevel()) {
                    throw error(where + p + " is inferred, so its level is at most " + spec.inferredMaxLevel()
                            + ", not " + level);
                }
            }
            levels.put(p, level);
        }
        CriterionRating.Parameter reference = m.parameters().get(spec.boundReference());
        for (String p : spec.boundedParameters()) {
            CriterionRating.Parameter bounded = m.parameters().get(p);
            if (!bounded.structuralAbsence() && !reference.structuralAbsence()
                    && levels.get(p) > levels.get(spec.boundReference()) + spec.boundMaxSteps()) {
                throw error(where + p + " is at level " + levels.get(p) + " but " + spec.boundReference() + " is at "
                        + levels.get(spec.boundReference()) + "; " + String.join(" and ", spec.boundedParameters())
                        + " may be at most " + spec.boundMaxSteps() + " level(s) above " + spec.boundReference());
            }
        }

        Map<String, CriteriaResult.Parameter> parameters = new LinkedHashMap<>();
        BigDecimal raw = BigDecimal.ZERO;
        List<String> parts = new ArrayList<>();
        for (CriteriaSpec.Parameter p : spec.parameters().values()) {
            int level = levels.get(p.id());
            CriterionRating.Parameter rating = m.parameters().get(p.id());
            BigDecimal points = spec.pointsRounding().apply(p.weight().multiply(spec.levelFractions().get(level)));
            raw = raw.add(points);
            parameters.put(p.id(), new CriteriaResult.Parameter(level, rating.structuralAbsence(), rating.inferred(),
                    p.weight(), points));
            parts.add(p.id() + " " + (rating.structuralAbsence() ? "SA" : "L" + level) + " " + Numbers.plain(points));
        }

        CapDef cap = lowestCap(criterion, kind, m, levels, where);
        BigDecimal capped = cap != null && cap.max().compareTo(raw) < 0 ? cap.max() : raw;
        BigDecimal score = spec.criterionRounding().apply(capped);
        String confidence = null;
        for (ConfidenceRule rule : spec.confidence()) {
            if (confidence == null && (rule.maxInferred() == null || inferred <= rule.maxInferred())) {
                confidence = rule.level();
            }
        }
        String explanation = String.join(" + ", parts) + " = " + Numbers.plain(raw)
                + (cap == null ? "" : ", cap " + cap.id() + " at " + Numbers.plain(cap.max()) + " (" + cap.title() + ")")
                + " → " + Numbers.scaled(score);
        CriteriaResult.Cap applied = cap == null ? null : new CriteriaResult.Cap(cap.id(), cap.max());
        return new Scored(new CriteriaResult.Mechanism(kind, m.label(), raw, score, applied, confidence, parameters),
                explanation);
    }

    /** The lowest applicable cap; on equal ceilings the first one (alternative cap, then as written, then automatic). */
    private CapDef lowestCap(String criterion, String kind, CriterionRating.Mechanism m, Map<String, Integer> levels,
            String where) throws FormulaException {
        List<CapDef> caps = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        if (ALT.equals(kind)) {
            caps.add(spec.caps().get(spec.alternativeCap()));
            seen.add(spec.alternativeCap());
        }
        Set<String> written = new HashSet<>();
        for (String id : m.caps()) {
            CapDef cap = id == null ? null : spec.caps().get(id);
            if (cap == null) {
                throw error(where + "unknown cap '" + SpecNode.echo(String.valueOf(id)) + "' (expected "
                        + String.join(", ", spec.caps().keySet()) + ")");
            }
            if (cap.criterion() != null && !cap.criterion().equals(criterion)) {
                throw error(where + "cap " + id + " is only valid on " + cap.criterion());
            }
            if (!written.add(id)) {
                throw error(where + "cap " + id + " is listed twice");
            }
            if (seen.add(id)) {
                caps.add(cap);
            }
        }
        if (DEFAULT.equals(kind)) {
            for (AutomaticCap auto : spec.automaticCaps()) {
                CriterionRating.Parameter p = m.parameters().get(auto.parameter());
                if (auto.criterion().equals(criterion) && !p.structuralAbsence()
                        && levels.get(auto.parameter()) == auto.level() && seen.add(auto.cap())) {
                    caps.add(spec.caps().get(auto.cap()));
                }
            }
        }
        CapDef lowest = null;
        for (CapDef cap : caps) {
            if (lowest == null || cap.max().compareTo(lowest.max()) < 0) {
                lowest = cap;
            }
        }
        return lowest;
    }
}
