package dev.assay.safetycard.search;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code --repo} verification of a scorecard's evidence: HEAD equals {@code pinned_commit}; each cited file exists
 * inside the repository (no {@code ..}, no absolute path, no symbolic link on the way); its line range is in bounds
 * (lines counted as {@code rg -n} numbers them); {@code contains} occurs in those lines; each {@code rg} search re-run
 * over its scope prints exactly {@code hits} non-empty lines. Every item gets a result with a message; nothing is
 * executed and nothing outside the repository is read (git metadata aside, see {@link GitHead}).
 */
public final class Verifier {
    private static final Pattern LINES = Pattern.compile("([1-9][0-9]{0,8})(?:-([1-9][0-9]{0,8}))?");
    private static final Pattern COMMIT = Pattern.compile("[0-9a-f]{40}");
    /** Bound on a cited file's size; citations point at source files. */
    public static final long MAX_CITED_FILE_BYTES = 32L << 20;
    private static final int SAMPLE_LINES = 3;
    /** Characters of prepared file text shared by the searches of one verification. */
    private static final long CACHE_CHARS = 256L << 20;

    private final SearchLimits limits;

    public Verifier(SearchLimits limits) {
        this.limits = limits;
    }

    /** Verifies with {@link SearchLimits#defaults()}. */
    public static VerificationReport verify(Path repo, String pinnedCommit, List<? extends EvidenceRef> items) {
        return new Verifier(SearchLimits.defaults()).check(repo, pinnedCommit, items);
    }

    /** Checks HEAD and every item; results come in the order of {@code items}. */
    public VerificationReport check(Path repo, String pinnedCommit, List<? extends EvidenceRef> items) {
        Path root;
        try {
            root = repo.toRealPath();
        } catch (IOException e) {
            HeadCheck head = new HeadCheck(false, pinnedCommit, null, "the repository folder '" + repo
                    + "' cannot be opened");
            List<ItemResult> results = new ArrayList<>();
            for (EvidenceRef item : items) {
                results.add(new ItemResult(item, ItemStatus.INCOMPLETE, "the repository cannot be opened", null));
            }
            return new VerificationReport(head, results);
        }
        HeadCheck head = head(root, pinnedCommit);
        Map<String, Cited> cache = new LinkedHashMap<>();
        SearchCache texts = new SearchCache(CACHE_CHARS);
        List<ItemResult> results = new ArrayList<>();
        for (EvidenceRef item : items) {
            if (item instanceof EvidenceRef.Citation c) {
                results.add(citation(root, c, cache));
            } else {
                results.add(search(root, (EvidenceRef.Search) item, texts));
            }
        }
        return new VerificationReport(head, results);
    }

    static HeadCheck head(Path root, String pinned) {
        GitHead.Result r = GitHead.read(root);
        if (pinned == null || !COMMIT.matcher(pinned).matches()) {
            return new HeadCheck(false, pinned, r.commit(), "pinned_commit must be the full 40-character lowercase"
                    + " hex commit (git rev-parse HEAD)" + (r.commit() != null ? "; HEAD is " + r.commit() : ""));
        }
        if (r.commit() == null) {
            return new HeadCheck(false, pinned, null, "cannot read HEAD: " + r.problem());
        }
        if (!r.commit().equals(pinned)) {
            return new HeadCheck(false, pinned, r.commit(), "the repository is at " + r.commit()
                    + ", not at pinned_commit " + pinned + "; check out the pinned commit");
        }
        return new HeadCheck(true, pinned, r.commit(), "HEAD is " + pinned);
    }

    /** A cited file's lines (as rg numbers them, trailing CR removed), or why it cannot be cited. */
    private record Cited(List<String> lines, ItemStatus problemStatus, String problem) {
    }

    private ItemResult citation(Path root, EvidenceRef.Citation c, Map<String, Cited> cache) {
        if (c.file() == null || c.file().isBlank()) {
            return result(c, ItemStatus.INVALID, "the citation has no file");
        }
        if (c.lines() == null) {
            return result(c, ItemStatus.INVALID, "the citation of " + c.file() + " has no lines");
        }
        Matcher m = LINES.matcher(c.lines());
        if (!m.matches()) {
            return result(c, ItemStatus.INVALID, "lines '" + clip(c.lines()) + "' must be \"N\" or \"N-M\" with"
                    + " 1 <= N <= M");
        }
        int from = Integer.parseInt(m.group(1));
        int to = m.group(2) == null ? from : Integer.parseInt(m.group(2));
        if (to < from) {
            return result(c, ItemStatus.INVALID, "lines '" + c.lines() + "' end before they start");
        }
        if (c.contains() != null && c.contains().isEmpty()) {
            return result(c, ItemStatus.INVALID, "contains is empty; quote text from the cited lines or leave it out");
        }
        Cited file = cache.computeIfAbsent(c.file(), f -> load(root, f));
        if (file.problem() != null) {
            return result(c, file.problemStatus(), file.problem());
        }
        List<String> lines = file.lines();
        if (to > lines.size()) {
            return result(c, ItemStatus.MISMATCH, c.file() + " has " + lines.size() + " lines; lines " + c.lines()
                    + " are out of bounds");
        }
        String where = c.file() + ":" + c.lines();
        if (c.contains() == null) {
            return result(c, ItemStatus.VERIFIED, where + " exists");
        }
        String cited = String.join("\n", lines.subList(from - 1, to));
        if (cited.contains(c.contains())) {
            return result(c, ItemStatus.VERIFIED, where + " contains the quote");
        }
        List<Integer> found = new ArrayList<>();
        for (int k = 0; k < lines.size() && found.size() < 5; k++) {
            if (lines.get(k).contains(c.contains())) {
                found.add(k + 1);
            }
        }
        String hint = found.isEmpty() ? "; it does not occur on any single line of the file"
                : "; it occurs on line" + (found.size() > 1 ? "s " : " ") + join(found);
        return result(c, ItemStatus.MISMATCH, "'" + clip(c.contains()) + "' does not occur in " + where + hint);
    }

    private static Cited load(Path root, String file) {
        try {
            return new Cited(RepoFiles.readLines(root, file, MAX_CITED_FILE_BYTES), null, null);
        } catch (RepoFiles.Unreadable e) {
            ItemStatus status = switch (e.kind()) {
                case MISSING -> ItemStatus.MISMATCH;
                case REFUSED -> ItemStatus.INVALID;
                case NOT_READ -> ItemStatus.INCOMPLETE;
            };
            return new Cited(null, status, e.getMessage());
        }
    }

    /** Splits file bytes into lines numbered as {@code rg -n} numbers them. */
    static List<String> lines(byte[] bytes) {
        int start = 0;
        if (bytes.length >= 3 && (bytes[0] & 0xFF) == 0xEF && (bytes[1] & 0xFF) == 0xBB && (bytes[2] & 0xFF) == 0xBF) {
            start = 3;
        }
        String text = new String(bytes, start, bytes.length - start, StandardCharsets.UTF_8);
        LineIndex idx = new LineIndex(text);
        List<String> out = new ArrayList<>(idx.count());
        for (int k = 0; k < idx.count(); k++) {
            String line = idx.content(text, k);
            out.add(line.endsWith("\r") ? line.substring(0, line.length() - 1) : line);
        }
        return out;
    }

    private ItemResult search(Path root, EvidenceRef.Search s, SearchCache texts) {
        if (s.search() == null || s.search().isBlank()) {
            return result(s, ItemStatus.INVALID, "the search has no command");
        }
        if (s.hits() < 0) {
            return result(s, ItemStatus.INVALID, "hits must not be negative");
        }
        RgCommand cmd;
        List<String> scope;
        try {
            cmd = RgCommand.parse(s.search());
            scope = Ripgrep.scopePaths(s.scope());
        } catch (SearchCommandException e) {
            return result(s, e.unsupported() ? ItemStatus.UNSUPPORTED : ItemStatus.INVALID, e.getMessage());
        }
        SearchOutcome out;
        try {
            out = Ripgrep.run(root, cmd, scope, limits, texts);
        } catch (SearchCommandException e) {
            return result(s, e.unsupported() ? ItemStatus.UNSUPPORTED : ItemStatus.INVALID, e.getMessage());
        } catch (IOException e) {
            return result(s, ItemStatus.INCOMPLETE, "the search could not read the repository ("
                    + e.getClass().getSimpleName() + ")");
        }
        if (!out.errors().isEmpty()) {
            return result(s, ItemStatus.INVALID, "scope problem: " + String.join("; ", out.errors().subList(0,
                    Math.min(3, out.errors().size()))));
        }
        if (!out.complete()) {
            return result(s, ItemStatus.INCOMPLETE, "the search stopped early: " + out.incomplete());
        }
        String over = s.scope() == null || s.scope().isBlank() ? "the repository" : "'" + s.scope() + "'";
        if (out.hits() == s.hits()) {
            return new ItemResult(s, ItemStatus.VERIFIED, "prints " + out.hits() + " line"
                    + (out.hits() == 1 ? "" : "s") + " over " + over + ", as recorded", out.hits());
        }
        StringBuilder msg = new StringBuilder("expected " + s.hits() + " hits but the search prints "
                + out.hits() + " non-empty line" + (out.hits() == 1 ? "" : "s") + " over " + over);
        List<String> sample = out.output().stream().filter(l -> !l.isEmpty()).limit(SAMPLE_LINES).toList();
        if (!sample.isEmpty()) {
            msg.append("; first: ");
            for (int k = 0; k < sample.size(); k++) {
                msg.append(k > 0 ? " | " : "").append(clip(sample.get(k)));
            }
        }
        return new ItemResult(s, ItemStatus.MISMATCH, msg.toString(), out.hits());
    }

    private static ItemResult result(EvidenceRef item, ItemStatus status, String message) {
        return new ItemResult(item, status, message, null);
    }

    private static String join(List<Integer> lines) {
        StringBuilder b = new StringBuilder();
        for (int k = 0; k < lines.size(); k++) {
            b.append(k > 0 ? ", " : "").append(lines.get(k));
        }
        return b.toString();
    }

    static String clip(String s) {
        String one = s.replace("\n", "\\n").replace("\r", "\\r");
        return one.length() <= 120 ? one : one.substring(0, 117) + "...";
    }
}
