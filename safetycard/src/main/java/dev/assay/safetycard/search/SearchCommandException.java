package dev.assay.safetycard.search;

/**
 * A search command that cannot be re-run: shell syntax, a forbidden or unknown flag, or a regex construct that is not
 * reproduced. {@link #unsupported()} separates "valid ripgrep this implementation does not reproduce" from "invalid
 * or not allowed".
 */
public final class SearchCommandException extends Exception {
    private final boolean unsupported;

    public SearchCommandException(String message, boolean unsupported) {
        super(message);
        this.unsupported = unsupported;
    }

    public static SearchCommandException invalid(String message) {
        return new SearchCommandException(message, false);
    }

    public static SearchCommandException unsupported(String message) {
        return new SearchCommandException(message, true);
    }

    public boolean unsupported() {
        return unsupported;
    }
}
