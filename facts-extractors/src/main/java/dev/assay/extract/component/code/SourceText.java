package dev.assay.extract.component.code;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The file's own bytes a tree was parsed from, in their encoding (UTF-8, or UTF-16 where the file is), with line
 * starts, so that node text, lines and snippets come from the tree's byte offsets, which are the file's, without
 * asking the native tree for positions. A leading byte order mark stays in the bytes (tree-sitter skips it as
 * whitespace) but is the encoding's mark, not text: no slice includes it. Text is always cut to a bound before it is
 * decoded.
 */
public final class SourceText {

    /** The encodings tree-sitter parses, in the order of its TSInputEncoding (the native reader passes the ordinal). */
    public enum Encoding {
        UTF_8(StandardCharsets.UTF_8, 1),
        UTF_16LE(StandardCharsets.UTF_16LE, 2),
        UTF_16BE(StandardCharsets.UTF_16BE, 2);

        private final Charset charset;
        private final int unit;

        Encoding(Charset charset, int unit) {
            this.charset = charset;
            this.unit = unit;
        }

        /** Bytes per code unit: an ASCII character takes this many bytes. */
        public int unit() {
            return unit;
        }
    }

    private final byte[] bytes;
    private final Encoding encoding;
    private final int unit;
    /** Where the text starts: after a leading byte order mark, else 0. */
    private final int textStart;
    private final int[] lineStarts;
    private final int snippetChars;
    /**
     * Per line, its snippet once made, when the whole line fits the bound (the snippet is then the line's, wherever
     * on it the node starts): the calls of one line share one string instead of two new copies each. Made on first use.
     */
    private String[] lineSnippets;

    /** UTF-8 bytes. */
    public SourceText(byte[] utf8, int snippetChars) {
        this(utf8, Encoding.UTF_8, snippetChars);
    }

    public SourceText(byte[] bytes, Encoding encoding, int snippetChars) {
        this.bytes = bytes;
        this.encoding = encoding;
        this.unit = encoding.unit();
        this.snippetChars = snippetChars;
        this.textStart = markLength(bytes, encoding);
        this.lineStarts = unit == 1 ? utf8LineStarts(bytes) : utf16LineStarts();
    }

    private static int[] utf8LineStarts(byte[] utf8) {
        int count = 1;
        for (byte b : utf8) {
            if (b == '\n') {
                count++;
            }
        }
        int[] starts = new int[count];
        int line = 1;
        for (int i = 0; i < utf8.length; i++) {
            if (utf8[i] == '\n') {
                starts[line++] = i + 1;
            }
        }
        return starts;
    }

    private int[] utf16LineStarts() {
        int end = bytes.length - 1;
        int count = 1;
        for (int i = 0; i < end; i += 2) {
            if (codeUnit(i) == '\n') {
                count++;
            }
        }
        int[] starts = new int[count];
        int line = 1;
        for (int i = 0; i < end; i += 2) {
            if (codeUnit(i) == '\n') {
                starts[line++] = i + 2;
            }
        }
        return starts;
    }

    /** The length of the byte order mark the bytes start with, in their encoding, or 0. */
    private static int markLength(byte[] bytes, Encoding encoding) {
        int[] mark = switch (encoding) {
            case UTF_8 -> new int[] {0xEF, 0xBB, 0xBF};
            case UTF_16LE -> new int[] {0xFF, 0xFE};
            case UTF_16BE -> new int[] {0xFE, 0xFF};
        };
        if (bytes.length < mark.length) {
            return 0;
        }
        for (int i = 0; i < mark.length; i++) {
            if ((bytes[i] & 0xFF) != mark[i]) {
                return 0;
            }
        }
        return mark.length;
    }

    /** The code unit at a byte offset (a byte for UTF-8, a 16-bit unit for UTF-16); the offset must be in range. */
    private int codeUnit(int offset) {
        if (unit == 1) {
            return bytes[offset] & 0xFF;
        }
        int first = bytes[offset] & 0xFF;
        int second = bytes[offset + 1] & 0xFF;
        return encoding == Encoding.UTF_16LE ? first | second << 8 : first << 8 | second;
    }

    /** The ASCII character at a byte offset, or -1 when there is none there (out of range, or not ASCII). */
    public int asciiAt(int offset) {
        if (offset < textStart || offset > bytes.length - unit || offset % unit != 0) {
            return -1;
        }
        int c = codeUnit(offset);
        return c < 0x80 ? c : -1;
    }

    /** Bytes per ASCII character: 1 in UTF-8, 2 in UTF-16. */
    public int unit() {
        return unit;
    }

    public int length() {
        return bytes.length;
    }

    public int lineCount() {
        return lineStarts.length;
    }

    /** 1-based line of a byte offset. */
    public int lineAt(int offset) {
        int i = Arrays.binarySearch(lineStarts, Math.max(0, Math.min(offset, bytes.length)));
        return i >= 0 ? i + 1 : -i - 1;
    }

    public int startLine(SyntaxNode node) {
        return lineAt(node.startByte());
    }

    /** The line of the node's last character. */
    public int endLine(SyntaxNode node) {
        int end = node.endByte();
        return lineAt(end > node.startByte() ? end - unit : end);
    }

    /** The node's text, cut to {@code maxChars} characters (a cut text ends with "…"). */
    public String text(SyntaxNode node, int maxChars) {
        return slice(node.startByte(), node.endByte(), maxChars);
    }

    /** Bytes {@code [start, end)} decoded, cut to {@code maxChars} characters (a cut text ends with "…"). */
    public String slice(int start, int end, int maxChars) {
        int from = Math.max(textStart, Math.min(start, bytes.length));
        int to = Math.max(from, Math.min(end, bytes.length));
        // A character is at most 4 bytes in either encoding: decoding 4 bytes per wanted character fills the bound.
        long wantedBytes = 4L * maxChars + 4;
        boolean cut = to - from > wantedBytes;
        String s = new String(bytes, from, cut ? (int) wantedBytes : to - from, encoding.charset);
        if (s.length() > maxChars) {
            return s.substring(0, maxChars) + "…";
        }
        return cut ? s + "…" : s;
    }

    /**
     * The text between a token's opening and closing characters, e.g. a string's value between its quotes:
     * {@code [start, end)} without its first {@code open} and last {@code close} ASCII characters; "" when the token
     * is shorter than those.
     */
    public String inner(int start, int end, int open, int close, int maxChars) {
        if (end - start < (open + close) * unit) {
            return "";
        }
        return slice(start + open * unit, end - close * unit, maxChars);
    }

    /** Whether bytes {@code [start, end)} hold a line break that is not escaped by a backslash. */
    public boolean hasLineBreak(int start, int end) {
        for (int i = Math.max(textStart, start); i <= Math.min(end, bytes.length) - unit; i += unit) {
            if (asciiAt(i) == '\n' && asciiAt(i - unit) != '\\'
                    && !(asciiAt(i - unit) == '\r' && asciiAt(i - 2 * unit) == '\\')) {
                return true;
            }
        }
        return false;
    }

    /**
     * The evidence snippet for a node: its first line, stripped; when the line is longer than the bound, a window of
     * it that starts shortly before the node.
     */
    public String snippet(SyntaxNode node) {
        return snippetAt(node.startByte());
    }

    public String snippetAt(int offset) {
        int line = lineAt(offset);
        int lineStart = lineStarts[line - 1];
        int lineEnd = line < lineStarts.length ? lineStarts[line] - unit : bytes.length;
        if (lineEnd - lineStart <= snippetChars) { // the window below would start at the line's start
            if (lineSnippets == null) {
                lineSnippets = new String[lineStarts.length];
            }
            String made = lineSnippets[line - 1];
            if (made == null) {
                made = oneLine(slice(lineStart, lineEnd, snippetChars)).strip();
                lineSnippets[line - 1] = made;
            }
            return made;
        }
        int from = Math.max(lineStart, offset - snippetChars / 4);
        from += (from - lineStart) % unit;
        // Start on a character boundary: not on a UTF-8 continuation byte or a UTF-16 low surrogate.
        while (from < offset && from <= bytes.length - unit && (unit == 1 ? (bytes[from] & 0xC0) == 0x80
                : Character.isLowSurrogate((char) codeUnit(from)))) {
            from += unit;
        }
        String text = slice(from, lineEnd, snippetChars);
        return oneLine(text).strip();
    }

    private static String oneLine(String s) {
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\r' || c == '\n' || c == '\u0000') {
                if (b == null) {
                    b = new StringBuilder(s.substring(0, i));
                }
                b.append(' ');
            } else if (b != null) {
                b.append(c);
            }
        }
        return b == null ? s : b.toString();
    }
}
