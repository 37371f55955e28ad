package dev.assay.engine.formula;

import dev.assay.engine.model.Attestation;
import java.math.BigDecimal;
import java.util.List;

/**
 * The outcome of a findings formula: the score, rounded as the spec says (its scale is the spec's number of
 * decimals); the level band it falls in, or null when the formula defines no bands; the attestation decision with its
 * reasons; and the ordered explanation lines (start, each severity group, ignored findings, caps, clamp, rounding,
 * result) that let a reader redo the arithmetic by hand; and the verdict the spec's {@code verdicts} give, or null
 * when the spec defines none.
 */
public record FormulaResult(BigDecimal score, String level, Attestation attestation, List<String> explanation,
        Verdict verdict) {

    public FormulaResult {
        explanation = List.copyOf(explanation);
    }

    /** A result of a formula without verdicts. */
    public FormulaResult(BigDecimal score, String level, Attestation attestation, List<String> explanation) {
        this(score, level, attestation, explanation, null);
    }
}
