package dev.assay.extract.component.code;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The UTF-8 bytes a tree was parsed from, with line starts, so that node text, lines and snippets come from byte
 * offsets without asking the native tree for positions. Text is always cut to a bound before it is decoded.
 */
public final class SourceText {

    private final byte[] utf8;
    private final int[] lineStarts;
    private final int snippetChars;

    public SourceText(byte[] utf8, int snippetChars) {
        this.utf8 = utf8;
        this.snippetChars = snippetChars;
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
        this.lineStarts = starts;
    }

    public byte[] bytes() {
        return utf8;
    }

    public int length() {
        return utf8.length;
    }

    public int lineCount() {
        return lineStarts.length;
    }

    /** 1-based line of a byte offset. */
    public int lineAt(int offset) {
        int i = Arrays.binarySearch(lineStarts, Math.max(0, Math.min(offset, utf8.length)));
        return i >= 0 ? i + 1 : -i - 1;
    }

    public int startLine(SyntaxNode node) {
        return lineAt(node.startByte());
    }

    /** The line of the node's last character. */
    public int endLine(SyntaxNode node) {
        int end = node.endByte();
        return lineAt(end > node.startByte() ? end - 1 : end);
    }

    /** The node's text, cut to {@code maxChars} characters (a cut text ends with "…"). */
    public String text(SyntaxNode node, int maxChars) {
        return slice(node.startByte(), node.endByte(), maxChars);
    }

    /** Bytes {@code [start, end)} decoded, cut to {@code maxChars} characters (a cut text ends with "…"). */
    public String slice(int start, int end, int maxChars) {
        int from = Math.max(0, Math.min(start, utf8.length));
        int to = Math.max(from, Math.min(end, utf8.length));
        // A UTF-8 character is at most 4 bytes: decoding 4 bytes per wanted character is enough to fill the bound.
        long wantedBytes = 4L * maxChars + 4;
        boolean cut = to - from > wantedBytes;
        String s = new String(utf8, from, cut ? (int) wantedBytes : to - from, StandardCharsets.UTF_8);
        if (s.length() > maxChars) {
            return s.substring(0, maxChars) + "…";
        }
        return cut ? s + "…" : s;
    }

    /** Whether bytes {@code [start, end)} hold a line break that is not escaped by a backslash. */
    public boolean hasLineBreak(int start, int end) {
        for (int i = Math.max(0, start); i < Math.min(end, utf8.length); i++) {
            if (utf8[i] == '\n' && (i == 0 || utf8[i - 1] != '\\') && !(i >= 2 && utf8[i - 1] == '\r'
                    && utf8[i - 2] == '\\')) {
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
        int lineEnd = line < lineStarts.length ? lineStarts[line] - 1 : utf8.length;
        int from = lineStart;
        if (lineEnd - lineStart > snippetChars) {
            from = Math.max(lineStart, offset - snippetChars / 4);
            // Start on a character boundary.
            while (from < offset && (utf8[from] & 0xC0) == 0x80) {
                from++;
            }
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
