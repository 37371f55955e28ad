package dev.assay.cli;

/** The command line's defaults, kept in one place so that changing one is a one-line edit. */
final class Defaults {

    /**
     * The scorer where none is given and no target chooses one ({@code assay diff}). Without --scorer and --pack,
     * {@code assay scan} asks the engine's ScorerSelector, which picks this one for agent installations.
     */
    static final String SCORER = "agent-security-score";

    /** The report format when {@code --format} is not given: text, for a person at a terminal. */
    static final String FORMAT = "text";

    private Defaults() {
    }
}
