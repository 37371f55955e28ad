package dev.assay.safetycard.verify;

import dev.assay.safetycard.model.CriterionCard;
import dev.assay.safetycard.model.CriticalFinding;
import dev.assay.safetycard.model.EvidenceItem;
import dev.assay.safetycard.model.Mechanism;
import dev.assay.safetycard.model.ParameterRating;
import dev.assay.safetycard.model.SafeSetup;
import dev.assay.safetycard.model.Scorecard;
import java.util.ArrayList;
import java.util.List;

/**
 * One evidence item of a scorecard with where it sits: a short {@code label} for messages
 * ({@code C4.alt.S.evidence[1]}) and the JSON {@code path} of the item ({@code criteria.3.alt.parameters.S.evidence.1}).
 */
public record EvidenceEntry(String label, String path, EvidenceItem item) {

    /**
     * Every evidence item of a scorecard, in document order: parameter evidence of default and alt mechanisms,
     * absence evidence, critical findings and safe setup steps.
     */
    public static List<EvidenceEntry> all(Scorecard card) {
        List<EvidenceEntry> out = new ArrayList<>();
        for (int i = 0; i < card.criteria().size(); i++) {
            CriterionCard c = card.criteria().get(i);
            String at = "criteria." + i;
            add(out, c.ratings(), c.id(), at + ".parameters");
            add(out, c.alt(), c.id() + ".alt", at + ".alt.parameters");
            for (int j = 0; j < c.absenceEvidence().size(); j++) {
                out.add(new EvidenceEntry(c.id() + ".absence_evidence[" + j + "]", at + ".absence_evidence." + j,
                        c.absenceEvidence().get(j)));
            }
        }
        for (int i = 0; i < card.criticalFindings().size(); i++) {
            CriticalFinding f = card.criticalFindings().get(i);
            for (int j = 0; j < f.evidence().size(); j++) {
                out.add(new EvidenceEntry("critical_findings[" + i + "].evidence[" + j + "]",
                        "critical_findings." + i + ".evidence." + j, f.evidence().get(j)));
            }
        }
        if (card.safeSetup() != null) {
            for (int i = 0; i < card.safeSetup().steps().size(); i++) {
                SafeSetup.Step s = card.safeSetup().steps().get(i);
                for (int j = 0; j < s.evidence().size(); j++) {
                    out.add(new EvidenceEntry("safe_setup.steps[" + i + "].evidence[" + j + "]",
                            "safe_setup.steps." + i + ".evidence." + j, s.evidence().get(j)));
                }
            }
        }
        return out;
    }

    private static void add(List<EvidenceEntry> out, Mechanism m, String label, String path) {
        if (m == null) {
            return;
        }
        for (ParameterRating p : m.parameters().values()) {
            for (int j = 0; j < p.evidence().size(); j++) {
                out.add(new EvidenceEntry(label + "." + p.id() + ".evidence[" + j + "]",
                        path + "." + p.id() + ".evidence." + j, p.evidence().get(j)));
            }
        }
    }
}
