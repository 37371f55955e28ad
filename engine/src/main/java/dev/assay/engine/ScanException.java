package dev.assay.engine;

/** A scan that could not run at all (target missing or unopenable, pack or formula unusable); one line for the user. */
public class ScanException extends Exception {

    private static final long serialVersionUID = 1L;

    public ScanException(String message) {
        super(message);
    }

    public ScanException(String message, Throwable cause) {
        super(message, cause);
    }
}
