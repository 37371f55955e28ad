package dev.assay.safetycard.search;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;
import java.util.ArrayList;
import java.util.List;

/**
 * The compiled matcher of an {@link RgCommand}: patterns joined as ripgrep joins them ({@code -e a -e b} becomes
 * {@code a|b}; {@code -F} escapes each), {@code -x} and {@code -w} wrappers as ripgrep builds them, smart case decided
 * on the pattern's literals, and multi-line search only when {@code -U} is given and the pattern can match a line break
 * (otherwise ripgrep searches line by line even with {@code -U}).
 */
final class RgPattern {
    private final Pattern regex;
    private final boolean multiline;
    private final boolean wordGroup;
    private final boolean consuming;
    private final List<String> literals;

    private RgPattern(Pattern regex, boolean multiline, boolean wordGroup, boolean consuming, List<String> literals) {
        this.regex = regex;
        this.multiline = multiline;
        this.wordGroup = wordGroup;
        this.consuming = consuming;
        this.literals = literals;
    }

    boolean multiline() {
        return multiline;
    }

    static RgPattern compile(RgCommand cmd) throws SearchCommandException {
        List<String> parts = new ArrayList<>();
        for (String p : cmd.patterns()) {
            parts.add(cmd.fixedStrings() ? RustRegex.escape(p) : p);
        }
        String joined = String.join("|", parts);
        String core = joined;
        boolean word = false;
        String full;
        if (cmd.lineRegexp()) {
            core = "^(?:" + joined + ")$";
            full = core;
        } else if (cmd.wordRegexp()) {
            word = true;
            full = "(?:^|\\W)(" + core + ")(?:$|\\W)";
        } else {
            full = core;
        }
        RustRegex.Translation t = RustRegex.translate(full, cmd.multilineDotall(), word ? core : null);
        boolean insensitive = switch (cmd.caseMode()) {
            case INSENSITIVE -> true;
            case SENSITIVE -> false;
            case SMART -> t.anyLiteral() && !t.anyUppercase();
        };
        boolean multi = cmd.multiline() && t.canMatchNewline();
        if (!cmd.multiline() && t.literalNewline()) {
            throw SearchCommandException.invalid("rg rejects this regex: the literal '\\n' is not allowed in a regex"
                    + " unless -U/--multiline is given");
        }
        if (multi && t.consumingBoundary() && cmd.outputMode() == RgCommand.OutputMode.COUNT) {
            throw SearchCommandException.unsupported("-U with -c counts matches, which is not reproduced for a"
                    + " pattern with \\b or \\B at its edge");
        }
        if (multi && cmd.maxCount() != RgCommand.NO_MAX_COUNT) {
            throw SearchCommandException.unsupported("-U/--multiline together with -m/--max-count is not reproduced");
        }
        int flags = Pattern.MULTILINE | (insensitive ? Pattern.CASE_INSENSITIVE : 0)
                | (multi && cmd.multilineDotall() ? Pattern.DOTALL : 0);
        return new RgPattern(Pattern.compile(t.re2j(), flags), multi, word, t.consumingBoundary(),
                cmd.invertMatch() ? null : t.requiredLiterals());
    }

    /** One matching line found in line-by-line mode: 0-based line index and the match's span within the line. */
    record LineMatch(int line, int start, int end) {
    }

    /**
     * Finds, for every line of the text that has a match, the first match in that line. Stops early (returning what
     * it has) when {@code stopAfter} lines are found.
     */
    List<LineMatch> matchLines(PreparedText prepared, long stopAfter) {
        String text = prepared.text();
        LineIndex lines = prepared.lines();
        if (literals != null) {
            return matchCandidateLines(text, prepared.folded(), lines, stopAfter);
        }
        List<LineMatch> out = new ArrayList<>();
        Matcher m = regex.matcher(text);
        int len = text.length();
        int pos = 0;
        int lineCount = lines.count();
        while (pos <= len && out.size() < stopAfter) {
            if (!m.find(pos)) {
                break;
            }
            int s = m.start();
            int e = m.end();
            int k = lines.lineOf(s);
            if (k >= lineCount) {
                break; // an empty match after the final line terminator is not a line
            }
            int lineStart = lines.start(k);
            int lineEnd = lines.contentEnd(k);
            if (e > lineEnd || s > lineEnd) {
                // the leftmost match crossed into the next line; decide this line on its own text
                Matcher single = regex.matcher(text.substring(lineStart, lineEnd));
                if (single.find()) {
                    out.add(span(k, single, 0));
                }
            } else {
                out.add(span(k, m, lineStart));
            }
            pos = lines.nextStart(k);
        }
        return out;
    }

    /** Line-by-line matching restricted to the lines that contain one of the required literals. */
    private List<LineMatch> matchCandidateLines(String text, String folded, LineIndex lines, long stopAfter) {
        java.util.BitSet candidates = new java.util.BitSet();
        for (String lit : literals) {
            int from = 0;
            while (from <= folded.length()) {
                int at = folded.indexOf(lit, from);
                if (at < 0) {
                    break;
                }
                int k = lines.lineOf(at);
                if (k >= lines.count()) {
                    break;
                }
                candidates.set(k);
                from = lines.nextStart(k);
            }
        }
        List<LineMatch> out = new ArrayList<>();
        Matcher single = null;
        for (int k = candidates.nextSetBit(0); k >= 0 && out.size() < stopAfter; k = candidates.nextSetBit(k + 1)) {
            String line = text.substring(lines.start(k), lines.contentEnd(k));
            if (single == null) {
                single = regex.matcher(line);
            } else {
                single.reset(line);
            }
            if (single.find()) {
                out.add(span(k, single, 0));
            }
        }
        return out;
    }

    private LineMatch span(int line, Matcher m, int offset) {
        if (wordGroup && m.start(1) >= 0) {
            return new LineMatch(line, m.start(1) - offset, m.end(1) - offset);
        }
        return new LineMatch(line, m.start() - offset, m.end() - offset);
    }

    /** A match in multi-line mode: its span in the text. */
    record Span(int start, int end) {
    }

    /**
     * The matches of a multi-line search, in order, as ripgrep's searcher finds them: it searches while unsearched
     * text remains, restarting at a match's end (one past an empty match).
     */
    List<Span> matchSpans(String text, long limit) {
        List<Span> out = new ArrayList<>();
        Matcher m = regex.matcher(text);
        int len = text.length();
        int pos = 0;
        while (pos < len && out.size() < limit && m.find(pos)) {
            int s = wordGroup ? m.start(1) : m.start();
            int e = wordGroup ? m.end(1) : m.end();
            out.add(new Span(s, e));
            int next;
            if (e == s) {
                next = e + 1;
            } else if (consuming) {
                next = Math.max(s + 1, e - 1);
            } else {
                next = e;
            }
            pos = Math.max(next, m.start() + 1);
        }
        return out;
    }

    /**
     * How many matches ripgrep's count finds in the line range {@code [from, to)} of a multi-line search: it iterates
     * from {@code from} over the rest of the text, skipping an empty match right after a match, and counts the
     * matches that start before {@code to}.
     */
    int countIn(String text, int from, int to) {
        Matcher m = regex.matcher(text);
        int lastEnd = from;
        int lastMatch = -1;
        int count = 0;
        while (lastEnd <= text.length() && m.find(lastEnd)) {
            int s = wordGroup ? m.start(1) : m.start();
            int e = wordGroup ? m.end(1) : m.end();
            if (s >= to) {
                break;
            }
            if (s == e) {
                lastEnd = e + 1;
                if (e == lastMatch) {
                    continue;
                }
            } else {
                lastEnd = e;
            }
            lastMatch = e;
            count++;
        }
        return count;
    }
}
