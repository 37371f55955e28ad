package dev.assay.safetycard.score;

import dev.assay.engine.formula.CriteriaResult;
import dev.assay.engine.formula.CriterionRating;
import dev.assay.engine.formula.FormulaEngine;
import dev.assay.engine.formula.FormulaException;
import dev.assay.safetycard.catalog.FormulaInfo;
import dev.assay.safetycard.model.CapListing;
import dev.assay.safetycard.model.CriterionCard;
import dev.assay.safetycard.model.Mechanism;
import dev.assay.safetycard.model.ParameterRating;
import dev.assay.safetycard.model.Scorecard;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Scores a validated scorecard with the SafetyCard formula. This class only translates the scorecard's ratings into
 * the engine's {@link CriterionRating}s; every number (points, caps, alternatives, rounding, bands) comes from
 * {@link FormulaEngine#evaluateCriteria} and the formula spec.
 */
public final class CardScorer {

    private CardScorer() {
    }

    public static CriteriaResult score(FormulaInfo formula, Scorecard card) throws FormulaException {
        return FormulaEngine.evaluateCriteria(formula.formula(), ratings(card));
    }

    /**
     * The scorecard's criteria as the formula reads them: the criterion's caps on the default mechanism, the
     * {@code alt.caps} on the alt (the formula adds the alternative cap G1 when the list lacks it).
     */
    public static List<CriterionRating> ratings(Scorecard card) {
        List<CriterionRating> out = new ArrayList<>();
        for (CriterionCard c : card.criteria()) {
            if (c.structuralAbsence()) {
                out.add(CriterionRating.absent(c.id()));
                continue;
            }
            List<String> caps = c.caps().stream().map(CapListing::id).toList();
            CriterionRating.Mechanism main = mechanism(c.ratings(), caps);
            CriterionRating.Mechanism alt = c.hasAlt() ? mechanism(c.alt(), c.alt().caps().stream().map(CapListing::id).toList()) : null;
            out.add(new CriterionRating(c.id(), false, main, alt));
        }
        return out;
    }

    static CriterionRating.Mechanism mechanism(Mechanism m, List<String> caps) {
        Map<String, CriterionRating.Parameter> params = new LinkedHashMap<>();
        for (ParameterRating p : m.parameters().values()) {
            params.put(p.id(), new CriterionRating.Parameter(p.level(), p.structuralAbsence(), p.inferred()));
        }
        return new CriterionRating.Mechanism(m.label(), params, caps);
    }
}
