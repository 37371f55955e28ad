package dev.assay.safetycard.search;

import java.util.Arrays;

/**
 * Line boundaries of a text as ripgrep counts lines: each line ends after a {@code '\n'}; text after the last
 * {@code '\n'} is one more line; a text ending in {@code '\n'} has no empty line after it; an empty text has none.
 */
final class LineIndex {
    private final int[] starts;
    private final int count;
    private final int length;

    LineIndex(String text) {
        int len = text.length();
        int[] s = new int[16];
        int n = 0;
        if (len > 0) {
            s[n++] = 0;
            for (int k = 0; k < len; k++) {
                if (text.charAt(k) == '\n' && k + 1 < len) {
                    if (n == s.length) {
                        s = Arrays.copyOf(s, s.length * 2);
                    }
                    s[n++] = k + 1;
                }
            }
        }
        this.starts = s;
        this.count = n;
        this.length = len;
        this.text = text;
    }

    private final String text;

    int count() {
        return count;
    }

    int start(int line) {
        return starts[line];
    }

    /** End of the line's content, excluding its {@code '\n'}. */
    int contentEnd(int line) {
        int end = line + 1 < count ? starts[line + 1] - 1 : length;
        if (line + 1 >= count && length > 0 && text.charAt(length - 1) == '\n') {
            end = length - 1;
        }
        return end;
    }

    /** Offset just past the line's terminator (or the text's end). */
    int nextStart(int line) {
        return line + 1 < count ? starts[line + 1] : length + 1;
    }

    /** Index of the line containing {@code offset}; {@link #count()} for an offset past the last line. */
    int lineOf(int offset) {
        if (count == 0) {
            return 0;
        }
        if (offset >= length) {
            return length > 0 && text.charAt(length - 1) == '\n' ? count : count - 1;
        }
        int k = Arrays.binarySearch(starts, 0, count, offset);
        return k >= 0 ? k : -k - 2;
    }

    String content(String text, int line) {
        return text.substring(start(line), contentEnd(line));
    }
}
