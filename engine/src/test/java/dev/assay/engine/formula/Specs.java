package dev.assay.engine.formula;

import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Severity;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Inline specs and findings shared by the interpreter tests. */
final class Specs {

    private Specs() {
    }

    /** A complete findings spec; tests replace one line to probe a single rule of the vocabulary. */
    static final String SUBTRACTIVE = """
            id: test-score
            version: 1
            title: Test score
            kind: findings
            start: 100
            direction: subtract
            weights: {critical: 40, high: 15, medium: 5, low: 1, info: 0}
            aggregate: per-finding
            caps:
              - when: {anySeverity: [critical]}
                max: 40
                reason: a critical finding caps the score at 40
            clamp: {min: 0, max: 100}
            round: {decimals: 0, mode: half-up}
            levels:
              - {level: critical, min: 0, max: 40}
              - {level: weak, min: 41, max: 69}
              - {level: good, min: 70, max: 100}
            attestation:
              requires:
                - when: {scoreAtLeast: 70}
                  met: "score {score} is at least 70"
                  unmet: "score {score} is below 70"
                - when: {noSeverity: [critical]}
                  met: no critical finding
                  unmet: a critical finding is present
            """;

    static final String ADDITIVE = """
            id: test-risk
            version: 2
            title: Test risk
            kind: findings
            start: 0
            direction: add
            weights: {critical: 30, high: 20, medium: 10, low: 3, info: 0}
            aggregate: per-rule
            threatClass:
              include: [malicious_indicator, risky_construct]
            clamp: {min: 0, max: 100}
            round: {decimals: 0, mode: half-up}
            levels:
              - {level: low, min: 0, max: 24}
              - {level: medium, min: 25, max: 49}
              - {level: high, min: 50, max: 74}
              - {level: critical, min: 75, max: 100}
            """;

    static Formula parse(String yaml) throws FormulaException {
        return Formula.parse("test.yaml", yaml.getBytes(StandardCharsets.UTF_8));
    }

    static Finding finding(String id, Severity severity) {
        return finding(id, severity, "risky_construct", Finding.ACTIVE);
    }

    static Finding finding(String id, Severity severity, String threatClass, String status) {
        return new Finding(id, "title of " + id, severity, threatClass, "category", "", List.of(), "subject", "message",
                "remediation", status, List.of(), "fp-" + id);
    }
}
