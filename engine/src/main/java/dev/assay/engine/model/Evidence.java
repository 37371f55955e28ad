package dev.assay.engine.model;

import java.util.Comparator;

/**
 * Where a fact or finding was seen: a file relative to the target root (always '/'-separated), a 1-based line range
 * (0 when the location has no line, such as a permission bit) and a short snippet that never holds a full secret.
 */
public record Evidence(String file, int lineStart, int lineEnd, String snippet) implements Comparable<Evidence> {

    /** The longest snippet a report carries; longer text is cut with an ellipsis. */
    public static final int MAX_SNIPPET = 200;

    private static final Comparator<Evidence> ORDER = Comparator.comparing(Evidence::file)
            .thenComparingInt(Evidence::lineStart)
            .thenComparingInt(Evidence::lineEnd)
            .thenComparing(Evidence::snippet);

    public Evidence {
        file = file == null ? "" : file;
        snippet = clip(snippet == null ? "" : snippet);
        if (lineEnd < lineStart) {
            lineEnd = lineStart;
        }
    }

    public static Evidence at(String file, int line, String snippet) {
        return new Evidence(file, line, line, snippet);
    }

    public Evidence withSnippet(String newSnippet) {
        return new Evidence(file, lineStart, lineEnd, newSnippet);
    }

    @Override
    public int compareTo(Evidence o) {
        return ORDER.compare(this, o);
    }

    /**
     * The snippet on one line: stripped, tabs and line feeds as spaces, carriage returns dropped, other control
     * characters as '?', at most {@link #MAX_SNIPPET} code points (the last an ellipsis when cut). Only the first
     * {@code MAX_SNIPPET + 1} code points are looked at, so a fact whose snippet is a whole docstring costs no more.
     */
    private static String clip(String s) {
        int start = 0;
        int end = s.length();
        while (start < end) {
            int cp = s.codePointAt(start);
            if (!Character.isWhitespace(cp)) {
                break;
            }
            start += Character.charCount(cp);
        }
        while (end > start) {
            int cp = s.codePointBefore(end);
            if (!Character.isWhitespace(cp)) {
                break;
            }
            end -= Character.charCount(cp);
        }
        StringBuilder clean = new StringBuilder(Math.min(end - start, MAX_SNIPPET + 1));
        int kept = 0;
        for (int i = start; i < end && kept <= MAX_SNIPPET; ) {
            int cp = s.codePointAt(i);
            i += Character.charCount(cp);
            if (cp == '\r') {
                continue;
            }
            // A lone low surrogate after a lone high one (a dropped '\r' between them) joins it into one code point.
            boolean joins = Character.isLowSurrogate((char) cp) && !clean.isEmpty()
                    && Character.isHighSurrogate(clean.charAt(clean.length() - 1));
            clean.appendCodePoint(cp == '\t' || cp == '\n' ? ' ' : Character.isISOControl(cp) ? '?' : cp);
            if (!joins) {
                kept++;
            }
        }
        if (kept > MAX_SNIPPET) {
            int cut = clean.offsetByCodePoints(0, MAX_SNIPPET - 1);
            return clean.substring(0, cut) + "…";
        }
        return clean.toString();
    }
}
