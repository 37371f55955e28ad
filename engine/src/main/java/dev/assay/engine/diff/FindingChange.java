package dev.assay.engine.diff;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.assay.engine.model.Evidence;
import dev.assay.engine.model.Finding;
import java.util.List;
import java.util.Locale;

/**
 * A finding that one side has and the other has not ({@code added}, {@code removed}), or that both have under the same
 * rule and subject but with other content ({@code changed}: severity, threat class, status, evidence …). {@code before}
 * and {@code after} are the findings themselves (null on the side that lacks it); {@code fields} the differing fields;
 * {@code evidenceAdded} and {@code evidenceRemoved} the evidence locations only one side has. Every change has at least
 * one cause.
 */
@JsonPropertyOrder({"change", "ruleId", "subject", "fields", "evidenceAdded", "evidenceRemoved", "causes", "before",
        "after"})
public record FindingChange(Change change, String ruleId, String subject, List<FieldChange> fields,
        List<Evidence> evidenceAdded, List<Evidence> evidenceRemoved, List<Cause> causes, Finding before,
        Finding after) {

    /** How a finding differs. */
    public enum Change {
        ADDED, REMOVED, CHANGED;

        @JsonValue
        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public FindingChange {
        fields = List.copyOf(fields);
        evidenceAdded = List.copyOf(evidenceAdded);
        evidenceRemoved = List.copyOf(evidenceRemoved);
        causes = List.copyOf(causes.stream().sorted().distinct().toList());
        if (causes.isEmpty()) {
            throw new IllegalArgumentException("a finding change needs a cause");
        }
    }

    /** The finding as it is on the side that has it (after when both do). */
    public Finding finding() {
        return after != null ? after : before;
    }
}
