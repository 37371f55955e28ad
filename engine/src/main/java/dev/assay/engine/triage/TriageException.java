package dev.assay.engine.triage;

/** A baseline or suppressions file that cannot be used; the message is one line naming the file and the problem. */
public final class TriageException extends Exception {

    private static final long serialVersionUID = 1L;

    public TriageException(String message) {
        super(message);
    }

    public TriageException(String message, Throwable cause) {
        super(message, cause);
    }
}
