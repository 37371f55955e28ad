package dev.assay.extract.config;

import java.util.Arrays;

/**
 * Start offsets of the lines of a text, so that a 1-based line number can be turned back into its text. Line breaks
 * are \n, \r\n and \r; YAML also breaks at NEL, LS and PS, as SnakeYAML counts them.
 */
final class SourceLines {

    private final String text;
    private final int[] starts;
    private final int count;

    SourceLines(String text, boolean yamlBreaks) {
        this.text = text;
        int[] found = new int[16];
        int n = 0;
        found[n++] = 0;
        int len = text.length();
        for (int i = 0; i < len; i++) {
            char c = text.charAt(i);
            boolean lineBreak;
            if (c == '\r') {
                if (i + 1 < len && text.charAt(i + 1) == '\n') {
                    i++;
                }
                lineBreak = true;
            } else {
                lineBreak = c == '\n' || (yamlBreaks && (c == '\u0085' || c == '\u2028' || c == '\u2029'));
            }
            if (lineBreak) {
                if (n == found.length) {
                    found = Arrays.copyOf(found, n * 2);
                }
                found[n++] = i + 1;
            }
        }
        this.starts = found;
        this.count = n;
    }

    int count() {
        return count;
    }

    /** The line's text without its break and surrounding blanks, cut to {@code maxChars}; "" when out of range. */
    String snippet(int line, int maxChars) {
        if (line < 1 || line > count) {
            return "";
        }
        int from = starts[line - 1];
        int to = line < count ? starts[line] : text.length();
        while (to > from && isBreakOrBlank(text.charAt(to - 1))) {
            to--;
        }
        while (from < to && isBreakOrBlank(text.charAt(from))) {
            from++;
        }
        if (to - from <= maxChars) {
            return text.substring(from, to);
        }
        int end = from + maxChars;
        if (Character.isHighSurrogate(text.charAt(end - 1))) {
            end--;
        }
        return text.substring(from, end) + "…";
    }

    private static boolean isBreakOrBlank(char c) {
        return c == '\n' || c == '\r' || c == ' ' || c == '\t' || c == '\u0085' || c == '\u2028' || c == '\u2029'
                || c == '\uFEFF';
    }
}
