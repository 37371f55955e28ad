package dev.assay.formulaspecs;

import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Severity;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/** Generators of findings for the formula properties: few rule ids, so repeats and collisions are common. */
final class Findings {

    static final List<String> THREAT_CLASSES = List.of("malicious_indicator", "risky_construct", "capability", "");

    private Findings() {
    }

    static Finding of(String id, Severity severity, String threatClass, String status) {
        return new Finding(id, id, severity, threatClass, "", "", List.of(), "", "", "", status, List.of(), "");
    }

    static Arbitrary<Finding> any() {
        return Combinators.combine(
                Arbitraries.integers().between(1, 12).map(i -> "R-" + i),
                Arbitraries.of(Severity.class),
                Arbitraries.of(THREAT_CLASSES),
                Arbitraries.frequencyOf(
                        net.jqwik.api.Tuple.of(4, Arbitraries.just(Finding.ACTIVE)),
                        net.jqwik.api.Tuple.of(1, Arbitraries.just(Finding.NEEDS_REVIEW))))
                .as(Findings::of);
    }

    static Arbitrary<List<Finding>> lists() {
        return any().list().ofMaxSize(40);
    }
}
