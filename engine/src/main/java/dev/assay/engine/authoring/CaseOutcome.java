package dev.assay.engine.authoring;

import java.util.List;

/**
 * The outcome of one test case: its name (the case folder or facts file, relative to the pack version folder), how
 * many checks it made, and one located problem per check that failed.
 */
public record CaseOutcome(String name, int checks, List<Problem> failures) {

    public CaseOutcome {
        failures = List.copyOf(failures.stream().sorted().toList());
    }

    /** Passed: it made at least one check and none failed. A case that checks nothing proves nothing. */
    public boolean passed() {
        return failures.isEmpty() && checks > 0;
    }
}
