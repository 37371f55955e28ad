package dev.assay.cli;

import java.util.Locale;

/**
 * Makes text fit for one line of stderr. Messages can quote target file names or report contents, which may be written
 * to attack a terminal, so control and format characters are shown as escapes and line breaks collapse to spaces.
 */
final class Messages {

    /** Long enough for a path and a reason; a runaway message (a quoted file, a compiler dump) is cut. */
    static final int MAX_LENGTH = 400;

    private Messages() {
    }

    /** One printable line of at most {@link #MAX_LENGTH} characters; "unknown error" for null or blank input. */
    static String oneLine(String text) {
        if (text == null || text.isBlank()) {
            return "unknown error";
        }
        StringBuilder out = new StringBuilder(Math.min(text.length(), MAX_LENGTH) + 16);
        boolean space = false;
        int i = 0;
        while (i < text.length() && out.length() <= MAX_LENGTH) {
            int cp = text.codePointAt(i);
            i += Character.charCount(cp);
            if (Character.isWhitespace(cp) || Character.isSpaceChar(cp)) {
                space = out.length() > 0;
                continue;
            }
            if (space) {
                out.append(' ');
                space = false;
            }
            if (unsafe(cp)) {
                out.append(cp <= 0xFF ? String.format(Locale.ROOT, "\\x%02x", cp)
                        : String.format(Locale.ROOT, "\\u{%x}", cp));
            } else {
                out.appendCodePoint(cp);
            }
        }
        if (out.length() > MAX_LENGTH) {
            int cut = MAX_LENGTH - 1;
            if (Character.isLowSurrogate(out.charAt(cut)) && Character.isHighSurrogate(out.charAt(cut - 1))) {
                cut--; // never split a code point
            }
            out.setLength(cut);
            out.append('…');
        }
        return out.toString();
    }

    /** The text as one quoted line, for naming user-supplied values such as paths. */
    static String quoted(String text) {
        return text == null || text.isBlank() ? "''" : "'" + oneLine(text) + "'";
    }

    /** Controls, format characters (bidi overrides, zero-width), unassigned and private-use code points, lone surrogates. */
    private static boolean unsafe(int cp) {
        int type = Character.getType(cp);
        return type == Character.CONTROL || type == Character.FORMAT || type == Character.UNASSIGNED
                || type == Character.PRIVATE_USE || type == Character.SURROGATE;
    }
}
