package dev.assay.engine.rules;

import dev.assay.engine.model.Evidence;

/** One match of a rule's regular expression in a text document; {@code text} is already redacted when the rule asks. */
public record TextMatch(String ruleId, Evidence evidence, String text) {
}
