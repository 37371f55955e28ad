package dev.assay.engine.rules;

import dev.assay.engine.model.Details;
import dev.assay.engine.model.Evidence;
import dev.assay.engine.model.Severity;
import java.util.List;
import java.util.Map;

/**
 * What a rule concluded inside the rule session, before the engine groups detections into report findings. Derived
 * rules match detections (to combine, supersede or demote them) and insert new ones; detections are immutable, so a
 * change is a delete plus an insert of a {@code with…} copy.
 *
 * @param status {@code active}, {@code needs-review} (shown, not scored) or {@code superseded} (dropped from the report)
 * @param note    why the status changed, empty when it did not
 * @param details the structured facts the finding will name (canonical, see {@link Details})
 */
public record Detection(String ruleId, Severity severity, String subject, String message, List<Evidence> evidence,
        String status, String note, Map<String, Object> details) {

    public static final String ACTIVE = "active";
    public static final String NEEDS_REVIEW = "needs-review";
    public static final String SUPERSEDED = "superseded";

    public Detection {
        evidence = List.copyOf(evidence);
        subject = subject == null ? "" : subject;
        message = message == null ? "" : message;
        status = status == null ? ACTIVE : status;
        note = note == null ? "" : note;
        details = Details.canonical(details);
    }

    /** A detection without details. */
    public Detection(String ruleId, Severity severity, String subject, String message, List<Evidence> evidence,
            String status, String note) {
        this(ruleId, severity, subject, message, evidence, status, note, Map.of());
    }

    /** The file of the first evidence, which is how derived rules relate a detection to file facts. */
    public String file() {
        return evidence.isEmpty() ? "" : evidence.get(0).file();
    }

    /** The first line of the first evidence, 0 when there is none. */
    public int line() {
        return evidence.isEmpty() ? 0 : evidence.get(0).lineStart();
    }

    public boolean isActive() {
        return ACTIVE.equals(status);
    }

    public Detection withStatus(String newStatus, String why) {
        return new Detection(ruleId, severity, subject, message, evidence, newStatus, why, details);
    }

    /** A copy that says why it fired, shown after the message in reports. */
    public Detection withNote(String why) {
        return new Detection(ruleId, severity, subject, message, evidence, status, why, details);
    }

    public Detection withSeverity(Severity newSeverity) {
        return new Detection(ruleId, newSeverity, subject, message, evidence, status, note, details);
    }

    /**
     * A copy with these details added (a key already present takes the new value). Values are strings, numbers,
     * lists and maps of those ({@link Details}); DRL passes {@code Map.of(...)} or a map built in the consequence.
     */
    public Detection withDetails(Map<String, ?> more) {
        Map<String, Object> merged = new java.util.TreeMap<>(details);
        if (more != null) {
            merged.putAll(more);
        }
        return new Detection(ruleId, severity, subject, message, evidence, status, note, merged);
    }
}
