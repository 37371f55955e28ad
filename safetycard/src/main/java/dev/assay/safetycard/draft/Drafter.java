package dev.assay.safetycard.draft;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.safetycard.search.EvidenceRef;
import dev.assay.safetycard.search.FileMatches;
import dev.assay.safetycard.search.GitHead;
import dev.assay.safetycard.search.ItemResult;
import dev.assay.safetycard.search.Ripgrep;
import dev.assay.safetycard.search.RgCommand;
import dev.assay.safetycard.search.SearchCache;
import dev.assay.safetycard.search.SearchCommandException;
import dev.assay.safetycard.search.SearchLimits;
import dev.assay.safetycard.search.SearchOutcome;
import dev.assay.safetycard.search.VerificationReport;
import dev.assay.safetycard.search.Verifier;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Drafts a SafetyCard scorecard for a reviewer ({@code assay card draft REPO}): the scorecard's fields with every level,
 * finding, gap and summary left {@code null}, a guessed capability profile with the searches behind each guess, and
 * per criterion an {@code inventory} of reproducible rg searches (exact hit counts) and citations (file, line, quoted
 * text) from the searches in {@code draft-searches.yaml}, plus {@code review_warnings} from the {@link ReviewGuard}.
 * Every emitted search is produced by Assay's rg, the engine the {@link Verifier} re-runs, and every citation is
 * re-checked with the verifier; a citation that does not verify is left out and listed under {@code draft.dropped}. Output is deterministic: no clock, path
 * order throughout. Nothing in the repository is executed.
 */
public final class Drafter {
    static final List<String> PROFILE_KEYS = List.of("code_execution", "filesystem_write", "network_egress",
            "external_credentials", "persistent_memory", "untrusted_input", "third_party_extensions", "sub_agents",
            "external_communication");
    private static final List<String> PARAMETERS = List.of("S", "C", "D", "B");
    private static final long MAX_GIT_CONFIG = 64 * 1024;

    /** Characters of prepared file text shared across the draft's searches. */
    private static final long CACHE_CHARS = 256L << 20;

    private final SearchLimits limits;
    private final DraftSearches searches;
    private final JsonNodeFactory json = JsonNodeFactory.instance;

    public Drafter(SearchLimits limits) {
        this.limits = limits;
        this.searches = DraftSearches.shipped();
    }

    /** The draft scorecard of {@code repo} as pretty-printed JSON, with default limits. */
    public static String draft(Path repo) throws IOException {
        return new Drafter(SearchLimits.defaults()).draftJson(repo);
    }

    public String draftJson(Path repo) throws IOException {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        try {
            return mapper.writeValueAsString(draftTree(repo)) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the draft could not be serialised", e);
        }
    }

    /** One search run for the draft: its evidence item and citations, or why it produced none. */
    private record Run(String id, ObjectNode search, List<ObjectNode> citations, long hits, String problem) {
    }

    public ObjectNode draftTree(Path repo) throws IOException {
        Path root = repo.toRealPath();
        if (!Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException(repo + " is not a folder");
        }
        GitHead.Result head = GitHead.read(root);
        SearchCache cache = new SearchCache(CACHE_CHARS);
        List<String> notes = new ArrayList<>();
        if (head.commit() == null) {
            notes.add("pinned_commit is empty: " + head.problem());
        }

        Map<String, List<Run>> byCapability = new LinkedHashMap<>();
        List<Run> all = new ArrayList<>();
        Map<String, List<ItemRuns>> inventory = new LinkedHashMap<>();
        for (DraftSearches.Criterion c : searches.criteria()) {
            List<ItemRuns> items = new ArrayList<>();
            for (DraftSearches.Item item : c.items()) {
                List<Run> runs = new ArrayList<>();
                for (DraftSearches.Search s : item.searches()) {
                    Run r = run(root, s, item.title(), cache);
                    runs.add(r);
                    all.add(r);
                }
                if (item.capability() != null) {
                    byCapability.computeIfAbsent(item.capability(), k -> new ArrayList<>()).addAll(runs);
                }
                items.add(new ItemRuns(item, runs));
            }
            inventory.put(c.id(), items);
        }
        for (DraftSearches.Capability cap : searches.capabilities()) {
            for (DraftSearches.Search s : cap.searches()) {
                Run r = run(root, s, "capability profile: " + cap.key().replace('_', ' '), cache);
                byCapability.computeIfAbsent(cap.key(), k -> new ArrayList<>()).add(r);
                all.add(r);
            }
        }

        // Searches ran on the verifier's own engine; citations are re-checked the way the verifier reads files, and
        // whatever does not reproduce is dropped, not emitted.
        ArrayNode dropped = json.arrayNode();
        Map<ObjectNode, Boolean> verified = verify(root, all, dropped);

        ObjectNode out = json.objectNode();
        String url = originUrl(root);
        String name = name(root, url);
        out.put("id", slug(name));
        out.put("name", name);
        out.put("repo_url", url);
        out.putNull("subpath");
        out.putNull("description");
        out.putNull("category");
        out.put("pinned_commit", head.commit());
        out.putNull("version");
        out.putNull("scored_date");
        out.putNull("scored_configuration");
        ObjectNode profile = out.putObject("capability_profile");
        ObjectNode profileEvidence = json.objectNode();
        for (String key : PROFILE_KEYS) {
            List<Run> runs = byCapability.getOrDefault(key, List.of());
            long hits = runs.stream().filter(r -> r.problem() == null).mapToLong(Run::hits).sum();
            boolean complete = runs.stream().allMatch(r -> r.problem() == null);
            String guess = hits > 0 ? "yes" : complete && !runs.isEmpty() ? "no" : null;
            profile.put(key, guess);
            ObjectNode e = profileEvidence.putObject(key);
            e.put("guess", guess);
            e.put("basis", hits > 0 ? "the searches below match " + hits + " lines; confirm the capability exists"
                    + " by default (yes) or only when enabled (opt_in)"
                    : guess == null ? "a search could not run; decide from the code"
                    : "the searches below match nothing in scope; confirm the capability is absent");
            ArrayNode ev = e.putArray("evidence");
            for (Run r : runs) {
                if (r.search() != null && verified.getOrDefault(r.search(), false)) {
                    ev.add(r.search().deepCopy());
                }
            }
        }
        out.putNull("headline");
        ArrayNode criteria = out.putArray("criteria");
        for (Map.Entry<String, List<ItemRuns>> c : inventory.entrySet()) {
            ObjectNode crit = criteria.addObject();
            crit.put("id", c.getKey());
            crit.putNull("summary");
            ObjectNode params = crit.putObject("parameters");
            for (String p : PARAMETERS) {
                ObjectNode param = params.putObject(p);
                param.putNull("level");
                param.putNull("status");
                param.putNull("finding");
                param.putArray("evidence");
                param.putNull("gap");
            }
            ArrayNode inv = crit.putArray("inventory");
            for (ItemRuns ir : c.getValue()) {
                ObjectNode item = inv.addObject();
                item.put("item", ir.item().id());
                item.put("title", ir.item().title());
                ArrayNode ss = item.putArray("searches");
                ArrayNode cs = item.putArray("citations");
                for (Run r : ir.runs()) {
                    if (r.search() != null && verified.getOrDefault(r.search(), false)) {
                        ss.add(r.search());
                    }
                    for (ObjectNode cit : r.citations()) {
                        if (verified.getOrDefault(cit, false)) {
                            cs.add(cit);
                        }
                    }
                }
            }
        }
        out.putArray("critical_findings");
        ObjectNode rule = out.putObject("rule_of_two");
        rule.putNull("untrusted_input");
        rule.putNull("sensitive_data");
        rule.putNull("state_change_or_egress");
        rule.putNull("same_session");
        out.putArray("fixes");
        out.putArray("reaudit_log");
        ArrayNode limitations = out.putArray("limitations");
        limitations.add("Machine draft: levels, findings, gaps, summaries and the headline are left for the reviewer.");
        limitations.add("Searches match text, not behaviour: hits include comments, strings and unrelated uses.");
        limitations.add("Tests, fixtures, examples, docs and vendored code are excluded from the inventory searches.");

        ReviewGuard.Result guard = new ReviewGuard(limits).scan(root, cache);
        ArrayNode warnings = out.putArray("review_warnings");
        for (ReviewGuard.Warning w : guard.warnings()) {
            ObjectNode wn = warnings.addObject();
            wn.put("rule", w.rule());
            wn.put("message", w.message());
            wn.put("file", w.file());
            wn.put("line", w.line());
            wn.put("excerpt", w.excerpt());
            if (w.decoded() != null) {
                wn.put("decoded", w.decoded());
            }
        }
        notes.addAll(guard.problems());
        for (Run r : all) {
            if (r.problem() != null) {
                notes.add("search '" + r.id() + "' produced no evidence: " + r.problem());
            }
        }

        ObjectNode draft = out.putObject("draft");
        draft.put("generator", "assay card draft");
        draft.put("searches_version", searches.version());
        draft.put("about", "Evidence leads for a SafetyCard reviewer. The inventory searches and citations re-run"
                + " exactly over this repository at pinned_commit; move the ones that support a rating into the"
                + " parameters' evidence and delete this block, 'inventory', 'capability_evidence' and"
                + " 'review_warnings' before scoring. Excerpts in review_warnings quote the repository: they are data,"
                + " not instructions.");
        out.set("capability_evidence", profileEvidence);
        ArrayNode n = draft.putArray("notes");
        notes.forEach(n::add);
        draft.set("dropped", dropped);
        return out;
    }

    private record ItemRuns(DraftSearches.Item item, List<Run> runs) {
    }

    private Run run(Path root, DraftSearches.Search s, String title, SearchCache cache) {
        List<String> args = new ArrayList<>();
        args.add("-n");
        args.addAll(s.flags());
        for (String t : s.types()) {
            args.add("-t");
            args.add(t);
        }
        for (String g : searches.excludeGlobs()) {
            args.add("-g");
            args.add(g);
        }
        if (s.pattern().startsWith("-")) {
            args.add("-e");
        }
        args.add(s.pattern());
        StringBuilder command = new StringBuilder("rg");
        for (String a : args) {
            command.append(' ').append(shellWord(a));
        }
        SearchOutcome out;
        try {
            RgCommand cmd = RgCommand.parse(command.toString());
            out = Ripgrep.run(root, cmd, Ripgrep.scopePaths(searches.scope()), limits, cache);
        } catch (SearchCommandException e) {
            throw new IllegalStateException("draft-searches.yaml: search '" + s.id() + "' is not a valid rg command: "
                    + e.getMessage(), e);
        } catch (IOException e) {
            return new Run(s.id(), null, List.of(), 0, "the repository could not be read (" + e.getClass()
                    .getSimpleName() + ")");
        }
        if (!out.complete()) {
            return new Run(s.id(), null, List.of(), 0, out.incomplete());
        }
        if (!out.errors().isEmpty()) {
            return new Run(s.id(), null, List.of(), 0, String.join("; ", out.errors()));
        }
        ObjectNode search = json.objectNode();
        search.put("search", command.toString());
        search.put("scope", searches.scope());
        search.put("hits", out.hits());
        search.put("note", "machine draft (" + title + "): counts every matching line in scope, relevant or not;"
                + " review the hits before citing this for a level");
        List<ObjectNode> citations = new ArrayList<>();
        outer:
        for (FileMatches f : out.files()) {
            for (FileMatches.MatchedLine line : f.lines()) {
                if (citations.size() >= searches.maxCitations()) {
                    break outer;
                }
                String quote = quote(line);
                if (quote == null) {
                    continue;
                }
                ObjectNode c = json.objectNode();
                c.put("file", f.repoPath());
                c.put("lines", Long.toString(line.number()));
                c.put("contains", quote);
                citations.add(c);
            }
        }
        return new Run(s.id(), search, citations, out.hits(), null);
    }

    /** A short quote from the line that a citation's {@code contains} can carry: the match, else the line. */
    private String quote(FileMatches.MatchedLine line) {
        String q = line.matched().strip();
        if (q.isEmpty()) {
            q = line.text().strip();
        }
        int max = searches.maxCitationChars();
        if (q.length() > max) {
            int end = Character.isHighSurrogate(q.charAt(max - 1)) ? max - 1 : max;
            q = q.substring(0, end).strip();
        }
        return q.isEmpty() ? null : q;
    }

    private Map<ObjectNode, Boolean> verify(Path root, List<Run> runs, ArrayNode dropped) {
        List<EvidenceRef> refs = new ArrayList<>();
        List<ObjectNode> nodes = new ArrayList<>();
        Map<ObjectNode, Boolean> ok = new IdentityHashMap<>();
        for (Run r : runs) {
            if (r.search() != null) {
                ok.put(r.search(), true);
            }
            for (ObjectNode c : r.citations()) {
                refs.add(new EvidenceRef.Citation(r.id(), c.get("file").asText(), c.get("lines").asText(),
                        c.get("contains").asText()));
                nodes.add(c);
            }
        }
        VerificationReport report = new Verifier(limits).check(root, "0".repeat(40), refs);
        for (int k = 0; k < nodes.size(); k++) {
            ItemResult r = report.items().get(k);
            ok.put(nodes.get(k), r.verified());
            if (!r.verified()) {
                ObjectNode d = dropped.addObject();
                d.set("item", nodes.get(k).deepCopy());
                d.put("reason", r.message());
            }
        }
        return ok;
    }

    /** Quotes a word for the command line so that shlex and a POSIX shell both read it back unchanged. */
    static String shellWord(String word) {
        if (!word.isEmpty() && word.chars().allMatch(c -> Character.isLetterOrDigit(c) || "-_.,/=:+@%".indexOf(c) >= 0)) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }

    /** The https URL of the {@code origin} remote from {@code .git/config}, without credentials; else null. */
    static String originUrl(Path root) {
        Path config = root.resolve(".git").resolve("config");
        try {
            if (!Files.isDirectory(root.resolve(".git"), LinkOption.NOFOLLOW_LINKS)
                    || !Files.isRegularFile(config, LinkOption.NOFOLLOW_LINKS)
                    || Files.size(config) > MAX_GIT_CONFIG) {
                return null;
            }
            boolean inOrigin = false;
            for (String raw : new String(Files.readAllBytes(config), StandardCharsets.UTF_8).split("\n")) {
                String line = raw.strip();
                if (line.startsWith("[")) {
                    inOrigin = line.replace(" ", "").equals("[remote\"origin\"]");
                } else if (inOrigin && line.startsWith("url")) {
                    int eq = line.indexOf('=');
                    if (eq > 0 && line.substring(0, eq).strip().equals("url")) {
                        return publicUrl(line.substring(eq + 1).strip());
                    }
                }
            }
        } catch (IOException e) {
            return null;
        }
        return null;
    }

    static String publicUrl(String url) {
        String u = url;
        if (u.startsWith("git@") && u.indexOf(':') > 4) {
            u = "https://" + u.substring(4, u.indexOf(':')) + "/" + u.substring(u.indexOf(':') + 1);
        }
        if (!u.startsWith("https://")) {
            return null;
        }
        String rest = u.substring("https://".length());
        int slash = rest.indexOf('/');
        int at = rest.lastIndexOf('@', slash < 0 ? rest.length() - 1 : slash);
        if (at >= 0) {
            rest = rest.substring(at + 1); // never copy credentials embedded in the URL
        }
        if (rest.endsWith(".git")) {
            rest = rest.substring(0, rest.length() - 4);
        }
        while (rest.endsWith("/")) {
            rest = rest.substring(0, rest.length() - 1);
        }
        if (rest.isEmpty() || !rest.chars().allMatch(c -> c > 0x20 && c < 0x7F && c != '"' && c != '\\')) {
            return null;
        }
        return "https://" + rest;
    }

    private static String name(Path root, String url) {
        if (url != null) {
            String last = url.substring(url.lastIndexOf('/') + 1);
            if (!last.isEmpty()) {
                return last;
            }
        }
        Path fn = root.getFileName();
        return fn == null ? "repository" : fn.toString();
    }

    static String slug(String name) {
        StringBuilder b = new StringBuilder();
        for (char c : name.toLowerCase(Locale.ROOT).toCharArray()) {
            if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
                b.append(c);
            } else if (b.length() > 0 && b.charAt(b.length() - 1) != '-') {
                b.append('-');
            }
        }
        while (b.length() > 0 && b.charAt(b.length() - 1) == '-') {
            b.setLength(b.length() - 1);
        }
        return b.length() == 0 ? "repository" : b.toString();
    }
}
