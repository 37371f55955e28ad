package dev.assay.engine.triage;

import dev.assay.engine.model.Evidence;
import dev.assay.engine.model.Finding;
import dev.assay.engine.rules.Globs;
import java.time.LocalDate;

/**
 * One suppression: findings of {@code rule} (a rule id), with evidence in a file matching {@code path} (a glob, see
 * {@link Globs}) and/or with {@code fingerprint}; every field given must match. {@code reason} is required;
 * {@code expires} is the last day it applies (null: no end). {@code source} says where it was written, for the report.
 */
public record Suppression(String rule, String path, String fingerprint, String reason, LocalDate expires, String source) {

    /** Whether the suppression no longer applies on {@code today}. */
    public boolean expiredOn(LocalDate today) {
        return expires != null && today.isAfter(expires);
    }

    public boolean matches(Finding f) {
        if (rule != null && !rule.equals(f.id())) {
            return false;
        }
        if (fingerprint != null && !fingerprint.equals(f.fingerprint())) {
            return false;
        }
        if (path != null) {
            for (Evidence e : f.evidence()) {
                if (Globs.matches(path, e.file())) {
                    return true;
                }
            }
            return false;
        }
        return true;
    }
}
