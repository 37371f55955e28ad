package dev.assay.engine.authoring;

import dev.assay.engine.fact.Fact;
import java.util.List;

/**
 * A facts case, {@code tests/facts/<name>.yaml}: facts stated directly and the rules that must and must not fire on
 * them, for rules whose facts are easier to state than to produce from a fixture.
 */
public record FactsCase(String file, List<Fact> facts, List<Expectation> expectations) {

    public FactsCase {
        facts = List.copyOf(facts);
        expectations = List.copyOf(expectations);
    }
}
