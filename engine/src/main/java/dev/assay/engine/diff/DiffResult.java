package dev.assay.engine.diff;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * A whole diff: what produced each side, how the two pack versions and formula versions differ as content
 * ({@code ruleChanges}, {@code formulaChanges}; empty when a side's content is not available or equal), each target's
 * comparison in the order the targets were given, and the summary over them.
 */
@JsonPropertyOrder({"schemaVersion", "before", "after", "ruleChanges", "formulaChanges", "summary", "targets"})
public record DiffResult(String schemaVersion, Side before, Side after, List<RuleChange> ruleChanges,
        List<ParameterChange> formulaChanges, DiffSummary summary, List<TargetDiff> targets) {

    /** The version of this document's JSON shape. */
    public static final String SCHEMA_VERSION = "1.0";

    public DiffResult {
        ruleChanges = List.copyOf(ruleChanges);
        formulaChanges = List.copyOf(formulaChanges);
        targets = List.copyOf(targets);
    }
}
