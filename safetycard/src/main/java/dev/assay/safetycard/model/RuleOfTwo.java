package dev.assay.safetycard.model;

/** Where untrusted input, sensitive data and state change or egress meet, and whether in one session. */
public record RuleOfTwo(String untrustedInput, String sensitiveData, String stateChangeOrEgress, boolean sameSession) {
}
