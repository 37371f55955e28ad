package dev.assay.engine.authoring;

/**
 * One rule test: rule {@code ruleId} must fire ({@code mustFire}) or must not fire, written at {@code file}:{@code line}
 * of the pack. For an inline annotation, {@code targetFile} is the fixture file (relative to the case's target) and
 * {@code targetLine} the line the finding's evidence must (or must not) cover; both are empty/0 for whole-target and
 * facts expectations. {@code review} marks a must-fire test that the rule fires only as needs-review (shown, never
 * scored): the rule must be in the report's needs-review list and not among its findings.
 */
public record Expectation(String ruleId, boolean mustFire, String file, int line, String targetFile, int targetLine,
        boolean review) {

    public Expectation {
        targetFile = targetFile == null ? "" : targetFile;
        if (review && !mustFire) {
            throw new IllegalArgumentException("a needs-review expectation is a must-fire one");
        }
    }

    /** A must-fire or must-not-fire expectation on active findings. */
    public Expectation(String ruleId, boolean mustFire, String file, int line, String targetFile, int targetLine) {
        this(ruleId, mustFire, file, line, targetFile, targetLine, false);
    }

    /** Whether the expectation is about one line of a fixture file. */
    public boolean inline() {
        return targetLine > 0;
    }
}
