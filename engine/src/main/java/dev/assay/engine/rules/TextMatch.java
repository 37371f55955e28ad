package dev.assay.engine.rules;

import dev.assay.engine.model.Evidence;
import java.util.List;

/**
 * One match of a rule's regular expression in a text document; {@code text} and {@code groups} (the capture groups 1..n,
 * "" for a group that did not take part) are already redacted when the rule asks.
 */
public record TextMatch(String ruleId, Evidence evidence, String text, List<String> groups) {

    public TextMatch {
        groups = List.copyOf(groups);
    }

    public TextMatch(String ruleId, Evidence evidence, String text) {
        this(ruleId, evidence, text, List.of());
    }
}
