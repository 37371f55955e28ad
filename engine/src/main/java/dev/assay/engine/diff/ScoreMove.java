package dev.assay.engine.diff;

import java.math.BigDecimal;
import java.util.List;

/**
 * One step of the path from the old result to the new one: the score and level before and after applying one cause's
 * changes (the findings of one rule, or one formula parameter). The steps of a target add up exactly to its total
 * score move and end at its new level; how they are ordered is described in {@link TargetDiff}. A step that moves
 * neither score nor level is not listed.
 */
public record ScoreMove(String label, List<Cause> causes, BigDecimal from, BigDecimal to, BigDecimal delta,
        String levelFrom, String levelTo) {

    public ScoreMove {
        causes = List.copyOf(causes.stream().sorted().distinct().toList());
    }

    static ScoreMove of(String label, List<Cause> causes, BigDecimal from, BigDecimal to, String levelFrom,
            String levelTo) {
        return new ScoreMove(label, causes, from, to, to.subtract(from), levelFrom, levelTo);
    }

    /** Whether this step changed the level. */
    public boolean levelChanged() {
        return !levelFrom.equals(levelTo);
    }
}
