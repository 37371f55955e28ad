package dev.assay.engine.authoring;

/**
 * One rule test: rule {@code ruleId} must fire ({@code mustFire}) or must not fire, written at {@code file}:{@code line}
 * of the pack. For an inline annotation, {@code targetFile} is the fixture file (relative to the case's target) and
 * {@code targetLine} the line the finding's evidence must (or must not) cover; both are empty/0 for whole-target and
 * facts expectations.
 */
public record Expectation(String ruleId, boolean mustFire, String file, int line, String targetFile, int targetLine) {

    public Expectation {
        targetFile = targetFile == null ? "" : targetFile;
    }

    /** Whether the expectation is about one line of a fixture file. */
    public boolean inline() {
        return targetLine > 0;
    }
}
