package dev.assay.engine.rules;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;

/**
 * The successive matches of a pattern in a text as {@code find(from)} yields them (after an empty match the search
 * moves one unit on), over the whole text or only over pieces of it ({@link MatchRegions#regions}); offsets are
 * always the whole text's.
 */
final class Matches {
    private final Pattern pattern;
    private final String text;
    private final int[] pieces;
    private int piece = -1;
    private int offset;
    private int length;
    private Matcher matcher;
    private int from;
    private int start;
    private int end;

    /** {@code pieces}: ascending start/end offsets, or null for the whole text. */
    Matches(Pattern pattern, String text, int[] pieces) {
        this.pattern = pattern;
        this.text = text;
        this.pieces = pieces == null ? new int[] {0, text.length()} : pieces;
    }

    /** Moves to the next match; false when there is none. */
    boolean next() {
        while (true) {
            if (matcher != null && from <= length && matcher.find(from)) {
                int s = matcher.start();
                int e = matcher.end();
                from = e > s ? e : e + 1;
                start = offset + s;
                end = offset + e;
                return true;
            }
            piece++;
            if (2 * piece >= pieces.length) {
                matcher = null;
                return false;
            }
            offset = pieces[2 * piece];
            int to = pieces[2 * piece + 1];
            length = to - offset;
            // substring returns the text itself when the piece is all of it
            matcher = pattern.matcher(text.substring(offset, to));
            from = 0;
        }
    }

    /** The current match's matcher, for its groups (their offsets are the piece's). */
    Matcher matcher() {
        return matcher;
    }

    int start() {
        return start;
    }

    int end() {
        return end;
    }
}
