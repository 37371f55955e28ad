package dev.assay.extract.config;

/** A document the parser refuses: a syntax error or a bound exceeded, with the line when known (0 otherwise). */
final class ConfigRejected extends Exception {

    private static final long serialVersionUID = 1L;

    private final int line;
    private final boolean boundExceeded;

    ConfigRejected(int line, String message) {
        this(line, message, false);
    }

    ConfigRejected(int line, String message, boolean boundExceeded) {
        super(message, null, false, false);
        this.line = line;
        this.boundExceeded = boundExceeded;
    }

    static ConfigRejected bound(int line, String message) {
        return new ConfigRejected(line, message, true);
    }

    int line() {
        return line;
    }

    boolean boundExceeded() {
        return boundExceeded;
    }
}
