package dev.assay.engine.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * What a baseline and suppressions did to a report: how many findings each took out of the score, those findings with
 * the reason (in canonical finding order), the suppressions that had expired and so suppressed nothing, and the
 * baseline entries that no longer match a finding (fixed since the baseline was made).
 */
@JsonPropertyOrder({"suppressed", "baselined", "findings", "expiredSuppressions", "fixedBaseline"})
public record Triage(int suppressed, int baselined, List<Triaged> findings, List<Expired> expiredSuppressions,
        List<BaselineEntry> fixedBaseline) {

    public Triage {
        findings = List.copyOf(findings);
        expiredSuppressions = List.copyOf(expiredSuppressions);
        fixedBaseline = List.copyOf(fixedBaseline);
    }

    /**
     * A finding taken out of the score: {@code status} is {@code suppressed} or {@code baseline}, {@code reason} the
     * suppression's reason (or "in baseline"), {@code source} where the decision came from (a file, or
     * {@code inline path:line}), {@code expires} the suppression's last day when it has one.
     */
    @JsonPropertyOrder({"status", "reason", "source", "expires", "finding"})
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Triaged(String status, String reason, String source, String expires, Finding finding) {
    }

    /** A suppression whose {@code expires} date has passed: it is listed, and suppresses nothing. */
    @JsonPropertyOrder({"rule", "path", "fingerprint", "reason", "expires", "source"})
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Expired(String rule, String path, String fingerprint, String reason, String expires, String source) {
    }

    /** One accepted finding of a baseline file, named by its fingerprint; the rest is there for people. */
    @JsonPropertyOrder({"fingerprint", "ruleId", "subject", "file"})
    public record BaselineEntry(String fingerprint, String ruleId, String subject, String file) {
    }
}
