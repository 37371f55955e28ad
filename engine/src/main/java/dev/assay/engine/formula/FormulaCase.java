package dev.assay.engine.formula;

import dev.assay.engine.model.Finding;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
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
 * </pre>
 */
public final class FormulaCase {

    /** Cases are small; a case file with more findings than this is a mistake or an attack. */
    private static final int MAX_FINDINGS = 10_000;
    private static final Pattern REF = Pattern.compile("[a-z0-9][a-z0-9-]{0,63}@[1-9][0-9]{0,8}");

    private final String source;
    private final String name;
    private final String formulaRef;
    private final List<Finding> findings;
    private final BigDecimal wantScore;
    private final String wantLevel;
    private final boolean wantEligible;
    private final List<String> wantReasons;

    private FormulaCase(String source, String name, String formulaRef, List<Finding> findings, BigDecimal wantScore,
            String wantLevel, boolean wantEligible, List<String> wantReasons) {
        this.source = source;
        this.name = name;
        this.formulaRef = formulaRef;
        this.findings = findings;
        this.wantScore = wantScore;
        this.wantLevel = wantLevel;
        this.wantEligible = wantEligible;
        this.wantReasons = wantReasons;
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

        SpecNode given = root.get("given").keys(Set.of("findings"), Set.of());
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

        SpecNode want = root.get("want").keys(Set.of("score", "level", "attestation"), Set.of());
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
        return new FormulaCase(root.source(), name, ref, List.copyOf(findings), score, level, eligible, reasons);
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

    public List<Finding> findings() {
        return findings;
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
        return diffs;
    }

    @Override
    public String toString() {
        return name + " (" + source + ")";
    }
}
