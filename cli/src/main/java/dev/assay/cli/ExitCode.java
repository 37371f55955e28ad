package dev.assay.cli;

/** The process exit codes of {@code assay}; part of its contract with scripts and CI. */
final class ExitCode {

    /** The command did what was asked and no gate tripped. */
    static final int OK = 0;
    /** Bad input or usage, or the command could not run; one line on stderr says why. */
    static final int ERROR = 1;
    /** The report was produced, but a {@code --fail-on} or {@code --fail-under} gate tripped. */
    static final int GATE = 2;
    /**
     * The report was produced, but the target held nothing the scorer recognises (no agent installation, no files to
     * analyse): there was nothing to score, and the report is not eligible for attestation. One line on stderr says so.
     */
    static final int NOTHING_TO_SCORE = 3;

    private ExitCode() {
    }
}
