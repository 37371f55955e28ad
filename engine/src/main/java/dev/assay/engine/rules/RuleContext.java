package dev.assay.engine.rules;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;
import dev.assay.engine.fact.ConfigValue;
import dev.assay.engine.fact.DataRow;
import dev.assay.engine.fact.Fact;
import dev.assay.engine.fact.ReplacedConfigValue;
import dev.assay.engine.fact.TextDocument;
import dev.assay.engine.model.Evidence;
import dev.assay.engine.pack.Detector;
import dev.assay.engine.pack.DrlGenerator;
import dev.assay.engine.pack.PackLoader;
import dev.assay.engine.pack.RuleDefinition;
import dev.assay.engine.pack.RulePack;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What rules may call, bound as the global {@code ctx} of every rule session: it builds detections from the pack's rule
 * catalog and evaluates the pack's regular expressions (RE2/J, linear time). The pack's context is immutable and
 * shared; each rule session gets its own view ({@link #forSession()}) that remembers what each document contains, so
 * that a text (a document, a fact's field) is prefiltered for all patterns in one pass. It never reads files.
 */
public final class RuleContext {

    /** A message placeholder: a parameter name or a capture number in braces. */
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{[A-Za-z0-9_]+\\}");

    /** Most matches one regex rule reports in one document; more would only repeat the point. */
    public static final int MAX_MATCHES_PER_DOCUMENT = 50;

    /**
     * Characters of text a regex rule is run over, in one document or several, before its {@link MatchRegions} is
     * built: building the automaton costs about as much as RE2/J's matcher over a few thousand characters, so a
     * small target (a skill's SKILL.md) is matched as it is, and a large document or a batch gets the DFA pass. The
     * matches are the same either way ({@link MatchRegions} finds exactly the whole text's).
     */
    static final long REGIONS_AFTER_CHARS = Long.getLong("assay.regionsAfter", 16_384); // 0: always, as before

    private final Map<String, RuleDefinition> rules;
    private final Map<String, Pattern> patterns;
    private final Map<String, List<Pattern>> excludes;
    private final Map<String, List<TablePattern>> tablePatterns;
    private final RegexPrefilter prefilter;
    /** Per regex rule, its {@link MatchRegions} slot, shared by sessions. */
    private final Map<String, RegionsSlot> regions;
    /**
     * Per-session memo of text signatures, by identity of the text (rules ask about the same field of the same fact
     * many times); null in the shared context, which computes them per call.
     */
    private final Map<String, RegexPrefilter.Signature> signatures;
    /** Per fact type, the getters of the fields that {@code matches} terms test (texts worth a signature up front). */
    private final Map<Class<?>, TextPrecompute.TestedField[]> testedFields;
    /** The regex rules, for working out in advance what each document's rules will ask. */
    private final List<TextPrecompute.RegexRule> regexRules;
    /**
     * Per-session matches of regex rules worked out before the rules ran ({@link TextPrecompute}), by identity of
     * the document; null in the shared context and in sessions too small to precompute.
     */
    private final Map<TextDocument, Map<String, List<TextMatch>>> precomputed;
    /**
     * In a worker view ({@link #forWorker()}), the session's memo, read but never written while the worker runs; null
     * otherwise. What the worker works out itself goes to its own {@link #signatures}.
     */
    private final Map<String, RegexPrefilter.Signature> sessionSignatures;

    /**
     * A pattern from a data table's {@code pattern} column, with the row's {@code set} column ("" when absent) and the
     * key its prefilter condition is kept under.
     */
    private record TablePattern(String set, Pattern pattern, String key) {
    }

    private RuleContext(Map<String, RuleDefinition> rules, Map<String, Pattern> patterns,
            Map<String, List<Pattern>> excludes, Map<String, List<TablePattern>> tablePatterns,
            RegexPrefilter prefilter, Map<String, RegionsSlot> regions,
            Map<String, RegexPrefilter.Signature> signatures, Map<Class<?>, TextPrecompute.TestedField[]> testedFields,
            List<TextPrecompute.RegexRule> regexRules, Map<TextDocument, Map<String, List<TextMatch>>> precomputed) {
        this(rules, patterns, excludes, tablePatterns, prefilter, regions, signatures, testedFields, regexRules,
                precomputed, null);
    }

    private RuleContext(Map<String, RuleDefinition> rules, Map<String, Pattern> patterns,
            Map<String, List<Pattern>> excludes, Map<String, List<TablePattern>> tablePatterns,
            RegexPrefilter prefilter, Map<String, RegionsSlot> regions,
            Map<String, RegexPrefilter.Signature> signatures, Map<Class<?>, TextPrecompute.TestedField[]> testedFields,
            List<TextPrecompute.RegexRule> regexRules, Map<TextDocument, Map<String, List<TextMatch>>> precomputed,
            Map<String, RegexPrefilter.Signature> sessionSignatures) {
        this.sessionSignatures = sessionSignatures;
        this.rules = rules;
        this.patterns = patterns;
        this.excludes = excludes;
        this.tablePatterns = tablePatterns;
        this.prefilter = prefilter;
        this.regions = regions;
        this.signatures = signatures;
        this.testedFields = testedFields;
        this.regexRules = regexRules;
        this.precomputed = precomputed;
    }

    /**
     * A view for one rule session (one thread): the same rules and patterns, plus a memo of which prefilter atoms
     * each document contains. The memo holds only small bit sets and lives as long as the session's global.
     */
    public RuleContext forSession() {
        return new RuleContext(rules, patterns, excludes, tablePatterns, prefilter, regions, new IdentityHashMap<>(),
                testedFields, regexRules, null);
    }

    /**
     * A view for one rule session over these facts. When their texts are large, what the rules will ask of them
     * (regex rules' matches in documents, signatures of tested fields) is worked out first on every core
     * ({@link TextPrecompute}); the answers are the same either way.
     */
    public RuleContext forSession(List<? extends Fact> facts) {
        if (!TextPrecompute.worthIt(facts, testedFields)) {
            return forSession();
        }
        Map<String, RegexPrefilter.Signature> memo = new IdentityHashMap<>();
        Map<TextDocument, Map<String, List<TextMatch>>> matches = new IdentityHashMap<>();
        RuleContext session = new RuleContext(rules, patterns, excludes, tablePatterns, prefilter, regions, memo,
                testedFields, regexRules, matches);
        TextPrecompute.run(session, prefilter, facts, testedFields, regexRules, memo, matches);
        return session;
    }

    /**
     * A view of this session's context for another thread, which asks the same questions of facts while this session
     * does not run (testing which facts a pattern can reach, {@code CompiledPack}): it reads the session's memo and
     * precomputed matches and keeps what it works out itself in a memo of its own, which {@link #absorb} merges back.
     * The answers are the session's: every memo entry is a pure function of one text.
     */
    public RuleContext forWorker() {
        if (signatures == null || sessionSignatures != null) {
            throw new IllegalStateException("a worker view is made from a session's context");
        }
        return new RuleContext(rules, patterns, excludes, tablePatterns, prefilter, regions, new IdentityHashMap<>(),
                testedFields, regexRules, precomputed, signatures);
    }

    /** Takes what a worker view of this session worked out into this session's memo (on the session's thread). */
    public void absorb(RuleContext worker) {
        if (worker.sessionSignatures != signatures) {
            throw new IllegalArgumentException("not a worker view of this session");
        }
        worker.signatures.forEach(signatures::putIfAbsent);
    }

    /**
     * Runs tasks {@code 0..n-1}, each once, on this thread and the process's text-work helpers (none on one
     * processor), and returns when all are done; see {@link TextPrecompute#inParallel}.
     */
    public static void inParallel(int n, java.util.function.IntConsumer task) {
        TextPrecompute.inParallel(n, task);
    }

    /** Whether {@link #inParallel} has helper threads (more than one processor). */
    public static boolean parallel() {
        return TextPrecompute.parallel();
    }

    /** Whether this session's text work was done up front ({@link #forSession(List)} on large texts). */
    public boolean precomputed() {
        return precomputed != null;
    }

    /** A context made by {@link #prepare} on this thread for the pack it holds, until {@link #of} takes it. */
    private static final ThreadLocal<RuleContext> PREPARED = new ThreadLocal<>();
    private static final ThreadLocal<RulePack> PREPARED_FOR = new ThreadLocal<>();

    /**
     * Makes the context of {@code pack} now, so that the next {@link #of} of the same pack (the same object) on this
     * thread returns it instead of making it again: a caller can make it while another thread builds the pack's
     * KieBase. When making it fails, nothing is kept, and {@link #of} fails the same way later.
     *
     * @return the context kept, or null when making it failed
     */
    public static RuleContext prepare(RulePack pack) {
        PREPARED.remove();
        PREPARED_FOR.remove();
        RuleContext made;
        try {
            made = build(pack);
        } catch (RuntimeException e) {
            return null; // of(pack) meets it again, where it always did
        }
        PREPARED.set(made);
        PREPARED_FOR.set(pack);
        return made;
    }

    /** Drops what {@link #prepare} kept on this thread and {@link #of} did not take (a build that failed between). */
    public static void forgetPrepared() {
        PREPARED.remove();
        PREPARED_FOR.remove();
    }

    /** Compiles every regular expression the pack's detectors use, keyed as the generated DRL refers to them. */
    public static RuleContext of(RulePack pack) {
        RuleContext prepared = PREPARED.get();
        if (prepared != null) {
            boolean same = PREPARED_FOR.get() == pack;
            PREPARED.remove();
            PREPARED_FOR.remove();
            if (same) {
                return prepared;
            }
        }
        return build(pack);
    }

    private static RuleContext build(RulePack pack) {
        Map<String, RuleDefinition> rules = new TreeMap<>();
        Map<String, Pattern> patterns = new TreeMap<>();
        Map<String, List<Pattern>> excludes = new TreeMap<>();
        for (RuleDefinition r : pack.rules()) {
            rules.put(r.id(), r);
            if (r.detector() instanceof Detector.Regex rx) {
                patterns.put(r.id(), Pattern.compile(rx.pattern(), rx.ignoreCase() ? Pattern.CASE_INSENSITIVE : 0));
                excludes.put(r.id(), rx.exclude().stream().map(Pattern::compile).toList());
            }
            for (Map.Entry<String, String> e : DrlGenerator.termPatterns(r).entrySet()) {
                patterns.put(e.getKey(), Pattern.compile(e.getValue()));
            }
        }
        Map<String, List<TablePattern>> tablePatterns = new TreeMap<>();
        Map<String, Pattern> all = new TreeMap<>(patterns);
        for (DataRow row : pack.data()) {
            String p = row.get(PackLoader.PATTERN_COLUMN);
            if (!p.isEmpty()) {
                List<TablePattern> rows = tablePatterns.computeIfAbsent(row.table(), k -> new ArrayList<>());
                String key = "table " + row.table() + " row " + rows.size(); // rule ids and term keys have no spaces
                Pattern compiled = Pattern.compile(p);
                rows.add(new TablePattern(row.get("set"), compiled, key));
                all.put(key, compiled);
            }
        }
        tablePatterns.replaceAll((k, v) -> List.copyOf(v));
        List<TextPrecompute.RegexRule> regexRules = new ArrayList<>();
        for (RuleDefinition r : pack.rules()) {
            if (r.detector() instanceof Detector.Regex rx) {
                regexRules.add(new TextPrecompute.RegexRule(r.id(), rx.roles()));
            }
        }
        return new RuleContext(rules, patterns, excludes, tablePatterns, RegexPrefilter.of(all),
                new ConcurrentHashMap<>(), null, TextPrecompute.testedFields(pack), List.copyOf(regexRules),
                null);
    }

    public RuleDefinition rule(String ruleId) {
        RuleDefinition r = rules.get(ruleId);
        if (r == null) {
            throw new IllegalArgumentException("rule " + ruleId + " is not defined in the pack's rule YAML");
        }
        return r;
    }

    /** The capability chip of a rule ("" when it has none), so that derived rules can reason over capabilities. */
    public String capabilityOf(String ruleId) {
        return rule(ruleId).capability();
    }

    /** The threat class of a rule ("" when it has none). */
    public String threatClassOf(String ruleId) {
        return rule(ruleId).threatClass();
    }

    /** Where a rule's matches count in source code: none, comments or strings_and_comments ("" when unset). */
    public String codeContextOf(String ruleId) {
        return rule(ruleId).codeContext();
    }

    // ---- building detections -------------------------------------------------------------------------------

    public Detection finding(String ruleId, Evidence evidence) {
        return finding(ruleId, List.of(evidence), evidence.file(), Map.of());
    }

    public Detection finding(String ruleId, Evidence evidence, String subject) {
        return finding(ruleId, List.of(evidence), subject, Map.of());
    }

    public Detection finding(String ruleId, Evidence evidence, String subject, Map<String, String> params) {
        return finding(ruleId, List.of(evidence), subject, params);
    }

    /**
     * A detection of the rule on a subject, its message and its details filled from the rule's templates and
     * {@code params}. A detail whose template leaves a placeholder unfilled, or fills to nothing, is left out.
     */
    public Detection finding(String ruleId, List<Evidence> evidence, String subject, Map<String, String> params) {
        RuleDefinition r = rule(ruleId);
        List<Evidence> shown = new ArrayList<>(evidence);
        Map<String, Object> details = new TreeMap<>();
        for (Map.Entry<String, String> t : r.details().entrySet()) {
            String value = fill(t.getValue(), params);
            if (!value.isBlank() && unfilled(value).isEmpty()) {
                details.put(t.getKey(), value);
            }
        }
        return new Detection(ruleId, r.severity(), subject, fill(r.message(), params), shown, Detection.ACTIVE, "",
                details);
    }

    /** The {@code {name}} placeholders left in a filled template, in order of appearance (empty when none). */
    public static List<String> unfilled(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = PLACEHOLDER.matcher(text == null ? "" : text);
        while (m.find()) {
            out.add(m.group());
        }
        return out;
    }

    /** The parameter names a template refers to as {@code {name}}. */
    public static java.util.Set<String> placeholders(String template) {
        java.util.Set<String> out = new java.util.TreeSet<>();
        for (String p : unfilled(template)) {
            out.add(p.substring(1, p.length() - 1));
        }
        return out;
    }

    /**
     * The evidence of every detection in the given collections, sorted and without repeats: what a synthesized
     * finding shows so that it points at the lines of its contributors.
     */
    public static List<Evidence> evidenceOf(Collection<?>... groups) {
        java.util.TreeSet<Evidence> out = new java.util.TreeSet<>();
        for (Collection<?> g : groups) {
            for (Object o : g) {
                if (o instanceof Detection d) {
                    out.addAll(d.evidence());
                } else if (o instanceof Fact f) {
                    out.add(f.evidence());
                }
            }
        }
        return new ArrayList<>(out);
    }

    /** How many distinct rule ids the detections in a collection have. */
    public static int ruleCount(Collection<?> detections) {
        java.util.Set<String> ids = new java.util.HashSet<>();
        for (Object o : detections) {
            if (o instanceof Detection d) {
                ids.add(d.ruleId());
            }
        }
        return ids.size();
    }

    /** The distinct rule ids of the detections in a collection, sorted and joined with ", ". */
    public static String ruleIds(Collection<?> detections) {
        java.util.TreeSet<String> ids = new java.util.TreeSet<>();
        for (Object o : detections) {
            if (o instanceof Detection d) {
                ids.add(d.ruleId());
            }
        }
        return String.join(", ", ids);
    }

    /** A detection of {@code ruleId} that rests on another detection's evidence and subject. */
    public Detection derive(String ruleId, Detection from, Map<String, String> params) {
        return finding(ruleId, from.evidence(), from.subject(), params);
    }

    /** A detection on a config node; the rule's {@code redact} hides the value in the snippet and message. */
    public Detection fromConfig(String ruleId, ConfigValue v) {
        return fromConfig(ruleId, v, List.of());
    }

    /**
     * A detection on a config value {@code v} (the rule's anchor) whose other terms were met by {@code others} too:
     * values of the same merged config written in other files, each shown as evidence beside the anchor's.
     */
    public Detection fromConfig(String ruleId, ConfigValue v, Collection<?> others) {
        RuleDefinition r = rule(ruleId);
        String value = v.value();
        List<Evidence> evidence = new ArrayList<>();
        evidence.add(shown(r, v, v));
        java.util.TreeSet<Evidence> elsewhere = new java.util.TreeSet<>(); // canonical order, whatever the collect's
        for (Object o : others) {
            if (o instanceof ConfigValue other) {
                elsewhere.add(shown(r, other, v));
            }
        }
        evidence.addAll(elsewhere);
        if (r.redact()) {
            value = Redaction.redact(value);
        }
        Map<String, String> params = new LinkedHashMap<>();
        params.put("path", v.path());
        params.put("value", value);
        params.put("document", v.document());
        if (r.detector() instanceof Detector.Config c) {
            List<String> captures = ConfigPaths.captures(c.when().get(0).subject(), v.path());
            for (int i = 0; i < captures.size(); i++) {
                params.put(Integer.toString(i + 1), captures.get(i));
            }
        }
        return finding(ruleId, evidence, v.file(), params);
    }

    /**
     * Where a config value is written. When the rule redacts, its snippet hides the anchor's value and, for a value
     * beside the anchor, that value too when it is text (a flag or a number such as {@code enabled: true} stays).
     */
    private static Evidence shown(RuleDefinition r, ConfigValue v, ConfigValue anchor) {
        Evidence ev = v.evidence();
        if (!r.redact()) {
            return ev;
        }
        String snippet = Redaction.redactIn(ev.snippet(), anchor.value());
        if (v != anchor && "string".equals(v.type())) {
            snippet = Redaction.redactIn(snippet, v.value());
        }
        return ev.withSnippet(snippet);
    }

    /** A detection on any fact; the fact's record components become message parameters. */
    public Detection fromFact(String ruleId, Fact fact) {
        if (fact instanceof ConfigValue v) {
            return fromConfig(ruleId, v); // one place decides how a config value is shown and redacted
        }
        if (fact instanceof ReplacedConfigValue r) {
            return fromConfig(ruleId, r.written()).withNote("not in effect: replaced by the value at " + r.replacedBy()
                    + ", but still written in " + r.file());
        }
        Map<String, String> params = new LinkedHashMap<>();
        if (fact.getClass().isRecord()) {
            for (RecordComponent c : fact.getClass().getRecordComponents()) {
                try {
                    Object value = c.getAccessor().invoke(fact);
                    params.put(c.getName(), value instanceof Collection<?> col ? String.join(" ", col.stream().map(String::valueOf).toList())
                            : String.valueOf(value));
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException("cannot read " + c.getName() + " of " + fact, e);
                }
            }
        }
        params.put("subject", fact.subject());
        return finding(ruleId, List.of(fact.evidence()), fact.subject(), params);
    }

    public Detection fromMatch(TextMatch m) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("match", m.text());
        for (int i = 0; i < m.groups().size(); i++) {
            params.put(Integer.toString(i + 1), m.groups().get(i));
        }
        return finding(m.ruleId(), List.of(m.evidence()), m.evidence().file(), params);
    }

    // ---- conditions -------------------------------------------------------------------------------------------

    /** Evidence for the first line of a document that contains {@code needle}, or its first line when none does. */
    public Evidence locate(TextDocument doc, String needle) {
        String text = doc.text();
        int at = needle == null || needle.isEmpty() ? -1 : text.indexOf(needle);
        if (at < 0) {
            return doc.evidence();
        }
        LineIndex lines = new LineIndex(text);
        int line = lines.lineOf(at);
        return Evidence.at(doc.file(), line, lines.lineText(line));
    }

    /**
     * Whether any {@code pattern} of the pack's data table {@code table} occurs in {@code value} (RE2, linear time).
     * Lets packs keep indicator patterns as data rather than in DRL.
     */
    public boolean anyPattern(String table, Object value) {
        return anyPattern(table, null, value);
    }

    /** As {@link #anyPattern(String, Object)}, over the rows whose {@code set} column equals {@code set}. */
    public boolean anyPattern(String table, String set, Object value) {
        return firstPattern(table, set, value) != null;
    }

    /** Whether any pattern of the table's set occurs in any of the values (a list field such as allowed tools). */
    public boolean anyPatternIn(String table, String set, Collection<?> values) {
        if (values == null) {
            return false;
        }
        for (Object v : values) {
            if (anyPattern(table, set, v)) {
                return true;
            }
        }
        return false;
    }

    /** The first text any pattern of the table (and set, when not null) matches in {@code value}, or null. */
    public String firstPattern(String table, String set, Object value) {
        if (value == null) {
            return null;
        }
        String text = String.valueOf(value);
        for (TablePattern p : tablePatterns.getOrDefault(table, List.of())) {
            if ((set == null || set.equals(p.set())) && prefilter.mayMatch(p.key(), signature(value, text))) {
                Matcher m = p.pattern().matcher(text);
                if (m.find()) {
                    return m.group();
                }
            }
        }
        return null;
    }

    /** The lines {@code line - radius} to {@code line + radius} of a document (1-based, clipped), joined by newlines. */
    public static String lines(TextDocument doc, int line, int radius) {
        String text = doc.text();
        int first = Math.max(1, line - radius);
        int last = line + radius;
        int start = 0;
        for (int l = 1; l < first && start >= 0; l++) {
            int nl = text.indexOf('\n', start);
            start = nl < 0 ? -1 : nl + 1;
        }
        if (start < 0) {
            return "";
        }
        int end = start;
        for (int l = first; l <= last; l++) {
            int nl = text.indexOf('\n', end);
            if (nl < 0) {
                end = text.length();
                break;
            }
            end = nl + (l == last ? 0 : 1);
        }
        return text.substring(start, Math.max(start, end));
    }

    /** Whether the pattern registered under {@code key} occurs in {@code value}. */
    public boolean find(String key, Object value) {
        if (value == null) {
            return false;
        }
        String text = String.valueOf(value);
        return prefilter.mayMatch(key, signature(value, text)) && pattern(key).matcher(text).find();
    }

    /** Whether the pattern occurs in any element of a list. */
    public boolean anyFind(String key, Collection<?> values) {
        if (values == null) {
            return false;
        }
        Pattern p = pattern(key);
        for (Object v : values) {
            if (v == null) {
                continue;
            }
            String text = String.valueOf(v);
            if (prefilter.mayMatch(key, signature(v, text)) && p.matcher(text).find()) {
                return true;
            }
        }
        return false;
    }

    /** Case-insensitive membership of a value in a list, for {@code in} with {@code ignoreCase}. */
    public static boolean inIgnoreCase(Object value, String... options) {
        if (value == null) {
            return false;
        }
        String v = String.valueOf(value);
        for (String o : options) {
            if (o.equalsIgnoreCase(v)) {
                return true;
            }
        }
        return false;
    }

    /** Whether a list contains a value, optionally ignoring case. */
    public static boolean listContains(Collection<?> values, String wanted, boolean ignoreCase) {
        if (values == null) {
            return false;
        }
        for (Object v : values) {
            String s = String.valueOf(v);
            if (ignoreCase ? s.equalsIgnoreCase(wanted) : s.equals(wanted)) {
                return true;
            }
        }
        return false;
    }

    /** Length in code points of a value's text, for shorterThan/longerThan. */
    public static int length(Object value) {
        if (value == null) {
            return 0;
        }
        String s = String.valueOf(value);
        return s.codePointCount(0, s.length());
    }

    /**
     * Matches of a regex rule in a document: each with the line it starts on and that line as snippet, the matched
     * text redacted when the rule asks. Matches that an {@code exclude} pattern also matches are dropped.
     */
    public List<TextMatch> regex(String ruleId, TextDocument doc) {
        if (precomputed != null) {
            Map<String, List<TextMatch>> byRule = precomputed.get(doc);
            List<TextMatch> found = byRule == null ? null : byRule.get(ruleId);
            if (found != null) {
                return found;
            }
        }
        return regexMatches(ruleId, doc, null);
    }

    /**
     * {@link #regex}, computed: with the document's signature when the caller has it (then this touches no session
     * state and may run on any thread), else from the session's memo.
     */
    List<TextMatch> regexMatches(String ruleId, TextDocument doc, RegexPrefilter.Signature docSignature) {
        RuleDefinition r = rule(ruleId);
        Detector.Regex rx = (Detector.Regex) r.detector();
        if (!rx.files().isEmpty() && rx.files().stream().noneMatch(g -> Globs.matches(g, doc.file()))) {
            return List.of();
        }
        RegexPrefilter.Signature sig = docSignature != null ? docSignature : signature(doc.text(), doc.text());
        if (!prefilter.mayMatch(ruleId, sig)) {
            return List.of(); // the document lacks text every match needs
        }
        Pattern p = patterns.get(ruleId);
        List<Pattern> ex = excludes.getOrDefault(ruleId, List.of());
        String text = doc.text();
        // Only the pieces of the text that can hold a match, found by a DFA pass: the same matches, far fewer
        // characters through RE2/J's slower matcher.
        MatchRegions finder = regionsOf(ruleId, p, text.length());
        int[] pieces = finder == null ? null : finder.regions(text);
        if (pieces != null && pieces.length == 0) {
            return List.of();
        }
        Matches found = new Matches(p, text, pieces);
        List<TextMatch> out = new ArrayList<>();
        LineIndex lines = null;
        while (out.size() < MAX_MATCHES_PER_DOCUMENT && found.next()) {
            Matcher m = found.matcher();
            int start = found.start();
            int end = found.end();
            String hit = m.group();
            if (ex.stream().anyMatch(x -> x.matcher(hit).find())) {
                continue;
            }
            if (lines == null) {
                lines = new LineIndex(text);
            }
            int line = lines.lineOf(start);
            int lastLine = lines.lineOf(Math.max(start, end - 1));
            String snippet = lines.lineText(line);
            String shown = hit;
            List<String> groups = new ArrayList<>(m.groupCount());
            for (int g = 1; g <= m.groupCount(); g++) {
                String group = m.group(g);
                groups.add(group == null ? "" : r.redact() ? Redaction.redact(group) : group);
            }
            if (r.redact()) {
                snippet = Redaction.redactIn(snippet, hit);
                shown = Redaction.redact(hit);
            }
            out.add(new TextMatch(ruleId, new Evidence(doc.file(), line, lastLine, snippet), shown, groups));
        }
        return out;
    }

    /**
     * The signature of {@code text}, the string form of {@code value}: remembered when the value is itself a string
     * (a fact's field, the same object each time a rule asks), computed afresh otherwise.
     */
    /**
     * The regions finder of a regex rule's pattern for a text of {@code length} characters: null while the rule has
     * been run over fewer than {@link #REGIONS_AFTER_CHARS} characters (this text included) and when the pattern has
     * none; made once, when that count is reached.
     */
    private MatchRegions regionsOf(String ruleId, Pattern p, int length) {
        return regions.computeIfAbsent(ruleId, k -> new RegionsSlot()).get(p, length);
    }

    /** A regex rule's {@link MatchRegions}, made once the rule has been run over enough text to repay it. */
    static final class RegionsSlot {
        private final AtomicLong seen = new AtomicLong();
        private volatile Optional<MatchRegions> finder; // null until made; empty when the pattern has none

        MatchRegions get(Pattern p, int length) {
            Optional<MatchRegions> f = finder;
            if (f == null) {
                if (seen.addAndGet(length) < REGIONS_AFTER_CHARS) {
                    return null;
                }
                synchronized (this) {
                    f = finder;
                    if (f == null) {
                        f = Optional.ofNullable(MatchRegions.of(p));
                        finder = f;
                    }
                }
            }
            return f.orElse(null);
        }
    }

    private RegexPrefilter.Signature signature(Object value, String text) {
        if (signatures == null || value != text) {
            return prefilter.signature(text);
        }
        if (sessionSignatures != null) {
            RegexPrefilter.Signature s = sessionSignatures.get(text);
            if (s != null) {
                return s;
            }
        }
        return signatures.computeIfAbsent(text, prefilter::signature);
    }

    private Pattern pattern(String key) {
        Pattern p = patterns.get(key);
        if (p == null) {
            throw new IllegalArgumentException("no pattern registered under " + key);
        }
        return p;
    }

    static String fill(String template, Map<String, String> params) {
        if (template == null || template.isEmpty() || params.isEmpty()) {
            return template == null ? "" : template;
        }
        String out = template;
        for (Map.Entry<String, String> e : params.entrySet()) {
            out = out.replace("{" + e.getKey() + "}", e.getValue() == null ? "" : e.getValue());
        }
        return out;
    }

    /** Maps character offsets to 1-based lines. */
    private static final class LineIndex {
        private final String text;
        private final int[] starts;

        LineIndex(String text) {
            this.text = text;
            List<Integer> s = new ArrayList<>();
            s.add(0);
            for (int i = 0; i < text.length(); i++) {
                if (text.charAt(i) == '\n') {
                    s.add(i + 1);
                }
            }
            starts = s.stream().mapToInt(Integer::intValue).toArray();
        }

        int lineOf(int offset) {
            int lo = 0;
            int hi = starts.length - 1;
            while (lo < hi) {
                int mid = (lo + hi + 1) >>> 1;
                if (starts[mid] <= offset) {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            return lo + 1;
        }

        String lineText(int line) {
            int start = starts[line - 1];
            int end = line < starts.length ? starts[line] - 1 : text.length();
            return text.substring(start, Math.max(start, end));
        }
    }
}
