package dev.assay.engine.diff;

import java.math.BigDecimal;
import java.util.List;

/**
 * A diff over many targets in a few numbers: how many targets were compared, failed, changed in any way, moved score
 * and changed level; the largest moves (by size, then target); and for each rule and formula parameter that caused a
 * change, on how many targets and by how much in total.
 */
public record DiffSummary(int targets, int failed, int changed, int scoreChanged, int levelChanged,
        List<Move> largestMoves, List<Impact> causes) {

    /** How many moves {@link #largestMoves} keeps. */
    public static final int LARGEST = 10;

    public DiffSummary {
        largestMoves = List.copyOf(largestMoves);
        causes = List.copyOf(causes);
    }

    /** One target's score move with the causes of its largest steps. */
    public record Move(String target, BigDecimal before, BigDecimal after, BigDecimal delta, String levelBefore,
            String levelAfter, List<String> causes) {
        public Move {
            causes = List.copyOf(causes);
        }
    }

    /**
     * What one cause did across the targets: on how many it changed a finding or moved the score, the findings it
     * added, removed and changed, the sum of its score moves, and on how many targets it took part in a level change.
     */
    public record Impact(Cause.Kind kind, String ref, int targets, int added, int removed, int changed,
            BigDecimal scoreMove, int levelChanges) {
    }
}
