package dev.assay.engine.formula;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The rating of one criterion, the input of a criteria formula (for SafetyCard, one entry of a scorecard's
 * {@code criteria}). A criterion whose whole risk surface is structurally absent carries no mechanism; otherwise it has
 * the default mechanism and optionally an opt-in alternative.
 *
 * @param id                the criterion id, such as {@code C4}
 * @param structuralAbsence true when the criterion's whole surface is absent (it then scores full marks)
 * @param mechanism         the default mechanism; null exactly when {@code structuralAbsence}
 * @param alternative       the opt-in mechanism, or null
 */
public record CriterionRating(String id, boolean structuralAbsence, Mechanism mechanism, Mechanism alternative) {

    public CriterionRating {
        Objects.requireNonNull(id, "id");
    }

    /** A criterion whose whole risk surface is absent. */
    public static CriterionRating absent(String id) {
        return new CriterionRating(id, true, null, null);
    }

    /** A criterion rated on its default mechanism only. */
    public static CriterionRating of(String id, Mechanism mechanism) {
        return new CriterionRating(id, false, mechanism, null);
    }

    /**
     * One mechanism's ratings: a level per parameter id (in any order) and the caps its author applied.
     *
     * @param label      a short description shown in explanations, may be empty
     * @param parameters the rating of every parameter of the formula, by parameter id
     * @param caps       ids of the caps the author applied, in the order written; the formula adds automatic ones
     */
    public record Mechanism(String label, Map<String, Parameter> parameters, List<String> caps) {

        public Mechanism {
            label = label == null ? "" : label;
            parameters = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
            caps = List.copyOf(caps);
        }
    }

    /**
     * One parameter's rating.
     *
     * @param level             the level (0 = weakest); ignored when {@code structuralAbsence}
     * @param structuralAbsence the parameter's surface is absent ({@code "SA"}), worth the formula's absence level
     * @param inferred          reasoned from source rather than read in it, which limits the level and the confidence
     */
    public record Parameter(int level, boolean structuralAbsence, boolean inferred) {

        public static Parameter verified(int level) {
            return new Parameter(level, false, false);
        }

        public static Parameter inferred(int level) {
            return new Parameter(level, false, true);
        }

        public static Parameter absent() {
            return new Parameter(0, true, false);
        }
    }
}
