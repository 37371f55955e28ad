package dev.assay.cli;

/** The command line's defaults, kept in one place so that changing one is a one-line edit. */
final class Defaults {

    /**
     * The scorer whose pack a fresh process starts loading while it parses arguments (the common case); the scorer
     * actually used without --scorer/--pack is chosen from the target by the engine's ScorerSelector.
     */
    static final String SCORER = "agent-security-score";

    /** The report format when {@code --format} is not given: text, for a person at a terminal. */
    static final String FORMAT = "text";

    private Defaults() {
    }
}
