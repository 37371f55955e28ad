package dev.assay.engine.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * One finding of a report: a rule that fired on a subject, with the rule's metadata and the evidence that made it fire.
 * {@code status} is {@code active} (scored) or {@code needs-review} (shown, never scored). {@code fingerprint} is stable
 * across runs and machines: it depends on the rule id, the subject and the evidence's files and whitespace-normalised
 * snippets, not on line numbers, so inserting lines above a match leaves it unchanged. A finding a baseline or a
 * suppression took out of the score carries {@code baseline} or {@code suppressed} in the report's triage.
 * {@code details} holds the structured facts the finding names (see {@link Details}); it is left out of the JSON when
 * empty.
 */
@JsonPropertyOrder({"id", "title", "severity", "threatClass", "category", "capability", "controls", "subject", "message",
        "remediation", "status", "evidence", "details", "fingerprint"})
public record Finding(String id, String title, Severity severity, String threatClass, String category,
        String capability, List<String> controls, String subject, String message, String remediation, String status,
        List<Evidence> evidence, String fingerprint,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Object> details) {

    public static final String ACTIVE = "active";
    public static final String NEEDS_REVIEW = "needs-review";
    /** In the report's triage: accepted by a baseline file, not scored. */
    public static final String BASELINE = "baseline";
    /** In the report's triage: suppressed with a reason, not scored. */
    public static final String SUPPRESSED = "suppressed";

    /** Canonical report order: most severe first, then rule id, subject and first evidence. */
    public static final Comparator<Finding> ORDER = Comparator.comparing(Finding::severity)
            .thenComparing(Finding::id)
            .thenComparing(Finding::subject)
            .thenComparing(f -> f.evidence().isEmpty() ? "" : f.evidence().get(0).file())
            .thenComparing(Finding::fingerprint);

    @JsonCreator
    public Finding {
        controls = List.copyOf(controls);
        evidence = List.copyOf(evidence);
        threatClass = threatClass == null ? "" : threatClass;
        capability = capability == null ? "" : capability;
        subject = subject == null ? "" : subject;
        message = message == null ? "" : message;
        remediation = remediation == null ? "" : remediation;
        status = status == null ? ACTIVE : status;
        fingerprint = fingerprint == null ? "" : fingerprint;
        details = Details.canonical(details);
    }

    /** A finding without details. */
    public Finding(String id, String title, Severity severity, String threatClass, String category,
            String capability, List<String> controls, String subject, String message, String remediation, String status,
            List<Evidence> evidence, String fingerprint) {
        this(id, title, severity, threatClass, category, capability, controls, subject, message, remediation, status,
                evidence, fingerprint, Map.of());
    }
}
