package dev.assay.engine.diff;

import java.math.BigDecimal;

/** A target's result on one side: score, level, verdict sentence, and how many findings are active or need review. */
public record Outcome(BigDecimal score, String level, String verdict, boolean attestable, int active,
        int needsReview) {
}
