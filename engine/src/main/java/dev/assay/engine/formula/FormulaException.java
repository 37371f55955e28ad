package dev.assay.engine.formula;

/**
 * A formula spec, case file or input that cannot be used. The message is always a single line that names the source
 * (file or reference) and, where there is one, the key at fault, so a CLI can print it as is.
 */
public final class FormulaException extends Exception {

    private static final long serialVersionUID = 1L;

    /** Longest message kept; hostile spec files must not be able to flood a terminal through an error. */
    private static final int MAX_MESSAGE = 400;

    public FormulaException(String message) {
        super(oneLine(message));
    }

    public FormulaException(String message, Throwable cause) {
        super(oneLine(message), cause);
    }

    static String oneLine(String text) {
        String s = text == null ? "" : text;
        StringBuilder out = new StringBuilder(Math.min(s.length(), MAX_MESSAGE + 1));
        s.codePoints().limit(MAX_MESSAGE + 1L).forEach(cp -> {
            if (cp == '\n' || cp == '\r' || cp == '\t') {
                out.append(' ');
            } else {
                out.appendCodePoint(Character.isISOControl(cp) ? '?' : cp);
            }
        });
        if (out.codePointCount(0, out.length()) > MAX_MESSAGE) {
            return out.substring(0, out.offsetByCodePoints(0, MAX_MESSAGE - 1)) + "…";
        }
        return out.toString();
    }
}
