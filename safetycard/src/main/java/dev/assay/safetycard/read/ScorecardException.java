package dev.assay.safetycard.read;

/** A scorecard or entry that cannot be used, with a one-line message naming the path at fault. */
public final class ScorecardException extends Exception {

    private static final long serialVersionUID = 1L;

    public ScorecardException(String message) {
        super(message);
    }
}
