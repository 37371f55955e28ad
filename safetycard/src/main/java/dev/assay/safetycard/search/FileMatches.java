package dev.assay.safetycard.search;

import java.util.List;

/**
 * The matching lines one search found in one file: the path as rg prints it, the repository-relative path, and each
 * matching line (1-based number, its text, and the first match's span within the text). Context lines are not
 * included. {@code text} may be shortened to {@link SearchLimits#maxStoredLineChars()}; the span always lies inside
 * the stored text or is clipped to it.
 */
public record FileMatches(String displayPath, String repoPath, List<MatchedLine> lines) {
    public FileMatches {
        lines = List.copyOf(lines);
    }

    /** One matching line. {@code matchStart}/{@code matchEnd} are character offsets into {@code text}. */
    public record MatchedLine(long number, String text, int matchStart, int matchEnd) {
        /** The matched substring. */
        public String matched() {
            return text.substring(matchStart, matchEnd);
        }
    }
}
