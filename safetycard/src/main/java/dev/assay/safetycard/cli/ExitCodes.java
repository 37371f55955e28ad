package dev.assay.safetycard.cli;

/** The exit codes of the {@code card} verbs, as for every {@code assay} verb. */
final class ExitCodes {

    static final int OK = 0;
    static final int ERROR = 1;
    static final int GATE = 2;

    private ExitCodes() {
    }
}
