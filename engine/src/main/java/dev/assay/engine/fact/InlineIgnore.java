package dev.assay.engine.fact;

import dev.assay.engine.model.Evidence;

/**
 * An {@code assay-ignore: RULE-ID reason} comment an extractor read on {@code line} of {@code file}. {@code reason} is
 * empty when the comment gives none (such a comment suppresses nothing and is reported). Rules never see these: only
 * a pack whose manifest sets {@code inlineSuppressions: true} lets them suppress findings, after the rules ran.
 */
public record InlineIgnore(String file, int line, String rule, String reason) implements Fact {

    public InlineIgnore {
        reason = reason == null ? "" : reason.strip();
    }

    @Override
    public Evidence evidence() {
        return Evidence.at(file, line, "assay-ignore: " + rule + (reason.isEmpty() ? "" : " " + reason));
    }
}
