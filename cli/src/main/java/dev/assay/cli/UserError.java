package dev.assay.cli;

/**
 * A failure to show the user as one line ({@code assay: <message>}) with exit code 1: bad input, a missing file, an
 * unknown pack or formula. Never a bug; bugs surface as "internal error".
 */
final class UserError extends Exception {

    private static final long serialVersionUID = 1L;

    UserError(String message) {
        super(message);
    }

    UserError(String message, Throwable cause) {
        super(message, cause);
    }
}
