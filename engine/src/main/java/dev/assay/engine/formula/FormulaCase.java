package dev.assay.engine.formula;

import dev.assay.engine.model.Finding;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * A formula test case kept as data ({@code formula-specs/<id>/cases/*.yaml}): a name, the formula it targets, the
 * findings given and the score, level and attestation wanted. Pack and formula authors run the same cases the build
 * runs, and any implementation of the formula vocabulary can run them too.
 *
 * <pre>
 * name: one critical finding caps the score at 40
 * formula: agent-security-score@1
 * given:
 *   findings:
 *     - {id: AS-NET-001, severity: critical, threatClass: exposure}
 *     - {id: AS-MEM-001, severity: low, status: needs-review}
 * want:
 *   score: 40
 *   level: critical          # ~ when the formula has no levels
 *   attestation: {eligible: false}   # optional: reasons: [exact lines]
 *   verdict: malicious       # optional: the verdict id, for formulas with verdicts
 * </pre>
 *
 * A case for a criteria formula gives {@code criteria} instead of findings, each rated as
 * {@code {id: C4, levels: {S: 1, C: 2, D: 2, B: 0}, inferred: [B], caps: [G2], alt: {levels: {...}}}} or
 * {@code {id: C7, absent: true}} (a level may be {@code SA}), and wants {@code score} and {@code level} (the band) with
 * optional {@code applicable: {count, score, percent}} and per-criterion {@code criteria: {C4: {score, counted, cap,
 * confidence}}}; or it wants {@code error}, a fragment of the message the ratings must be refused with.
 */
public final class FormulaCase {

    /** Cases are small; a case file with more findings than this is a mistake or an attack. */
    private static final int MAX_FINDINGS = 10_000;
    private static final Pattern REF = Pattern.compile("[a-z0-9][a-z0-9-]{0,63}@[1-9][0-9]{0,8}");

    private final String source;
    private final String name;
    private final String formulaRef;
    private final List<Finding> findings;
    private final List<CriterionRating> criteria;
    private final BigDecimal wantScore;
    private final String wantLevel;
    private final boolean wantEligible;
    private final List<String> wantReasons;
    private final CriteriaWant criteriaWant;
    private final String wantVerdict;

    /** What a criteria case wants beyond score and level; every part is optional except in an error case. */
    private record CriteriaWant(String error, Integer applicableCount, BigDecimal applicableScore,
            boolean percentGiven, Integer applicablePercent, Map<String, CriterionWant> perCriterion) {
    }

    /** Expectations for one criterion; null fields are not checked, except {@code cap} when {@code capGiven}. */
    private record CriterionWant(BigDecimal score, String counted, boolean capGiven, String cap, String confidence) {
    }

    private FormulaCase(String source, String name, String formulaRef, List<Finding> findings,
            List<CriterionRating> criteria, BigDecimal wantScore, String wantLevel, boolean wantEligible,
            List<String> wantReasons, CriteriaWant criteriaWant, String wantVerdict) {
        this.source = source;
        this.name = name;
        this.formulaRef = formulaRef;
        this.findings = findings;
        this.criteria = criteria;
        this.wantScore = wantScore;
        this.wantLevel = wantLevel;
        this.wantEligible = wantEligible;
        this.wantReasons = wantReasons;
        this.criteriaWant = criteriaWant;
        this.wantVerdict = wantVerdict;
    }

    /** Parses a case file strictly; unknown keys, wrong types and unknown severities are errors. */
    public static FormulaCase parse(String sourceName, byte[] yaml) throws FormulaException {
        SpecNode root = SpecNode.read(sourceName, yaml);
        root.keys(Set.of("name", "formula", "given", "want"), Set.of("description"));
        String name = root.get("name").line();
        SpecNode refNode = root.get("formula");
        String ref = refNode.text();
        if (!REF.matcher(ref).matches()) {
            throw refNode.error("'" + SpecNode.echo(ref) + "' is not an id@version reference");
        }
        if (root.has("description")) {
            root.get("description").text();
        }

        SpecNode given = root.get("given").keys(Set.of(), Set.of("findings", "criteria"));
        if (given.has("findings") == given.has("criteria")) {
            throw given.error("needs either findings or criteria");
        }
        if (given.has("criteria")) {
            return parseCriteriaCase(root, name, ref, given.get("criteria"));
        }
        List<SpecNode> items = given.get("findings").list();
        if (items.size() > MAX_FINDINGS) {
            throw given.get("findings").error("more than " + MAX_FINDINGS + " findings");
        }
        List<Finding> findings = new ArrayList<>(items.size());
        for (SpecNode item : items) {
            item.keys(Set.of("id", "severity"), Set.of("threatClass", "status", "subject"));
            String status = item.has("status") ? item.get("status").line() : Finding.ACTIVE;
            if (!status.equals(Finding.ACTIVE) && !status.equals(Finding.NEEDS_REVIEW)) {
                throw item.get("status").error("unknown status '" + SpecNode.echo(status) + "' (expected "
                        + Finding.ACTIVE + " or " + Finding.NEEDS_REVIEW + ")");
            }
            String id = item.get("id").line();
            findings.add(new Finding(id, id, Condition.severity(item.get("severity")),
                    item.has("threatClass") ? item.get("threatClass").line() : "", "", "", List.of(),
                    item.has("subject") ? item.get("subject").line() : "", "", "", status, List.of(), ""));
        }

        SpecNode want = root.get("want").keys(Set.of("score", "level", "attestation"), Set.of("verdict"));
        BigDecimal score = want.get("score").decimal();
        SpecNode levelNode = want.nullable("level");
        String level = levelNode.isNull() ? null : Band.identifier(levelNode);
        SpecNode attestation = want.get("attestation").keys(Set.of("eligible"), Set.of("reasons"));
        boolean eligible = attestation.get("eligible").bool();
        List<String> reasons = null;
        if (attestation.has("reasons")) {
            reasons = new ArrayList<>();
            for (SpecNode r : attestation.get("reasons").list()) {
                reasons.add(r.line());
            }
            reasons = List.copyOf(reasons);
        }
        String verdict = want.has("verdict") ? Band.identifier(want.get("verdict")) : null;
        return new FormulaCase(root.source(), name, ref, List.copyOf(findings), null, score, level, eligible, reasons,
                null, verdict);
    }

    private static FormulaCase parseCriteriaCase(SpecNode root, String name, String ref, SpecNode list)
            throws FormulaException {
        List<CriterionRating> ratings = new ArrayList<>();
        for (SpecNode item : list.list()) {
            item.keys(Set.of("id"), Set.of("absent", "levels", "inferred", "caps", "label", "alt"));
            String id = item.get("id").line();
            if (item.has("absent") && item.get("absent").bool()) {
                for (String key : List.of("levels", "inferred", "caps", "label", "alt")) {
                    if (item.has(key)) {
                        throw item.get(key).error("a structurally absent criterion is not rated");
                    }
                }
                ratings.add(CriterionRating.absent(id));
            } else {
                CriterionRating.Mechanism alt = null;
                if (item.has("alt")) {
                    SpecNode a = item.get("alt").keys(Set.of("levels"), Set.of("inferred", "caps", "label"));
                    alt = mechanism(a);
                }
                ratings.add(new CriterionRating(id, false, mechanism(item), alt));
            }
        }
        SpecNode want = root.get("want");
        if (want.isMapping() && want.has("error")) {
            want.keys(Set.of("error"), Set.of());
            return new FormulaCase(root.source(), name, ref, null, List.copyOf(ratings), null, null, false, null,
                    new CriteriaWant(want.get("error").line(), null, null, false, null, Map.of()), null);
        }
        want.keys(Set.of("score", "level"), Set.of("applicable", "criteria"));
        BigDecimal score = want.get("score").decimal();
        String level = Band.identifier(want.get("level"));
        Integer count = null;
        BigDecimal applicableScore = null;
        boolean percentGiven = false;
        Integer percent = null;
        if (want.has("applicable")) {
            SpecNode a = want.get("applicable").keys(Set.of(), Set.of("count", "score", "percent"));
            count = a.has("count") ? a.get("count").integer() : null;
            applicableScore = a.has("score") ? a.get("score").decimal() : null;
            if (a.has("percent")) {
                percentGiven = true;
                SpecNode p = a.nullable("percent");
                percent = p.isNull() ? null : p.integer();
            }
        }
        Map<String, CriterionWant> perCriterion = new TreeMap<>();
        if (want.has("criteria")) {
            for (Map.Entry<String, SpecNode> e : want.get("criteria").entries()) {
                SpecNode c = e.getValue().keys(Set.of(), Set.of("score", "counted", "cap", "confidence"));
                String cap = null;
                if (c.has("cap")) {
                    SpecNode capNode = c.nullable("cap");
                    cap = capNode.isNull() ? null : capNode.line();
                }
                perCriterion.put(e.getKey(), new CriterionWant(c.has("score") ? c.get("score").decimal() : null,
                        c.has("counted") ? c.get("counted").line() : null, c.has("cap"), cap,
                        c.has("confidence") ? c.get("confidence").line() : null));
            }
        }
        return new FormulaCase(root.source(), name, ref, null, List.copyOf(ratings), score, level, false, null,
                new CriteriaWant(null, count, applicableScore, percentGiven, percent, perCriterion), null);
    }

    private static CriterionRating.Mechanism mechanism(SpecNode node) throws FormulaException {
        Set<String> inferred = new HashSet<>(node.has("inferred") ? node.get("inferred").distinctLines() : List.of());
        Map<String, CriterionRating.Parameter> parameters = new LinkedHashMap<>();
        for (Map.Entry<String, SpecNode> e : node.get("levels").entries()) {
            SpecNode v = e.getValue();
            boolean isInferred = inferred.remove(e.getKey());
            if (v.isText()) {
                if (!v.text().equals("SA")) {
                    throw v.error("expected a level number or SA, found text '" + SpecNode.echo(v.text()) + "'");
                }
                parameters.put(e.getKey(), new CriterionRating.Parameter(0, true, isInferred));
            } else {
                parameters.put(e.getKey(), new CriterionRating.Parameter(v.integer(), false, isInferred));
            }
        }
        if (!inferred.isEmpty()) {
            throw node.get("inferred").error("names parameters without a level: " + new TreeSet<>(inferred));
        }
        List<String> caps = node.has("caps") ? node.get("caps").distinctLines() : List.of();
        String label = node.has("label") ? node.get("label").line() : "";
        return new CriterionRating.Mechanism(label, parameters, caps);
    }

    public String source() {
        return source;
    }

    public String name() {
        return name;
    }

    /** The {@code id@version} the case is written for. */
    public String formulaRef() {
        return formulaRef;
    }

    /** The findings given; empty for a criteria case. */
    public List<Finding> findings() {
        return findings == null ? List.of() : findings;
    }

    /** The criterion ratings given; empty for a findings case. */
    public List<CriterionRating> criteria() {
        return criteria == null ? List.of() : criteria;
    }

    /**
     * Evaluates the case with {@code formula} and compares the outcome with what the case wants.
     *
     * @return one line per difference; empty when the case passes
     * @throws IllegalArgumentException when {@code formula} is not the one the case names
     */
    public List<String> check(Formula formula) {
        Objects.requireNonNull(formula, "formula");
        if (!formula.ref().equals(formulaRef)) {
            throw new IllegalArgumentException(source + ": written for " + formulaRef + ", not " + formula.ref());
        }
        if (criteria != null) {
            return checkCriteria(formula);
        }
        FormulaResult result = FormulaEngine.evaluate(formula, findings);
        List<String> diffs = new ArrayList<>();
        if (result.score().compareTo(wantScore) != 0) {
            diffs.add("score: want " + Numbers.plain(wantScore) + ", got " + Numbers.scaled(result.score()));
        }
        if (!Objects.equals(result.level(), wantLevel)) {
            diffs.add("level: want " + (wantLevel == null ? "none" : wantLevel) + ", got "
                    + (result.level() == null ? "none" : result.level()));
        }
        if (result.attestation().eligible() != wantEligible) {
            diffs.add("attestation eligible: want " + wantEligible + ", got " + result.attestation().eligible()
                    + " " + result.attestation().reasons());
        }
        if (wantReasons != null && !wantReasons.equals(result.attestation().reasons())) {
            diffs.add("attestation reasons: want " + wantReasons + ", got " + result.attestation().reasons());
        }
        if (wantVerdict != null) {
            String got = result.verdict() == null ? "none" : result.verdict().id();
            if (!wantVerdict.equals(got)) {
                diffs.add("verdict: want " + wantVerdict + ", got " + got);
            }
        }
        return diffs;
    }

    private List<String> checkCriteria(Formula formula) {
        List<String> diffs = new ArrayList<>();
        CriteriaResult result;
        try {
            result = FormulaEngine.evaluateCriteria(formula, criteria);
        } catch (FormulaException e) {
            if (criteriaWant.error() == null || !e.getMessage().contains(criteriaWant.error())) {
                diffs.add("error: " + e.getMessage() + (criteriaWant.error() == null ? "" : " (want one containing '"
                        + criteriaWant.error() + "')"));
            }
            return diffs;
        }
        if (criteriaWant.error() != null) {
            diffs.add("error: want one containing '" + criteriaWant.error() + "', got score " + result.score());
            return diffs;
        }
        if (result.score().compareTo(wantScore) != 0) {
            diffs.add("score: want " + Numbers.plain(wantScore) + ", got " + Numbers.scaled(result.score()));
        }
        if (!result.band().id().equals(wantLevel)) {
            diffs.add("level: want " + wantLevel + ", got " + result.band().id());
        }
        CriteriaResult.Applicable a = result.applicable();
        if (criteriaWant.applicableCount() != null && criteriaWant.applicableCount() != a.count()) {
            diffs.add("applicable.count: want " + criteriaWant.applicableCount() + ", got " + a.count());
        }
        if (criteriaWant.applicableScore() != null && criteriaWant.applicableScore().compareTo(a.score()) != 0) {
            diffs.add("applicable.score: want " + Numbers.plain(criteriaWant.applicableScore()) + ", got "
                    + Numbers.scaled(a.score()));
        }
        if (criteriaWant.percentGiven() && !Objects.equals(criteriaWant.applicablePercent(), a.percent())) {
            diffs.add("applicable.percent: want " + criteriaWant.applicablePercent() + ", got " + a.percent());
        }
        for (Map.Entry<String, CriterionWant> e : criteriaWant.perCriterion().entrySet()) {
            CriteriaResult.Criterion c = result.criteria().stream().filter(x -> x.id().equals(e.getKey())).findFirst()
                    .orElse(null);
            if (c == null) {
                diffs.add(e.getKey() + ": no such criterion in the result");
                continue;
            }
            CriterionWant w = e.getValue();
            List<String> got = new ArrayList<>();
            if (w.score() != null && w.score().compareTo(c.score()) != 0) {
                got.add("score " + Numbers.scaled(c.score()) + " (want " + Numbers.plain(w.score()) + ")");
            }
            if (w.counted() != null && !w.counted().equals(c.counted())) {
                got.add("counted " + c.counted() + " (want " + w.counted() + ")");
            }
            String gotCap = c.cap() == null ? null : c.cap().id();
            if (w.capGiven() && !Objects.equals(w.cap(), gotCap)) {
                got.add("cap " + gotCap + " (want " + w.cap() + ")");
            }
            if (w.confidence() != null && !w.confidence().equals(c.confidence())) {
                got.add("confidence " + c.confidence() + " (want " + w.confidence() + ")");
            }
            if (!got.isEmpty()) {
                diffs.add(e.getKey() + ": " + String.join(", ", got));
            }
        }
        return diffs;
    }

    @Override
    public String toString() {
        return name + " (" + source + ")";
    }
}
