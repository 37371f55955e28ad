package dev.assay.safetycard.model;

/** One change made in the adversarial re-audit, with the evidence that justified it. */
public record ReauditEntry(String criterion, String parameter, int fromLevel, int toLevel, String reason) {
}
