package dev.assay.safetycard.validate;

import java.util.List;

/** Every violation of a scorecard, errors first, then by position in the file. */
public record Validation(List<Violation> violations) {

    public Validation {
        violations = violations.stream().sorted().toList();
    }

    public List<Violation> errors() {
        return violations.stream().filter(Violation::isError).toList();
    }

    public List<Violation> warnings() {
        return violations.stream().filter(v -> !v.isError()).toList();
    }

    public boolean hasErrors() {
        return violations.stream().anyMatch(Violation::isError);
    }
}
