package dev.assay.safetycard.render;

/**
 * Text hygiene for everything rendered from a scorecard: a scorecard is authored input and may hold control
 * characters, newlines where one line is expected, or markup. Pure functions.
 */
public final class Text {

    private Text() {
    }

    /** One line: newlines and tabs become spaces, other control and bidi-control characters become '?'. */
    public static String line(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(s.length());
        s.codePoints().forEach(cp -> b.appendCodePoint(cp == '\n' || cp == '\r' || cp == '\t' ? ' '
                : Character.isISOControl(cp) || (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069) ? '?' : cp));
        return b.toString().strip();
    }

    /** Markdown text on one line: HTML is shown, not interpreted. */
    public static String md(String s) {
        return line(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    /** Markdown for a table cell: also keeps pipes from splitting the cell. */
    public static String cell(String s) {
        return md(s).replace("|", "\\|");
    }

    /** Inline code in Markdown, with a fence longer than any backtick run inside. */
    public static String code(String s) {
        String text = line(s);
        int longest = 0;
        int run = 0;
        for (int i = 0; i < text.length(); i++) {
            run = text.charAt(i) == '`' ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        String fence = "`".repeat(longest + 1);
        String pad = text.startsWith("`") || text.endsWith("`") ? " " : "";
        return fence + pad + text + pad + fence;
    }
}
