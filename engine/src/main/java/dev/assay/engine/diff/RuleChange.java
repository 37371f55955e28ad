package dev.assay.engine.diff;

import java.util.List;

/**
 * A rule whose definition differs between two pack versions: {@code added}, {@code removed}, or {@code changed} with the
 * fields that differ ({@code detector} when how it matches changed). Content that is not a rule definition (DRL files,
 * data tables) shows as {@code file} entries whose {@code ruleId} is the pack-relative path.
 */
public record RuleChange(String ruleId, String change, List<FieldChange> fields) {

    public RuleChange {
        fields = List.copyOf(fields);
    }
}
