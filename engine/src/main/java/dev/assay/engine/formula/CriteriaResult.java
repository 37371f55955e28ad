package dev.assay.engine.formula;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The outcome of a criteria formula: the rounded total and its band, the score over applicable (not structurally
 * absent) criteria, every criterion's score with the mechanism counted and the cap applied, and explanation lines.
 * Numbers carry the scale of the spec's rounding (points 4 places, criterion 3, total 1 for SafetyCard).
 */
public record CriteriaResult(BigDecimal score, BigDecimal max, BandInfo band, Applicable applicable,
        List<Criterion> criteria, List<String> explanation) {

    public CriteriaResult {
        criteria = List.copyOf(criteria);
        explanation = List.copyOf(explanation);
    }

    /** The band the total falls in: its id, display label and colour (empty when the spec gives none). */
    public record BandInfo(String id, String label, String color) {
    }

    /** Totals over the criteria that are not structurally absent; {@code percent} is null when there are none. */
    public record Applicable(int count, BigDecimal score, BigDecimal max, Integer percent) {
    }

    /** A cap that applied: its id and ceiling. */
    public record Cap(String id, BigDecimal max) {
    }

    /**
     * One criterion: {@code counted} is {@code default} or {@code alt}; {@code cap} and {@code confidence} are those of
     * the counted mechanism; {@code cap} is null when no cap applied.
     */
    public record Criterion(String id, String name, boolean structuralAbsence, BigDecimal score, BigDecimal max,
            String counted, Cap cap, String confidence, List<Mechanism> mechanisms) {

        public Criterion {
            mechanisms = List.copyOf(mechanisms);
        }
    }

    /** One scored mechanism: {@code raw} is the sum of the parameter points before any cap. */
    public record Mechanism(String kind, String label, BigDecimal raw, BigDecimal score, Cap cap, String confidence,
            Map<String, Parameter> parameters) {

        public Mechanism {
            parameters = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
        }
    }

    /** One parameter as scored: the effective level, its weight and the points it earned. */
    public record Parameter(int level, boolean structuralAbsence, boolean inferred, BigDecimal weight, BigDecimal points) {
    }
}
