package dev.assay.html;

/**
 * Makes a string from a target safe to look at (escaping for HTML is the template engine's job): bidi controls and
 * invisible characters become a visible {@code ⟦U+202E⟧} mark so that they cannot reorder or hide what the page
 * says, other control characters become {@code ?}, and the length is bounded.
 */
final class Shown {

    static final int MAX = 2_000;

    private Shown() {
    }

    static String text(String s) {
        if (s == null || s.isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder(Math.min(s.length(), MAX) + 16);
        int[] count = {0};
        s.codePoints().takeWhile(cp -> count[0]++ < MAX).forEach(cp -> {
            if (invisible(cp)) {
                b.append("⟦U+").append(String.format(java.util.Locale.ROOT, "%04X", cp)).append('⟧');
            } else if (Character.isISOControl(cp) && cp != '\n') {
                b.append('?');
            } else {
                b.appendCodePoint(cp);
            }
        });
        if (s.codePointCount(0, s.length()) > MAX) {
            b.append('…');
        }
        return b.toString();
    }

    /** Bidi embeddings, overrides and isolates, marks, zero-width and other format characters (Unicode Cf). */
    static boolean invisible(int cp) {
        return Character.getType(cp) == Character.FORMAT || cp == 0x115F || cp == 0x1160 || cp == 0x3164
                || cp == 0xFFA0 || (cp >= 0xFE00 && cp <= 0xFE0F) || (cp >= 0xE0100 && cp <= 0xE01EF);
    }

    /** An id usable in an HTML id attribute and a fragment: ASCII letters, digits, '-' and '_' only. */
    static String anchor(String prefix, String s) {
        StringBuilder b = new StringBuilder(prefix);
        (s == null ? "" : s).codePoints().limit(80).forEach(cp -> b.append(cp < 128
                && (Character.isLetterOrDigit(cp) || cp == '-' || cp == '_') ? (char) cp : '_'));
        return b.toString();
    }

    /** A level or severity as a CSS class suffix (letters and '-'), "none" when empty. */
    static String cssClass(String s) {
        if (s == null || s.isBlank()) {
            return "none";
        }
        StringBuilder b = new StringBuilder();
        s.toLowerCase(java.util.Locale.ROOT).codePoints().limit(30)
                .forEach(cp -> b.append(cp >= 'a' && cp <= 'z' ? (char) cp : '-'));
        return b.toString();
    }
}
