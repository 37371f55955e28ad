package dev.assay.safetycard.draft;

import dev.assay.safetycard.search.FileMatches;
import dev.assay.safetycard.search.RepoFiles;
import dev.assay.safetycard.search.Ripgrep;
import dev.assay.safetycard.search.RgCommand;
import dev.assay.safetycard.search.RustPattern;
import dev.assay.safetycard.search.SearchCache;
import dev.assay.safetycard.search.SearchCommandException;
import dev.assay.safetycard.search.SearchLimits;
import dev.assay.safetycard.search.SearchOutcome;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Finds text in a reviewed repository that is aimed at its reviewers or at auditing models (method: "protect the
 * audit"): phrases that address auditors or ask for a score, instructions to ignore previous instructions, forged
 * chat-role markers, and invisible or direction-changing Unicode. Every text file is scanned, hidden files included and
 * ignore files not honoured (a reviewer's model may read files rg would skip). Documentation that discusses prompt
 * injection stays quiet: a phrase is excused when the lines around it discuss prompt injection (and, for phrases that
 * address reviewers directly, when it is also quoted). Warnings are leads for the reviewer; the text they quote is
 * data from the repository, never an instruction.
 */
public final class ReviewGuard {
    /** Bound on a file read to check a phrase's surroundings. */
    private static final long MAX_CONTEXT_FILE_BYTES = 8L << 20;

    /**
     * One warning: the rule, what it means, where ({@code file} repository-relative, 1-based {@code line}), an excerpt
     * with invisible characters shown as {@code \\u{XXXX}}, and for Unicode tag characters the text they spell
     * ({@code null} otherwise).
     */
    public record Warning(String rule, String message, String file, long line, String excerpt, String decoded) {
    }

    /** The warnings and any problem that kept part of the scan from running. */
    public record Result(List<Warning> warnings, List<String> problems) {
    }

    private final GuardRules rules;
    private final SearchLimits limits;

    public ReviewGuard(SearchLimits limits) {
        this.rules = GuardRules.shipped();
        this.limits = new SearchLimits(limits.maxEntries(), limits.maxFileBytes(), limits.maxTotalBytes(),
                limits.maxOutputLines(), Math.max(limits.maxStoredLineChars(), 65_536), limits.timeout());
    }

    /** Scans {@code root} (the repository's real path). */
    public Result scan(Path root) throws IOException {
        return scan(root, null);
    }

    /** As {@link #scan(Path)}, sharing prepared file text with other searches over the same repository. */
    public Result scan(Path root, SearchCache cache) throws IOException {
        List<Warning> warnings = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        List<RustPattern> discussion = new ArrayList<>();
        try {
            for (String d : rules.discussion()) {
                discussion.add(RustPattern.compile(d));
            }
        } catch (SearchCommandException e) {
            throw new IllegalStateException("review-guard.yaml: a discussion pattern does not compile: "
                    + e.getMessage(), e);
        }
        Map<String, List<String>> fileLines = new HashMap<>();
        for (GuardRules.Phrase phrase : rules.phrases()) {
            SearchOutcome out = search(root, phrase.pattern(), problems, phrase.id(), cache);
            if (out == null) {
                continue;
            }
            for (FileMatches f : out.files()) {
                List<String> lines = fileLines.computeIfAbsent(f.repoPath(), p -> read(root, p, problems));
                if (lines == null) {
                    continue;
                }
                boolean[] fenced = codeFences(lines);
                for (FileMatches.MatchedLine ml : f.lines()) {
                    int k = (int) ml.number() - 1;
                    if (k >= lines.size()) {
                        continue;
                    }
                    String line = lines.get(k);
                    boolean quoted = fenced[k] || line.stripLeading().startsWith(">")
                            || quoted(lines, k, ml.matchStart(), ml.matchEnd(), rules.discussionWindow());
                    boolean discussed = discussed(lines, k, discussion);
                    boolean excused = phrase.strong() ? quoted && discussed : discussed;
                    if (!excused) {
                        warnings.add(new Warning(phrase.id(), phrase.message(), f.repoPath(), ml.number(),
                                excerpt(line, ml.matchStart()), null));
                    }
                }
            }
        }
        hidden(root, warnings, problems, cache);
        warnings.sort(Comparator.comparing(Warning::file, ReviewGuard::compareCodePoints)
                .thenComparingLong(Warning::line).thenComparing(Warning::rule));
        if (warnings.size() > rules.maxWarnings()) {
            problems.add((warnings.size() - rules.maxWarnings()) + " more review warnings were left out");
            warnings = new ArrayList<>(warnings.subList(0, rules.maxWarnings()));
        }
        return new Result(List.copyOf(warnings), List.copyOf(problems));
    }

    private SearchOutcome search(Path root, String pattern, List<String> problems, String id, SearchCache cache)
            throws IOException {
        try {
            RgCommand cmd = RgCommand.parseArguments(List.of("-n", "--hidden", "--no-ignore", "-g", "!.git", "-e",
                    pattern));
            SearchOutcome out = Ripgrep.run(root, cmd, List.of("."), limits, cache);
            if (!out.complete()) {
                problems.add("review guard '" + id + "' stopped early: " + out.incomplete());
            }
            return out;
        } catch (SearchCommandException e) {
            throw new IllegalStateException("review-guard.yaml: rule '" + id + "' does not compile: "
                    + e.getMessage(), e);
        }
    }

    private static List<String> read(Path root, String file, List<String> problems) {
        try {
            return RepoFiles.readLines(root, file, MAX_CONTEXT_FILE_BYTES);
        } catch (RepoFiles.Unreadable e) {
            problems.add("review guard could not read " + file + ": " + e.getMessage());
            return null;
        }
    }

    /** Which lines sit inside a fenced code block (``` or ~~~), including the fence lines. */
    static boolean[] codeFences(List<String> lines) {
        boolean[] in = new boolean[lines.size()];
        String open = null;
        for (int k = 0; k < lines.size(); k++) {
            String t = lines.get(k).stripLeading();
            String fence = t.startsWith("```") ? "```" : t.startsWith("~~~") ? "~~~" : null;
            if (open == null && fence != null) {
                open = fence;
                in[k] = true;
            } else if (open != null) {
                in[k] = true;
                if (open.equals(fence)) {
                    open = null;
                }
            }
        }
        return in;
    }

    /**
     * Whether {@code [start, end)} of line {@code k} lies between an opening and a closing quote; a quote may open or
     * close up to {@code window} lines away. The span may include one neighbouring character (a leading or trailing
     * {@code \\b} is matched by consuming it), so a quote at the span's edge counts.
     */
    static boolean quoted(List<String> lines, int k, int start, int end, int window) {
        String[][] pairs = {{"\"", "\""}, {"'", "'"}, {"`", "`"}, {"\u201C", "\u201D"}, {"\u2018", "\u2019"},
            {"\u00AB", "\u00BB"}};
        String line = lines.get(k);
        for (String[] p : pairs) {
            boolean open = line.lastIndexOf(p[0], Math.min(start, line.length() - 1)) >= 0;
            boolean close = line.indexOf(p[1], Math.max(0, Math.min(end - 1, line.length()))) >= 0
                    && line.indexOf(p[1], Math.max(0, Math.min(end - 1, line.length()))) >= start;
            for (int j = k - 1; !open && j >= Math.max(0, k - window); j--) {
                open = lines.get(j).contains(p[0]);
            }
            for (int j = k + 1; !close && j <= Math.min(lines.size() - 1, k + window); j++) {
                close = lines.get(j).contains(p[1]);
            }
            if (open && close) {
                return true;
            }
        }
        return false;
    }

    private boolean discussed(List<String> lines, int k, List<RustPattern> discussion) {
        int from = Math.max(0, k - rules.discussionWindow());
        int to = Math.min(lines.size() - 1, k + rules.discussionWindow());
        for (int j = from; j <= to; j++) {
            for (RustPattern d : discussion) {
                if (d.find(lines.get(j))) {
                    return true;
                }
            }
        }
        return false;
    }

    private void hidden(Path root, List<Warning> warnings, List<String> problems, SearchCache cache)
            throws IOException {
        StringBuilder cls = new StringBuilder("[");
        for (GuardRules.Hidden h : rules.hidden()) {
            for (int[] r : h.ranges()) {
                cls.append("\\x{").append(Integer.toHexString(r[0])).append("}-\\x{")
                        .append(Integer.toHexString(r[1])).append('}');
            }
        }
        cls.append(']');
        SearchOutcome out = search(root, cls.toString(), problems, "hidden characters", cache);
        if (out == null) {
            return;
        }
        for (FileMatches f : out.files()) {
            for (FileMatches.MatchedLine ml : f.lines()) {
                String line = ml.text();
                for (GuardRules.Hidden h : rules.hidden()) {
                    int first = -1;
                    StringBuilder decoded = new StringBuilder();
                    int[] cps = line.codePoints().toArray();
                    for (int i = 0; i < cps.length; i++) {
                        int cp = cps[i];
                        if (!h.contains(cp) || benign(cps, i, h)) {
                            continue;
                        }
                        if (first < 0) {
                            first = line.offsetByCodePoints(0, i);
                        }
                        if (cp >= 0xE0020 && cp <= 0xE007E) {
                            decoded.append((char) (cp - 0xE0000));
                        }
                    }
                    if (first >= 0) {
                        warnings.add(new Warning(h.id(), h.message(), f.repoPath(), ml.number(), excerpt(line, first),
                                decoded.length() > 0 ? decoded.toString() : null));
                    }
                }
            }
        }
    }

    /** Occurrences that are ordinary: joiners inside non-ASCII text, and tag sequences of flag emoji. */
    private static boolean benign(int[] cps, int i, GuardRules.Hidden h) {
        if (h.betweenAscii()) {
            boolean asciiBefore = i > 0 && cps[i - 1] < 0x80;
            boolean asciiAfter = i + 1 < cps.length && cps[i + 1] < 0x80;
            return !(asciiBefore && asciiAfter);
        }
        if (cps[i] >= 0xE0000 && cps[i] <= 0xE007F) {
            int j = i;
            while (j > 0 && cps[j - 1] >= 0xE0000 && cps[j - 1] <= 0xE007F) {
                j--;
            }
            return j > 0 && cps[j - 1] == 0x1F3F4; // subdivision flags such as England's
        }
        return false;
    }

    /** Up to the configured length of {@code line} around {@code at}, invisible and control characters escaped. */
    String excerpt(String line, int at) {
        int max = rules.excerptChars();
        int start = Math.max(0, Math.min(at - max / 4, line.length() - max));
        start = Math.max(0, start);
        if (start > 0 && Character.isLowSurrogate(line.charAt(start))) {
            start--;
        }
        StringBuilder out = new StringBuilder(start > 0 ? "..." : "");
        int shown = 0;
        int i = start;
        while (i < line.length() && shown < max) {
            int cp = line.codePointAt(i);
            int type = Character.getType(cp);
            if (cp < 0x20 || cp == 0x7F || type == Character.FORMAT || type == Character.CONTROL
                    || type == Character.UNASSIGNED || type == Character.PRIVATE_USE || type == Character.SURROGATE) {
                out.append("\\u{").append(Integer.toHexString(cp).toUpperCase(Locale.ROOT)).append('}');
            } else {
                out.appendCodePoint(cp);
            }
            shown++;
            i += Character.charCount(cp);
        }
        if (i < line.length()) {
            out.append("...");
        }
        return out.toString();
    }

    /** Orders paths by code point (the byte order of UTF-8), independent of locale. */
    static int compareCodePoints(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }
}
