package dev.assay.safetycard.model;

import java.util.List;

/** A critical gap the reviewer calls out, on one criterion, with OWASP tags and checkable evidence. */
public record CriticalFinding(String summary, String criterion, List<String> owasp, List<EvidenceItem> evidence) {

    public CriticalFinding {
        owasp = List.copyOf(owasp);
        evidence = List.copyOf(evidence);
    }
}
