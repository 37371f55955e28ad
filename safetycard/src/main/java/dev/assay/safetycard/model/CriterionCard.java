package dev.assay.safetycard.model;

import java.util.List;

/**
 * One criterion of a scorecard. A structurally absent criterion has no mechanisms and shows its absence with
 * {@code absenceEvidence}; any other has a default mechanism ({@code ratings}) and optionally an opt-in {@code alt}.
 *
 * @param ratings the default mechanism; null exactly when {@code structuralAbsence}
 * @param alt     the opt-in alternative mechanism, or null
 * @param caps    the caps listed for the default mechanism, in the order written
 * @param notes   free text, empty when none
 */
public record CriterionCard(String id, String summary, String notes, boolean structuralAbsence,
        List<EvidenceItem> absenceEvidence, Mechanism ratings, Mechanism alt, List<CapListing> caps) {

    public CriterionCard {
        notes = notes == null ? "" : notes;
        absenceEvidence = List.copyOf(absenceEvidence);
        caps = List.copyOf(caps);
    }

    public boolean hasAlt() {
        return alt != null;
    }
}
