package dev.assay.safetycard.model;

import java.util.List;

/**
 * One parameter (S, C, D or B) of a mechanism as the reviewer rated it. A parameter whose surface is absent is
 * written {@code "SA"} and counts as the top level; {@link #level()} then holds {@link #ABSENT_LEVEL}.
 *
 * @param status  {@code verified} or {@code inferred}
 * @param gap     what the next level up needs that the code does not meet; empty at the top level or when not given
 */
public record ParameterRating(String id, int level, boolean structuralAbsence, String status, String finding, String gap,
        List<EvidenceItem> evidence) {

    /** The level an {@code "SA"} parameter counts as. */
    public static final int ABSENT_LEVEL = 4;

    public ParameterRating {
        gap = gap == null ? "" : gap;
        evidence = List.copyOf(evidence);
    }

    public boolean inferred() {
        return "inferred".equals(status);
    }

    /** The level as a reader sees it: L0–L4, or SA. */
    public String levelName() {
        return structuralAbsence ? "SA" : "L" + level;
    }
}
