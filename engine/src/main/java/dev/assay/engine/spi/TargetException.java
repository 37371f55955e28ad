package dev.assay.engine.spi;

/** A target that cannot be scanned at all; the message is one line for the user. */
public class TargetException extends Exception {

    private static final long serialVersionUID = 1L;

    public TargetException(String message) {
        super(message);
    }

    public TargetException(String message, Throwable cause) {
        super(message, cause);
    }
}
