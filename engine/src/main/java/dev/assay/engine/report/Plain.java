package dev.assay.engine.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Text helpers for output read by people. Report strings come from hostile files, so every character that could steer
 * a terminal or hide text (C0/C1 controls such as ESC, DEL, bidi and zero-width format characters, line separators,
 * lone surrogates) is shown as a visible escape ({@code \x1b}, <code>&#92;u{202e}</code>) instead of being passed through. That
 * also neutralises ANSI escape sequences: without their ESC byte they are inert printable text.
 */
final class Plain {

    private Plain() {
    }

    /** Replaces every unsafe code point by a visible escape; keeps the rest, including line breaks, untouched. */
    static String visible(String s) {
        if (s == null || s.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder(s.length() + 8);
        s.codePoints().forEach(cp -> appendVisible(out, cp));
        return out.toString();
    }

    /** One display line: whitespace runs (newlines, tabs …) become one space, the ends are trimmed, unsafe characters escaped. */
    static String oneLine(String s) {
        if (s == null || s.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder(s.length() + 8);
        boolean pendingSpace = false;
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            i += Character.charCount(cp);
            if (Character.isWhitespace(cp) || Character.isSpaceChar(cp)) {
                pendingSpace = out.length() > 0;
                continue;
            }
            if (pendingSpace) {
                out.append(' ');
                pendingSpace = false;
            }
            appendVisible(out, cp);
        }
        return out.toString();
    }

    /** {@link #oneLine(String)} cut to at most {@code maxCodePoints} code points, ending with an ellipsis when cut. */
    static String oneLine(String s, int maxCodePoints) {
        String line = oneLine(s);
        if (line.codePointCount(0, line.length()) <= maxCodePoints) {
            return line;
        }
        return line.substring(0, line.offsetByCodePoints(0, maxCodePoints - 1)) + "…";
    }

    static boolean isUnsafe(int cp) {
        switch (Character.getType(cp)) {
            case Character.CONTROL:
            case Character.FORMAT:
            case Character.LINE_SEPARATOR:
            case Character.PARAGRAPH_SEPARATOR:
            case Character.SURROGATE:
                return true;
            default:
                return false;
        }
    }

    private static void appendVisible(StringBuilder out, int cp) {
        if (!isUnsafe(cp)) {
            out.appendCodePoint(cp);
        } else if (cp <= 0xFF) {
            out.append(String.format(Locale.ROOT, "\\x%02x", cp));
        } else {
            out.append(String.format(Locale.ROOT, "\\u{%04x}", cp));
        }
    }

    /**
     * Word-wraps one display line to {@code width} code points. The first line starts with {@code firstPrefix}, the
     * others with {@code nextPrefix}; a word longer than a whole line is split where the line ends.
     */
    static List<String> wrap(String text, int width, String firstPrefix, String nextPrefix) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder(firstPrefix);
        int lineLength = length(firstPrefix);
        int prefixLength = lineLength;
        for (String word : text.split(" ")) {
            if (word.isEmpty()) {
                continue;
            }
            int wordLength = length(word);
            if (lineLength > prefixLength && lineLength + 1 + wordLength > width) {
                lines.add(line.toString());
                line = new StringBuilder(nextPrefix);
                lineLength = length(nextPrefix);
                prefixLength = lineLength;
            }
            if (lineLength > prefixLength) {
                line.append(' ');
                lineLength++;
            }
            // A word that cannot fit on any line is cut into line-sized pieces.
            while (lineLength + wordLength > width && width - lineLength > 0) {
                int room = width - lineLength;
                int cut = word.offsetByCodePoints(0, room);
                line.append(word, 0, cut);
                lines.add(line.toString());
                word = word.substring(cut);
                wordLength -= room;
                line = new StringBuilder(nextPrefix);
                lineLength = length(nextPrefix);
                prefixLength = lineLength;
            }
            line.append(word);
            lineLength += wordLength;
        }
        lines.add(line.toString());
        return lines;
    }

    /** Cuts a line into pieces of at most {@code width} code points, without looking for word boundaries (for code). */
    static List<String> chop(String text, int width) {
        List<String> pieces = new ArrayList<>();
        String rest = text;
        while (length(rest) > width) {
            int cut = rest.offsetByCodePoints(0, width);
            pieces.add(rest.substring(0, cut));
            rest = rest.substring(cut);
        }
        pieces.add(rest);
        return pieces;
    }

    static int length(String s) {
        return s.codePointCount(0, s.length());
    }
}
