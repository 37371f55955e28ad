package dev.assay.engine.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * What a baseline and suppressions did to a report: how many findings each took out of the score, those findings with
 * the reason (in canonical finding order), the suppressions that had expired and so suppressed nothing, and the
 * baseline entries that no longer match a finding (fixed since the baseline was made), and the inline
 * {@code assay-ignore} comments that named a finding but suppressed nothing (no reason given).
 */
@JsonPropertyOrder({"suppressed", "baselined", "findings", "expiredSuppressions", "fixedBaseline", "rejectedInline"})
public record Triage(int suppressed, int baselined, List<Triaged> findings, List<Expired> expiredSuppressions,
        List<BaselineEntry> fixedBaseline,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<RejectedInline> rejectedInline) {

    public Triage {
        findings = List.copyOf(findings);
        expiredSuppressions = List.copyOf(expiredSuppressions);
        fixedBaseline = List.copyOf(fixedBaseline);
        rejectedInline = rejectedInline == null ? List.of() : List.copyOf(rejectedInline);
    }

    /** A triage without rejected inline comments. */
    public Triage(int suppressed, int baselined, List<Triaged> findings, List<Expired> expiredSuppressions,
            List<BaselineEntry> fixedBaseline) {
        this(suppressed, baselined, findings, expiredSuppressions, fixedBaseline, List.of());
    }

    /** An {@code assay-ignore} comment at {@code file}:{@code line} for {@code rule} that suppressed nothing, and why. */
    @JsonPropertyOrder({"file", "line", "rule", "problem"})
    public record RejectedInline(String file, int line, String rule, String problem) {
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
