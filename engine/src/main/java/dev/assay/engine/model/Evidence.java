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

    private static String clip(String s) {
        String oneLine = s.strip().replace('\t', ' ').replace("\r", "").replace('\n', ' ');
        StringBuilder clean = new StringBuilder(Math.min(oneLine.length(), MAX_SNIPPET + 1));
        oneLine.codePoints().limit(MAX_SNIPPET + 1L).forEach(cp -> clean.appendCodePoint(Character.isISOControl(cp) ? '?' : cp));
        if (clean.codePointCount(0, clean.length()) > MAX_SNIPPET) {
            int cut = clean.offsetByCodePoints(0, MAX_SNIPPET - 1);
            return clean.substring(0, cut) + "…";
        }
        return clean.toString();
    }
}
