package dev.assay.safetycard.search;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs an {@code rg} command over a repository in Java, printing what ripgrep 13 prints to a pipe. Supported: the
 * flags {@link RgCommand} accepts; ignore files, hidden files, binary files (NUL detection, including where ripgrep's
 * buffered reading notices the NUL), UTF-8 and UTF-16 byte-order marks, symbolic links never followed. Differences
 * that remain: files are printed in path order (as with {@code --sort path}); bytes that are not valid UTF-8 are
 * read as U+FFFD; {@code \A}/{@code \z} refer to the whole file. Reads nothing outside {@code repoRoot} and executes
 * nothing.
 */
public final class Ripgrep {
    private static final String CONTEXT_BREAK = "--";

    private Ripgrep() {
    }

    /** Splits a scorecard {@code scope} (space-separated paths, shell quoting allowed) into paths. */
    public static List<String> scopePaths(String scope) throws SearchCommandException {
        if (scope == null || scope.isBlank()) {
            return List.of();
        }
        return ShellWords.split(scope);
    }

    /** Parses {@code command} and runs it with the paths of {@code scope} appended, as the public calculator does. */
    public static SearchOutcome run(Path repoRoot, String command, String scope, SearchLimits limits)
            throws SearchCommandException, IOException {
        return run(repoRoot, RgCommand.parse(command), scopePaths(scope), limits);
    }

    /** Runs a parsed command; {@code extraPaths} are appended to the command's own paths. */
    public static SearchOutcome run(Path repoRoot, RgCommand cmd, List<String> extraPaths, SearchLimits limits)
            throws SearchCommandException, IOException {
        return run(repoRoot, cmd, extraPaths, limits, null);
    }

    /** As {@link #run(Path, RgCommand, List, SearchLimits)}, reusing prepared file text from {@code cache}. */
    public static SearchOutcome run(Path repoRoot, RgCommand cmd, List<String> extraPaths, SearchLimits limits,
            SearchCache cache) throws SearchCommandException, IOException {
        Path root = repoRoot.toRealPath();
        List<String> paths = new ArrayList<>(cmd.paths());
        paths.addAll(extraPaths);
        FileTypes.Selection types = FileTypes.shipped().select(cmd.types(), cmd.typesNot());
        List<String> globs = new ArrayList<>(cmd.globs());
        List<Boolean> insensitive = new ArrayList<>();
        cmd.globs().forEach(g -> insensitive.add(false));
        globs.addAll(cmd.iglobs());
        cmd.iglobs().forEach(g -> insensitive.add(true));
        IgnoreRules overrides = IgnoreRules.overrides(globs, insensitive);
        RgPattern pattern = cmd.outputMode() == RgCommand.OutputMode.FILES ? null : RgPattern.compile(cmd);
        Run run = new Run(root, cmd, pattern, limits, paths, cache);
        RepoWalker walker = new RepoWalker(root, cmd, overrides, types, run.budget, run.errors);
        if (paths.isEmpty()) {
            walker.walk("./", true, run::search);
        } else {
            for (String p : paths) {
                if (!walker.walk(p, false, run::search)) {
                    break;
                }
            }
        }
        run.budget.ok();
        long hits = run.output.stream().filter(s -> !s.isEmpty()).count();
        return new SearchOutcome(run.output, hits, run.files, run.errors, run.budget.exceeded());
    }

    /** State of one command's run. */
    private static final class Run {
        final Path root;
        final RgCommand cmd;
        final RgPattern pattern;
        final Budget budget;
        final List<String> output = new ArrayList<>();
        final List<FileMatches> files = new ArrayList<>();
        final List<String> errors = new ArrayList<>();
        final boolean withFilename;
        final boolean mmap;
        final boolean context;
        final SearchCache cache;

        Run(Path root, RgCommand cmd, RgPattern pattern, SearchLimits limits, List<String> paths, SearchCache cache) {
            this.root = root;
            this.cache = cache;
            this.cmd = cmd;
            this.pattern = pattern;
            this.budget = new Budget(limits);
            this.context = cmd.beforeContext() > 0 || cmd.afterContext() > 0;
            if (cmd.withFilename() != null) {
                withFilename = cmd.withFilename();
            } else {
                withFilename = paths.size() != 1 || kind(paths.get(0)) == 'd';
            }
            if (cmd.mmap() != null) {
                mmap = cmd.mmap();
            } else {
                mmap = !paths.isEmpty() && paths.size() <= 10 && paths.stream().allMatch(p -> kind(p) == 'f');
            }
        }

        /** 'd' for a folder, 'f' for a regular file, '?' otherwise; never follows a link. */
        private char kind(String arg) {
            RepoWalker.Resolved r = RepoWalker.normalise(arg);
            if (r.error() != null) {
                return '?';
            }
            Path p = r.repoPath().isEmpty() ? root : root.resolve(r.repoPath());
            if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                return 'd';
            }
            return Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS) ? 'f' : '?';
        }

        private boolean emit(String line) {
            if (output.size() >= budget.limits().maxOutputLines()) {
                budget.fail("more than " + budget.limits().maxOutputLines() + " output lines");
                return false;
            }
            output.add(line);
            return true;
        }

        boolean search(RepoWalker.Candidate c) throws IOException {
            if (!budget.ok()) {
                return false;
            }
            if (cmd.outputMode() == RgCommand.OutputMode.FILES) {
                return emit(c.display());
            }
            boolean detect = cmd.binaryMode() != RgCommand.BinaryMode.TEXT;
            boolean convert = cmd.binaryMode() == RgCommand.BinaryMode.BINARY || c.explicit();
            boolean slice = pattern.multiline() || mmap;
            String mode = (detect ? "d" : "") + (convert ? "c" : "") + (slice ? "s" : "");
            SearchCache.Entry cached = cache == null ? null : cache.get(c.repoPath(), mode);
            if (cached != null) {
                if (cached.skipped()) {
                    return true;
                }
                FilePlan p = new FilePlan(cached.text(), cached.quit(), cached.binaryOffset(), cached.detectLine());
                return pattern.multiline() ? searchMultiline(c, p) : searchLines(c, p);
            }
            byte[] raw;
            FilePlan plan;
            try {
                plan = null;
                raw = null;
                if (detect && !convert) {
                    // A file found while walking is skipped at its first NUL: decide that from its start when possible.
                    Budget.Prefix pre = budget.readPrefix(c.file(), 2 * BinaryScan.BUFFER);
                    if (pre.whole()) {
                        raw = pre.bytes();
                    } else {
                        Decoded dp = decode(pre.bytes());
                        BinaryScan.Result r = slice ? BinaryScan.slice(dp.data())
                                : BinaryScan.reader(dp.data(), dp.peekFirst(), false);
                        if (r.binary()) {
                            if (slice || r.searchedEnd() == 0) {
                                if (cache != null) {
                                    cache.put(c.repoPath(), mode, new SearchCache.Entry(null, false, -1, 0, true));
                                }
                                return true;
                            }
                            plan = new FilePlan(new PreparedText(utf8(dp.data(), r.searchedEnd())), true,
                                    r.nulOffset(), Integer.MAX_VALUE);
                        }
                    }
                }
                if (plan == null && raw == null) {
                    raw = budget.read(c.file(), c.display(), budget.limits().maxFileBytes());
                    if (raw == null) {
                        return false;
                    }
                }
            } catch (IOException e) {
                errors.add(c.display() + ": " + e.getClass().getSimpleName() + " while reading");
                return true;
            }
            if (plan == null) {
                plan = plan(decode(raw), detect, convert, slice);
            }
            if (cache != null) {
                cache.put(c.repoPath(), mode, plan == null ? new SearchCache.Entry(null, false, -1, 0, true)
                        : new SearchCache.Entry(plan.text(), plan.quit(), plan.binaryOffset(), plan.detectLine(),
                                false));
            }
            if (plan == null) {
                return true; // binary file skipped before anything was searched
            }
            if (pattern.multiline()) {
                return searchMultiline(c, plan);
            }
            return searchLines(c, plan);
        }

        /** What to search in one file after binary detection. */
        private record FilePlan(PreparedText text, boolean quit, long binaryOffset, int detectLine) {
        }

        private FilePlan plan(Decoded d, boolean detect, boolean convert, boolean slice) {
            byte[] data = d.data();
            if (!detect) {
                return new FilePlan(new PreparedText(utf8(data, data.length)), false, -1, Integer.MAX_VALUE);
            }
            if (slice) {
                BinaryScan.Result r = BinaryScan.slice(data);
                if (!r.binary()) {
                    return new FilePlan(new PreparedText(utf8(data, data.length)), false, -1, Integer.MAX_VALUE);
                }
                if (!convert) {
                    return null;
                }
                return new FilePlan(new PreparedText(utf8(data, data.length)), false, r.nulOffset(), 0);
            }
            BinaryScan.Result r = BinaryScan.reader(data, d.peekFirst(), convert);
            if (!r.binary()) {
                return new FilePlan(new PreparedText(utf8(data, data.length)), false, -1, Integer.MAX_VALUE);
            }
            if (!convert) {
                return new FilePlan(new PreparedText(utf8(data, r.searchedEnd())), true, r.nulOffset(),
                        Integer.MAX_VALUE);
            }
            byte[] converted = data.clone();
            int linesBefore = 0;
            for (int k = 0; k < converted.length; k++) {
                if (converted[k] == 0) {
                    converted[k] = '\n';
                }
                if (k < r.searchedEnd() && converted[k] == '\n') {
                    linesBefore++;
                }
            }
            return new FilePlan(new PreparedText(utf8(converted, converted.length)), false, r.nulOffset(),
                    linesBefore);
        }

        private boolean searchLines(RepoWalker.Candidate c, FilePlan plan) {
            String text = plan.text().text();
            LineIndex idx = plan.text().lines();
            RgCommand.OutputMode mode = cmd.outputMode();
            long max = cmd.maxCount();
            boolean quitBinary = plan.quit() && plan.binaryOffset() >= 0;
            if (mode == RgCommand.OutputMode.QUIET) {
                return true;
            }
            List<RgPattern.LineMatch> matches;
            if (cmd.invertMatch()) {
                matches = pattern.matchLines(plan.text(), Long.MAX_VALUE);
            } else {
                long need = mode == RgCommand.OutputMode.FILES_WITH_MATCHES ? 1
                        : plan.detectLine() != Integer.MAX_VALUE || context ? Long.MAX_VALUE : max;
                matches = pattern.matchLines(plan.text(), need);
            }
            int lineCount = idx.count();
            boolean[] matched = null;
            if (cmd.invertMatch()) {
                matched = new boolean[lineCount];
                for (RgPattern.LineMatch m : matches) {
                    matched[m.line()] = true;
                }
            }
            long selectedCount = cmd.invertMatch() ? lineCount - matches.size() : matches.size();
            // In "quit" mode ripgrep only reads the chunk holding the NUL if -m did not stop it earlier.
            boolean quitSeen = quitBinary && selectedCount < max;
            if (mode == RgCommand.OutputMode.COUNT) {
                if (quitSeen) {
                    return true;
                }
                long count = Math.min(selectedCount, max);
                if (count > 0) {
                    return emit(withFilename ? c.display() + ":" + count : Long.toString(count));
                }
                return true;
            }
            if (mode == RgCommand.OutputMode.FILES_WITH_MATCHES) {
                if (selectedCount > 0 && max > 0) {
                    return emit(c.display());
                }
                return true;
            }
            return printLines(c, plan, text, idx, matches, matched, !quitBinary || quitSeen);
        }

        private boolean printLines(RepoWalker.Candidate c, FilePlan plan, String text, LineIndex idx,
                List<RgPattern.LineMatch> matches, boolean[] matched, boolean quitSeen) {
            int before = cmd.beforeContext();
            int after = cmd.afterContext();
            long max = cmd.maxCount();
            boolean invert = cmd.invertMatch();
            boolean everyLine = invert || context;
            List<FileMatches.MatchedLine> kept = new ArrayList<>();
            long matchCount = 0;
            int last = -1;
            int afterLeft = 0;
            boolean limitReached = max == 0;
            boolean binarySeen = plan.binaryOffset() >= 0 && quitSeen;
            int lineCount = idx.count();
            int steps = everyLine ? lineCount : matches.size();
            int mi = 0;
            for (int step = 0; step < steps; step++) {
                int k;
                RgPattern.LineMatch lm = null;
                boolean selected;
                if (everyLine) {
                    k = step;
                    if (invert) {
                        selected = !matched[k];
                    } else {
                        while (mi < matches.size() && matches.get(mi).line() < k) {
                            mi++;
                        }
                        selected = mi < matches.size() && matches.get(mi).line() == k;
                        lm = selected ? matches.get(mi) : null;
                    }
                } else {
                    lm = matches.get(step);
                    k = lm.line();
                    selected = true;
                }
                // Past the -m limit, a selected line inside the after-context is still printed as a match.
                if (selected && (!limitReached || afterLeft > 0)) {
                    int from = Math.max(last + 1, k - before);
                    if (k >= plan.detectLine()) {
                        // After ripgrep has seen binary data in "convert" mode, the next line it would print stops
                        // the search: a before-context line silently, the match itself after counting it.
                        binarySeen = true;
                        if (context && last >= 0 && from > last + 1 && !emit(CONTEXT_BREAK)) {
                            return false;
                        }
                        if (from == k) {
                            matchCount++;
                        }
                        break;
                    }
                    matchCount++;
                    for (int j = from; j < k; j++) {
                        if (!printLine(c, text, idx, j, '-', last)) {
                            return false;
                        }
                        last = j;
                    }
                    if (!printLine(c, text, idx, k, ':', last)) {
                        return false;
                    }
                    last = k;
                    kept.add(storedLine(k + 1, idx.content(text, k), lm == null ? 0 : lm.start(),
                            lm == null ? 0 : lm.end()));
                    if (limitReached) {
                        afterLeft--;
                    } else {
                        afterLeft = after;
                        limitReached = matchCount >= max;
                        if (limitReached && k < plan.detectLine()) {
                            binarySeen = false; // -m stopped the search before ripgrep read the NUL
                        }
                    }
                } else if (afterLeft > 0 && k > last) {
                    if (k >= plan.detectLine()) {
                        binarySeen = true;
                        break;
                    }
                    if (!printLine(c, text, idx, k, '-', last)) {
                        return false;
                    }
                    last = k;
                    afterLeft--;
                } else if (limitReached && afterLeft == 0) {
                    break;
                }
            }
            if (!kept.isEmpty()) {
                files.add(new FileMatches(c.display(), c.repoPath(), kept));
            }
            if (binarySeen && matchCount > 0) {
                return emit(binaryMessage(c, plan));
            }
            return true;
        }

        private String binaryMessage(RepoWalker.Candidate c, FilePlan plan) {
            String prefix = withFilename ? c.display() + ": " : "";
            return prefix + (plan.quit()
                    ? "WARNING: stopped searching binary file after match (found \"\\0\" byte around offset "
                    : "binary file matches (found \"\\0\" byte around offset ") + plan.binaryOffset() + ")";
        }

        private FileMatches.MatchedLine storedLine(long number, String content, int s, int e) {
            int cap = budget.limits().maxStoredLineChars();
            String text = content.length() > cap ? content.substring(0, cap) : content;
            int start = Math.min(s, text.length());
            int end = Math.max(start, Math.min(e, text.length()));
            return new FileMatches.MatchedLine(number, text, start, end);
        }

        /** Whether ripgrep prints "--" before line {@code k}, given the last line printed for this file. */
        private boolean needsBreak(int k, int lastPrinted) {
            if (!context) {
                return false;
            }
            return lastPrinted < 0 ? !output.isEmpty() : k > lastPrinted + 1;
        }

        private boolean printLine(RepoWalker.Candidate c, String text, LineIndex idx, int k, char sep,
                int lastPrinted) {
            if (needsBreak(k, lastPrinted) && !emit(CONTEXT_BREAK)) {
                return false;
            }
            StringBuilder b = new StringBuilder();
            if (withFilename) {
                b.append(c.display()).append(sep);
            }
            if (cmd.showLineNumbers()) {
                b.append(k + 1).append(sep);
            }
            b.append(text, idx.start(k), idx.contentEnd(k));
            return emit(b.toString());
        }

        private boolean searchMultiline(RepoWalker.Candidate c, FilePlan plan) {
            String text = plan.text().text();
            LineIndex idx = plan.text().lines();
            RgCommand.OutputMode mode = cmd.outputMode();
            if (mode == RgCommand.OutputMode.QUIET) {
                return true;
            }
            long limit = mode == RgCommand.OutputMode.FILES_WITH_MATCHES ? 1 : Long.MAX_VALUE;
            List<RgPattern.Span> spans = pattern.matchSpans(text, limit);
            if (mode == RgCommand.OutputMode.FILES_WITH_MATCHES) {
                return spans.isEmpty() || emit(c.display());
            }
            // merge the line ranges of matches that overlap or touch, as ripgrep's multi-line searcher does
            List<int[]> ranges = new ArrayList<>();
            for (RgPattern.Span s : spans) {
                int first = idx.lineOf(s.start());
                if (first >= idx.count()) {
                    continue;
                }
                int endOffset = s.end() > s.start() && text.charAt(s.end() - 1) == '\n' ? s.end() - 1 : s.end();
                int last = Math.min(idx.lineOf(Math.max(s.start(), endOffset)), idx.count() - 1);
                if (!ranges.isEmpty() && ranges.get(ranges.size() - 1)[1] + 1 >= first) {
                    int[] r = ranges.get(ranges.size() - 1);
                    r[1] = Math.max(r[1], last);
                } else {
                    ranges.add(new int[] {first, last});
                }
            }
            if (mode == RgCommand.OutputMode.COUNT) {
                long count = 0;
                for (int[] r : ranges) {
                    count += pattern.countIn(text, idx.start(r[0]), Math.min(text.length(), idx.nextStart(r[1])));
                }
                if (count > 0) {
                    return emit(withFilename ? c.display() + ":" + count : Long.toString(count));
                }
                return true;
            }
            List<FileMatches.MatchedLine> kept = new ArrayList<>();
            long matchCount = 0;
            for (int[] r : ranges) {
                matchCount++;
                if (plan.detectLine() != Integer.MAX_VALUE) {
                    break; // binary data seen before the first match
                }
                for (int k = r[0]; k <= r[1]; k++) {
                    if (!printLine(c, text, idx, k, ':', k - 1)) {
                        return false;
                    }
                    kept.add(storedLine(k + 1, idx.content(text, k), 0, 0));
                }
            }
            if (!kept.isEmpty()) {
                files.add(new FileMatches(c.display(), c.repoPath(), kept));
            }
            if (plan.binaryOffset() >= 0 && matchCount > 0) {
                return emit(binaryMessage(c, plan));
            }
            return true;
        }
    }

    /** File bytes after byte-order-mark handling, and whether ripgrep's first read is the three peeked bytes. */
    private record Decoded(byte[] data, boolean peekFirst) {
    }

    private static Decoded decode(byte[] raw) {
        if (raw.length >= 3 && (raw[0] & 0xFF) == 0xEF && (raw[1] & 0xFF) == 0xBB && (raw[2] & 0xFF) == 0xBF) {
            byte[] rest = new byte[raw.length - 3];
            System.arraycopy(raw, 3, rest, 0, rest.length);
            return new Decoded(rest, false);
        }
        if (raw.length >= 2 && (raw[0] & 0xFF) == 0xFF && (raw[1] & 0xFF) == 0xFE) {
            return new Decoded(new String(raw, 2, raw.length - 2, StandardCharsets.UTF_16LE)
                    .getBytes(StandardCharsets.UTF_8), false);
        }
        if (raw.length >= 2 && (raw[0] & 0xFF) == 0xFE && (raw[1] & 0xFF) == 0xFF) {
            return new Decoded(new String(raw, 2, raw.length - 2, StandardCharsets.UTF_16BE)
                    .getBytes(StandardCharsets.UTF_8), false);
        }
        return new Decoded(raw, true);
    }

    private static String utf8(byte[] data, int length) {
        return new String(data, 0, length, StandardCharsets.UTF_8);
    }
}
