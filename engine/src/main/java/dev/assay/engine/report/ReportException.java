package dev.assay.engine.report;

/** A report could not be read; the message is one line fit to show a user as is. */
public final class ReportException extends Exception {

    public ReportException(String message) {
        super(message);
    }

    public ReportException(String message, Throwable cause) {
        super(message, cause);
    }
}
