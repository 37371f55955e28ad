package dev.assay.engine.diff;

import java.util.Locale;

/**
 * Makes strings from targets and reports safe to print. A finding's subject, snippet or file name may be written to
 * attack a terminal or a Markdown renderer, so controls, format characters (bidi overrides, zero-width) and other
 * invisible code points become visible escapes, whitespace runs become one space, and long text is cut.
 */
final class Shown {

    static final int MAX = 160;

    private Shown() {
    }

    /** One printable line of at most {@link #MAX} code points. */
    static String line(String s) {
        return line(s, MAX);
    }

    static String line(String s, int max) {
        if (s == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(Math.min(s.length(), max) + 8);
        boolean space = false;
        int count = 0;
        for (int i = 0; i < s.length() && count <= max; ) {
            int cp = s.codePointAt(i);
            i += Character.charCount(cp);
            if (Character.isWhitespace(cp) || Character.isSpaceChar(cp)) {
                space = out.length() > 0;
                continue;
            }
            if (space) {
                out.append(' ');
                count++;
                space = false;
            }
            int type = Character.getType(cp);
            if (type == Character.CONTROL || type == Character.FORMAT || type == Character.UNASSIGNED
                    || type == Character.PRIVATE_USE || type == Character.SURROGATE
                    || type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR) {
                out.append(cp <= 0xFF ? String.format(Locale.ROOT, "\\x%02x", cp) : String.format(Locale.ROOT, "\\u{%x}", cp));
            } else {
                out.appendCodePoint(cp);
            }
            count++;
        }
        if (out.codePointCount(0, out.length()) > max) {
            return out.substring(0, out.offsetByCodePoints(0, max - 1)) + "…";
        }
        return out.toString();
    }

    /**
     * One line for Markdown prose or a table cell: {@link #line} first, then every character that could open markup
     * (emphasis, links, code, HTML, table cells) is backslash-escaped or written as an entity. The text never starts a
     * line of the document, so line-start markup (headings, lists) cannot trigger.
     */
    static String md(String s) {
        String l = line(s);
        StringBuilder out = new StringBuilder(l.length() + 16);
        for (int i = 0; i < l.length(); i++) {
            char c = l.charAt(i);
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '\\', '`', '*', '_', '[', ']', '|', '~' -> out.append('\\').append(c);
                default -> out.append(c);
            }
        }
        // GitHub turns bare URLs and www. names into links; an escaped character breaks the pattern.
        return out.toString().replace("://", "\\:\\/\\/").replace("www.", "www\\.");
    }
}
