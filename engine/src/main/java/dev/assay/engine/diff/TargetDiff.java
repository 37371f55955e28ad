package dev.assay.engine.diff;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;

/**
 * The comparison of one target's two reports. {@code findings} lists every finding added, removed or changed (sorted
 * by rule id, subject and kind of change); {@code unchangedFindings} counts the rest. {@code moves} explains the score
 * change step by step: first the findings of each changed rule, in rule-id order, scored with the old formula; then
 * each changed formula parameter, in the order the new spec states them, over the new findings. The moves add up to
 * {@code delta}; with caps and clamps a step's size can depend on that order, which is why it is fixed. When the formulas
 * cannot be re-evaluated (a report diff whose formula versions are not available here) there is one move carrying
 * every cause. A target that could not be compared carries {@code error} and nothing else.
 */
@JsonPropertyOrder({"target", "error", "before", "after", "delta", "levelChanged", "moves", "findings",
        "unchangedFindings"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TargetDiff(String target, String error, Outcome before, Outcome after, BigDecimal delta,
        Boolean levelChanged, List<ScoreMove> moves, List<FindingChange> findings, Integer unchangedFindings) {

    public TargetDiff {
        moves = moves == null ? null : List.copyOf(moves);
        findings = findings == null ? null : List.copyOf(findings);
    }

    /** A target that could not be scanned or compared, with a one-line reason. */
    public static TargetDiff failed(String target, String error) {
        return new TargetDiff(target, Objects.requireNonNull(error), null, null, null, null, null, null, null);
    }

    public boolean failed() {
        return error != null;
    }

    /** Whether anything differs: a finding, the score, the level or the verdict. */
    public boolean changed() {
        return !failed() && (!findings.isEmpty() || delta.signum() != 0 || levelChanged
                || !Objects.equals(before.verdict(), after.verdict()));
    }
}
