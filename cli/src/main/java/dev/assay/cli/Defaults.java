package dev.assay.cli;

/** The command line's defaults, kept in one place so that changing one is a one-line edit. */
final class Defaults {

    /** The scorer {@code assay scan} uses when neither {@code --scorer} nor {@code --pack} is given. */
    static final String SCORER = "agent-security-score";

    /** The report format when {@code --format} is not given: text, for a person at a terminal. */
    static final String FORMAT = "text";

    private Defaults() {
    }
}
