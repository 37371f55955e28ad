package dev.assay.engine.pack;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.re2j.PatternSyntaxException;
import dev.assay.engine.fact.DataRow;
import dev.assay.engine.model.Severity;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Reads and validates a pack version: {@code pack.yaml}, rule definitions ({@code rules/**}{@code /*.yaml}, each file one
 * rule or a list of rules), authored DRL ({@code rules/**}{@code /*.drl}, {@code drl/**}{@code /*.drl}) and the data tables
 * the manifest names. Every problem is collected, with its file, line and rule id, before failing
 * ({@link PackException#details()}).
 */
public final class PackLoader {

    private static final Pattern ID = Pattern.compile("[a-z0-9][a-z0-9-]{0,63}");
    private static final Pattern VERSION = Pattern.compile("(0|[1-9]\\d{0,5})\\.(0|[1-9]\\d{0,5})\\.(0|[1-9]\\d{0,5})");
    private static final Pattern RULE_ID = Pattern.compile("[A-Z][A-Z0-9]*(-[A-Z0-9]+)*");
    private static final Pattern FORMULA_REF = Pattern.compile("[a-z0-9][a-z0-9-]*@[1-9]\\d{0,5}");
    private static final Set<String> RULE_KEYS = Set.of("id", "title", "severity", "check", "threatClass", "capability",
            "controls", "remediation", "message", "details", "redact", "codeContext", "detect");
    private static final Set<String> MANIFEST_KEYS = Set.of("id", "version", "title", "description", "scorer",
            "formula", "engine", "extractors", "data", "redact", "components", "nothingFound", "inlineSuppressions",
            "configScope");
    /** Where a rule's matches still count in source code: everywhere, not in comments, not in strings or comments. */
    public static final Set<String> CODE_CONTEXTS = Set.of("none", "comments", "strings_and_comments");
    /** A data-table column holding an RE2 pattern (matched by rules through {@code ctx.anyPattern}). */
    public static final String PATTERN_COLUMN = "pattern";
    private static final Pattern PACK_REF = Pattern.compile(
            "[a-z0-9][a-z0-9-]{0,63}@(0|[1-9]\\d{0,5})\\.(0|[1-9]\\d{0,5})\\.(0|[1-9]\\d{0,5})");
    private static final int MAX_COMPONENTS = 10_000;
    private static final long MAX_YAML_BYTES = LocatedYaml.MAX_BYTES;

    /** Where in the pack a check runs: the file, its parsed tree, the rule and the message prefix. */
    private record Where(String file, LocatedYaml doc, String ruleId, String prefix) {
        Where sub(String step) {
            return new Where(file, doc, ruleId, prefix.isEmpty() ? step : prefix + ": " + step);
        }

        Where dot(String step) {
            return new Where(file, doc, ruleId, prefix + "." + step);
        }

        int line(JsonNode container, String key) {
            return doc == null ? 0 : doc.line(container, key);
        }

        int line(JsonNode container) {
            return doc == null ? 0 : doc.line(container);
        }
    }

    /** Collects located problems; the text of each is what earlier versions reported as a plain line. */
    private static final class Problems {
        final List<PackProblem> list = new ArrayList<>();

        void add(Where w, int line, String text, String hint) {
            list.add(new PackProblem(w.file(), line, w.ruleId(), w.prefix().isEmpty() ? text : w.prefix() + ": " + text,
                    hint));
        }

        void add(String file, int line, String ruleId, String text, String hint) {
            list.add(new PackProblem(file, line, ruleId, text, hint));
        }
    }

    /** False for {@link #ofBuiltContent}: skip the checks that only add problems and cost a cold start the most. */
    private final boolean checkPatterns;

    public PackLoader() {
        this(true);
    }

    private PackLoader(boolean checkPatterns) {
        this.checkPatterns = checkPatterns;
    }

    /**
     * A loader for files the build already loaded with every check (a shipped pack, before its CRC is compared with the
     * build's): it does not compile each RE2 pattern to validate it, nor search the DRL for each drl rule's id, which
     * only ever add problems to a valid pack. The result of a valid pack is the same; the caller must load again with
     * {@link #PackLoader()} when the files turn out not to be the build's.
     */
    static PackLoader ofBuiltContent() {
        return new PackLoader(false);
    }

    public RulePack load(PackFiles files) throws PackException {
        Problems problems = new Problems();
        if (!files.list().contains("pack.yaml")) {
            throw PackException.of(List.of(new PackProblem("", 0, "", files.origin() + ": no pack.yaml in the pack folder",
                    "point at a pack version folder <id>/<version>/ holding pack.yaml, or create one with `assay pack new`")));
        }
        PackManifest manifest = readManifest(files, problems);
        List<RuleDefinition> rules = new ArrayList<>();
        List<Integer> ruleLines = new ArrayList<>();
        Map<String, String> drl = new TreeMap<>();
        for (String path : files.list()) {
            if (isUnder(path, "rules") && (path.endsWith(".yaml") || path.endsWith(".yml"))) {
                readRules(files, path, rules, ruleLines, problems);
            } else if ((isUnder(path, "rules") || isUnder(path, "drl")) && path.endsWith(".drl")) {
                readDrl(files, path, drl, problems);
            }
        }
        List<DataRow> data = manifest == null ? List.of() : readData(files, manifest, problems);
        checkRules(rules, ruleLines, data, drl, problems);
        String hash = null;
        try {
            hash = files.rulesHash();
        } catch (IOException e) {
            problems.add("", 0, "", files.origin() + ": cannot hash pack files: " + e.getMessage(), "");
        }
        if (!problems.list.isEmpty() || manifest == null) {
            throw PackException.of(problems.list);
        }
        rules.sort((a, b) -> a.id().compareTo(b.id()));
        return new RulePack(manifest, rules, data, drl, hash, files.origin());
    }

    private static boolean isUnder(String path, String dir) {
        return path.startsWith(dir + "/");
    }

    private LocatedYaml parse(PackFiles files, String path, Problems problems) {
        Where w = new Where(path, null, "", "");
        try {
            byte[] bytes = files.read(path);
            if (bytes.length > MAX_YAML_BYTES) {
                problems.add(w, 0, "larger than " + MAX_YAML_BYTES + " bytes", "split the file or move data out of it");
                return null;
            }
            LocatedYaml doc = LocatedYaml.parse(bytes);
            if (doc.root() == null || doc.root().isMissingNode()) {
                problems.add(w, 0, "empty file", "give it content or delete it");
                return null;
            }
            return doc;
        } catch (LocatedYaml.SyntaxError e) {
            problems.add(w, e.line(), "not valid YAML: " + e.getMessage(), "fix the YAML syntax on that line");
            return null;
        } catch (IOException e) {
            problems.add(w, 0, "cannot read: " + oneLine(e.getMessage()), "");
            return null;
        }
    }

    private PackManifest readManifest(PackFiles files, Problems problems) {
        LocatedYaml doc = parse(files, "pack.yaml", problems);
        if (doc == null) {
            return null;
        }
        JsonNode n = doc.root();
        Where w = new Where("pack.yaml", doc, "", "");
        if (!n.isObject()) {
            problems.add(w, 1, "expected a mapping", "pack.yaml holds keys such as id, version, scorer and formula");
            return null;
        }
        unknownKeys(n, MANIFEST_KEYS, w, problems);
        String id = text(n, "id");
        String version = text(n, "version");
        if (!ID.matcher(id).matches()) {
            problems.add(w, w.line(n, "id"), "id '" + id + "' must be lower-case letters, digits and hyphens", "");
        }
        if (!VERSION.matcher(version).matches()) {
            problems.add(w, w.line(n, "version"), "version '" + version + "' must be a semantic version such as 1.0.0",
                    "quote it if YAML reads it as a number: version: \"1.0.0\"");
        }
        String formula = text(n, "formula");
        if (!FORMULA_REF.matcher(formula).matches()) {
            problems.add(w, w.line(n, "formula"),
                    "formula '" + formula + "' must name a formula version as id@N, e.g. agent-security-score@1", "");
        }
        String scorer = text(n, "scorer");
        if (scorer.isEmpty()) {
            problems.add(w, w.line(n, "scorer"),
                    "scorer is required (the scorer id this pack serves, e.g. agent-security-score)", "");
        }
        Map<String, String> data = new LinkedHashMap<>();
        JsonNode d = n.path("data");
        if (d.isObject()) {
            d.properties().forEach(e -> data.put(e.getKey(), e.getValue().asText()));
        } else if (!d.isMissingNode()) {
            problems.add(w, w.line(n, "data"), "data must map table names to files",
                    "write data: {controls: data/controls.yaml}");
        }
        return new PackManifest(id, version, text(n, "title"), text(n, "description"), scorer, formula,
                text(n, "engine"), strings(n, "extractors", w.sub("extractors"), problems), data,
                regexList(n, "redact", w.sub("redact"), problems), components(n, id, w, problems),
                text(n, "nothingFound"), inlineSuppressions(n, w, problems), mergedConfigs(n, w, problems));
    }

    private static boolean mergedConfigs(JsonNode n, Where w, Problems problems) {
        JsonNode v = n.path("configScope");
        if (v.isMissingNode() || v.asText().equals("file")) {
            return false;
        }
        if (!v.asText().equals("merged")) {
            problems.add(w, w.line(n, "configScope"), "configScope must be file or merged",
                    "merged: config rules judge an OpenClaw config merged with its $include files; file (the default): "
                            + "each rule's terms hold in one file");
        }
        return v.asText().equals("merged");
    }

    private static boolean inlineSuppressions(JsonNode n, Where w, Problems problems) {
        JsonNode v = n.path("inlineSuppressions");
        if (!v.isMissingNode() && !v.isBoolean()) {
            problems.add(w, w.line(n, "inlineSuppressions"), "inlineSuppressions must be true or false",
                    "leave it out (false) unless the scanned files are trusted to suppress their own findings");
            return false;
        }
        return v.asBoolean(false);
    }

    private static PackManifest.ComponentScoring components(JsonNode n, String selfId, Where w, Problems problems) {
        JsonNode c = n.path("components");
        if (c.isMissingNode() || c.isNull()) {
            return null;
        }
        Where at = w.sub("components");
        if (!c.isObject()) {
            problems.add(at, w.line(n, "components"), "must be a mapping", "write components: {pack: skilltotal@1.1.0, max: 200}");
            return null;
        }
        unknownKeys(c, Set.of("pack", "max"), at, problems);
        String ref = text(c, "pack");
        if (!PACK_REF.matcher(ref).matches()) {
            problems.add(at, at.line(c, "pack"), "pack '" + ref + "' must pin a pack version as id@x.y.z",
                    "a component pack is pinned so that a newer one never changes this pack's results");
        } else if (ref.substring(0, ref.indexOf('@')).equals(selfId)) {
            problems.add(at, at.line(c, "pack"), "pack must name another pack, not this one", "");
        }
        JsonNode max = c.path("max");
        if (!max.isInt() || max.asInt() < 1 || max.asInt() > MAX_COMPONENTS) {
            problems.add(at, c.has("max") ? at.line(c, "max") : w.line(n, "components"),
                    "max must be a whole number from 1 to " + MAX_COMPONENTS, "the most installed components to score");
            return null;
        }
        return new PackManifest.ComponentScoring(ref, max.asInt());
    }

    private void readRules(PackFiles files, String path, List<RuleDefinition> out, List<Integer> ruleLines,
            Problems problems) {
        LocatedYaml doc = parse(files, path, problems);
        if (doc == null) {
            return;
        }
        JsonNode n = doc.root();
        if (n.isObject() && n.has("rules")) {
            n = n.get("rules");
        }
        List<JsonNode> defs = new ArrayList<>();
        List<Integer> lines = new ArrayList<>();
        if (n.isArray()) {
            for (int i = 0; i < n.size(); i++) {
                defs.add(n.get(i));
                lines.add(doc.line(n, i));
            }
        } else {
            defs.add(n);
            lines.add(Math.max(1, doc.line(n)));
        }
        for (int i = 0; i < defs.size(); i++) {
            RuleDefinition def = readRule(defs.get(i), lines.get(i), new Where(path, doc, "", ""), problems);
            if (def != null) {
                out.add(def);
                ruleLines.add(lines.get(i));
            }
        }
    }

    private RuleDefinition readRule(JsonNode r, int line, Where file, Problems problems) {
        if (!r.isObject()) {
            problems.add(file, line, "each rule must be a mapping", "start each rule with 'id:' under '- '");
            return null;
        }
        String id = text(r, "id");
        Where w = new Where(file.file(), file.doc(), id, "rule " + (id.isEmpty() ? "(no id)" : id));
        unknownKeys(r, RULE_KEYS, w, problems);
        if (!RULE_ID.matcher(id).matches()) {
            problems.add(w, w.line(r, "id"), "id must be upper-case words joined by hyphens, e.g. ASS-NET-EXPOSED", "");
        }
        for (String required : List.of("title", "severity", "check", "remediation")) {
            if (text(r, required).isEmpty()) {
                problems.add(w, r.has(required) ? w.line(r, required) : line, "'" + required + "' is required",
                        "add " + required + ": to the rule");
            }
        }
        Severity severity = Severity.INFO;
        try {
            severity = Severity.parse(text(r, "severity"));
        } catch (IllegalArgumentException e) {
            if (!text(r, "severity").isEmpty()) {
                problems.add(w, w.line(r, "severity"), e.getMessage(), "");
            }
        }
        List<String> controls = strings(r, "controls", w.sub("controls"), problems);
        String codeContext = text(r, "codeContext");
        if (!codeContext.isEmpty() && !CODE_CONTEXTS.contains(codeContext)) {
            problems.add(w, w.line(r, "codeContext"), "codeContext '" + codeContext + "' must be one of "
                    + String.join(", ", new TreeSet<>(CODE_CONTEXTS)), "");
        }
        Detector detector = readDetector(r, line, w, problems);
        return new RuleDefinition(id, text(r, "title"), severity, text(r, "check"), text(r, "threatClass"),
                text(r, "capability"), controls, text(r, "remediation"), text(r, "message"),
                r.path("redact").asBoolean(false), codeContext, detector, file.file(), detailTemplates(r, w, problems));
    }

    /** {@code details:} maps detail keys to message-style templates ({@code {value}}, {@code {1}} …). */
    private static TreeMap<String, String> detailTemplates(JsonNode r, Where w, Problems problems) {
        TreeMap<String, String> out = new TreeMap<>();
        JsonNode d = r.path("details");
        if (d.isMissingNode()) {
            return out;
        }
        if (!d.isObject()) {
            problems.add(w, w.line(r, "details"), "details must map detail names to templates",
                    "write details: {server: \"{1}\", value: \"{value}\"}");
            return out;
        }
        d.properties().forEach(e -> {
            if (!e.getValue().isTextual() || e.getValue().asText().isBlank()) {
                problems.add(w, w.line(d, e.getKey()), "details." + e.getKey() + " must be a non-empty template string",
                        "quote it: " + e.getKey() + ": \"{value}\"");
            } else {
                out.put(e.getKey(), e.getValue().asText());
            }
        });
        return out;
    }

    private Detector readDetector(JsonNode rule, int ruleLine, Where w, Problems problems) {
        JsonNode d = rule.path("detect");
        if (!d.isObject() || d.size() != 1) {
            problems.add(w, rule.has("detect") ? w.line(rule, "detect") : ruleLine,
                    "'detect' must hold exactly one of config, regex, fact or drl", "see docs/rule-packs.md, \"A rule\"");
            return new Detector.Drl();
        }
        String kind = d.fieldNames().next();
        JsonNode body = d.get(kind);
        int at = w.line(d, kind);
        switch (kind) {
            case "drl":
                return new Detector.Drl();
            case "config": {
                unknownKeys(body, Set.of("documents", "when"), w.sub("detect.config"), problems);
                List<Term> when = terms(body, "when", at, w.sub("detect.config.when"), problems);
                if (when.isEmpty() || !when.get(0).positive()) {
                    problems.add(w, body.has("when") ? w.line(body, "when") : at,
                            "detect.config.when must start with a term that asserts a value (not missing/any/none)",
                            "put the term whose line should be the evidence first");
                }
                return new Detector.Config(strings(body, "documents", w.sub("documents"), problems), when);
            }
            case "regex": {
                unknownKeys(body, Set.of("roles", "files", "pattern", "ignoreCase", "exclude"), w.sub("detect.regex"), problems);
                String pattern = text(body, "pattern");
                checkRegex(pattern, body.has("pattern") ? w.line(body, "pattern") : at, w.sub("detect.regex.pattern"),
                        problems);
                return new Detector.Regex(strings(body, "roles", w.sub("roles"), problems),
                        strings(body, "files", w.sub("files"), problems), pattern,
                        body.path("ignoreCase").asBoolean(false),
                        regexList(body, "exclude", w.sub("detect.regex.exclude"), problems));
            }
            case "fact": {
                unknownKeys(body, Set.of("type", "where", "sameFile", "notSameFile"), w.sub("detect.fact"), problems);
                // One fact type, or a list of them when the rule holds on a fact of any (each must have the fields).
                List<String> types = body.path("type").isArray() ? strings(body, "type", w.sub("type"), problems)
                        : List.of(text(body, "type"));
                if (types.isEmpty()) {
                    types = List.of("");
                }
                List<Term> terms = terms(body, "where", at, w.sub("detect.fact.where"), problems);
                for (String type : types) {
                    checkFields(type, terms, body.has("type") ? w.line(body, "type") : at, w.sub("detect.fact"), problems);
                }
                return new Detector.FactPattern(types, terms, related(body, "sameFile", at, w, problems),
                        related(body, "notSameFile", at, w, problems));
            }
            default:
                problems.add(w, at, "unknown detector '" + kind + "' (expected config, regex, fact or drl)", "");
                return new Detector.Drl();
        }
    }

    private List<Detector.Related> related(JsonNode body, String key, int at, Where w, Problems problems) {
        List<Detector.Related> out = new ArrayList<>();
        JsonNode n = body.path(key);
        if (n.isMissingNode()) {
            return out;
        }
        if (!n.isArray()) {
            problems.add(w, w.line(body, key), "sameFile/notSameFile must be a list of {type, where}", "");
            return out;
        }
        for (int i = 0; i < n.size(); i++) {
            JsonNode r = n.get(i);
            String type = text(r, "type");
            int line = w.doc() == null ? at : w.doc().line(n, i);
            List<Term> terms = terms(r, "where", line, w.sub(type), problems);
            checkFields(type, terms, line, w, problems);
            out.add(new Detector.Related(type, terms));
        }
        return out;
    }

    private void checkFields(String type, List<Term> terms, int line, Where w, Problems problems) {
        var cls = FactTypes.byName(type);
        if (cls.isEmpty()) {
            problems.add(w, line, "unknown fact type '" + type + "' (known: " + String.join(", ", FactTypes.names()) + ")", "");
            return;
        }
        for (Term t : Term.leaves(terms)) {
            if (FactTypes.fieldType(cls.get(), t.subject()).isEmpty()) {
                problems.add(w, line, type + " has no field '" + t.subject() + "' (fields: "
                        + String.join(", ", FactTypes.fields(cls.get())) + ")", "");
            }
        }
    }

    private List<Term> terms(JsonNode parent, String key, int fallbackLine, Where w, Problems problems) {
        List<Term> out = new ArrayList<>();
        JsonNode n = parent.path(key);
        if (!n.isArray()) {
            problems.add(w, parent.has(key) ? w.line(parent, key) : fallbackLine, "expected a list of terms",
                    "write " + key + ": followed by '- ' items");
            return out;
        }
        for (int i = 0; i < n.size(); i++) {
            int line = w.doc() == null ? fallbackLine : w.doc().line(n, i);
            Term term = term(n.get(i), line, w, problems);
            if (term != null) {
                out.add(term);
            }
        }
        return out;
    }

    private Term term(JsonNode t, int line, Where w, Problems problems) {
        if (!t.isObject()) {
            problems.add(w, line, "each term must be a mapping", "write {path: …, equals: …} or {field: …, in: […]}");
            return null;
        }
        if (t.has("any") || t.has("none")) {
            String op = t.has("any") ? "any" : "none";
            return new Term("", op, List.of(), false, terms(t, op, line, w.dot(op), problems), "");
        }
        String subject = t.has("path") ? text(t, "path") : text(t, "field");
        if (subject.isEmpty()) {
            problems.add(w, line, "a term needs 'path' (config) or 'field' (fact)", "");
        }
        String operator = null;
        List<String> values = List.of();
        for (Iterator<String> it = t.fieldNames(); it.hasNext();) {
            String k = it.next();
            if (k.equals("path") || k.equals("field") || k.equals("ignoreCase") || k.equals("type")) {
                continue;
            }
            if (!Term.OPERATORS.contains(k)) {
                problems.add(w, w.line(t, k), "unknown operator '" + k + "' (expected one of "
                        + String.join(", ", Term.OPERATORS) + ")", "");
                continue;
            }
            if (operator != null) {
                problems.add(w, w.line(t, k), "term on '" + subject + "' has more than one operator",
                        "split it into two terms");
            }
            operator = k;
            JsonNode v = t.get(k);
            values = v.isArray() ? strings(t, k, w, problems) : List.of(v.asText());
        }
        if (operator == null) {
            problems.add(w, line, "term on '" + subject + "' has no operator",
                    "add one of equals, in, matches, present, missing, …");
            return null;
        }
        if (operator.equals("matches") || operator.equals("notMatches") || operator.equals("anyMatches")) {
            for (String v : values) {
                checkRegex(v, w.line(t, operator), w.sub(operator), problems);
            }
        }
        if ((operator.equals("shorterThan") || operator.equals("longerThan")) && !values.get(0).matches("\\d{1,6}")) {
            problems.add(w, w.line(t, operator), operator + " takes a whole number", "");
        }
        return new Term(subject, operator, values, t.path("ignoreCase").asBoolean(false), List.of(), text(t, "type"));
    }

    private void readDrl(PackFiles files, String path, Map<String, String> out, Problems problems) {
        try {
            String text = new String(files.read(path), StandardCharsets.UTF_8);
            int lineNo = 0;
            for (String l : (Iterable<String>) text.lines()::iterator) {
                lineNo++;
                if (l.strip().startsWith("package ")) {
                    problems.add(path, lineNo, "",
                            "DRL in a pack must not declare a package; the engine assigns one per pack version",
                            "delete the package line");
                    break;
                }
            }
            out.put(path, text);
        } catch (IOException e) {
            problems.add(path, 0, "", "cannot read: " + e.getMessage(), "");
        }
    }

    private List<DataRow> readData(PackFiles files, PackManifest manifest, Problems problems) {
        List<DataRow> rows = new ArrayList<>();
        LocatedYaml manifestDoc = null;
        try {
            manifestDoc = LocatedYaml.parse(files.read("pack.yaml"));
        } catch (LocatedYaml.SyntaxError | IOException e) {
            // already reported by readManifest
        }
        for (Map.Entry<String, String> table : manifest.data().entrySet()) {
            String path = table.getValue();
            if (!files.list().contains(path)) {
                int line = manifestDoc == null ? 0 : manifestDoc.line(manifestDoc.root().path("data"), table.getKey());
                problems.add("pack.yaml", line, "", "data table '" + table.getKey() + "' names " + path
                        + ", which is not in the pack", "create " + path + " or correct the path");
                continue;
            }
            LocatedYaml doc = parse(files, path, problems);
            if (doc == null) {
                continue;
            }
            JsonNode n = doc.root();
            if (n.isObject() && n.has("rows")) {
                n = n.get("rows");
            }
            if (!n.isArray()) {
                problems.add(path, Math.max(1, doc.line(n)), "", "a data table is a list of mappings (or {rows: [...]})",
                        "write one '- {column: value, …}' per row");
                continue;
            }
            int i = 0;
            for (int k = 0; k < n.size(); k++) {
                JsonNode row = n.get(k);
                if (!row.isObject()) {
                    problems.add(path, doc.line(n, k), "", "row " + i + " is not a mapping",
                            "write the row as {column: value, …}");
                    continue;
                }
                Map<String, String> fields = new TreeMap<>();
                row.properties().forEach(e -> fields.put(e.getKey(),
                        e.getValue().isValueNode() ? e.getValue().asText() : e.getValue().toString()));
                if (fields.containsKey(PATTERN_COLUMN)) {
                    // Rules match these through ctx.anyPattern; a bad one must fail the pack load, not a scan.
                    checkRegex(fields.get(PATTERN_COLUMN), doc.line(n, k), new Where(path, doc, "", "row " + i + ": pattern"),
                            problems);
                }
                rows.add(new DataRow(table.getKey(), i++, fields));
            }
        }
        return rows;
    }

    private void checkRules(List<RuleDefinition> rules, List<Integer> ruleLines, List<DataRow> data,
            Map<String, String> drl, Problems problems) {
        Set<String> seen = new TreeSet<>();
        Set<String> controls = new TreeSet<>();
        data.stream().filter(r -> r.table().equals("controls")).forEach(r -> controls.add(r.get("id")));
        String allDrl = String.join("\n", drl.values());
        for (int i = 0; i < rules.size(); i++) {
            RuleDefinition r = rules.get(i);
            int line = ruleLines.get(i);
            if (!seen.add(r.id())) {
                problems.add(r.source(), line, r.id(), "rule id " + r.id() + " is defined more than once in the pack",
                        "rename one of them; ids are unique in a pack");
            }
            if (!controls.isEmpty()) {
                for (String c : r.controls()) {
                    if (!controls.contains(c)) {
                        problems.add(r.source(), line, r.id(), "rule " + r.id() + ": unknown control '" + c
                                + "' (not in the pack's controls table)", "use an id of the controls table or add a row for it");
                    }
                }
            }
            if (checkPatterns && r.detector() instanceof Detector.Drl && !allDrl.contains("\"" + r.id() + "\"")) {
                problems.add(r.source(), line, r.id(), "rule " + r.id()
                        + " says detect: drl but no DRL file of the pack mentions \"" + r.id() + "\"",
                        "write its DRL rule in drl/*.drl, building detections with ctx.finding(\"" + r.id() + "\", …)");
            }
        }
    }

    private void checkRegex(String pattern, int line, Where w, Problems problems) {
        if (pattern == null || pattern.isEmpty()) {
            problems.add(w, line, "empty pattern", "");
            return;
        }
        if (!checkPatterns) {
            return;
        }
        try {
            com.google.re2j.Pattern.compile(pattern);
        } catch (PatternSyntaxException e) {
            problems.add(w, line, "not a valid RE2 pattern (no backreferences or lookaround): " + oneLine(e.getMessage()), "");
        }
    }

    private List<String> regexList(JsonNode parent, String key, Where w, Problems problems) {
        List<String> out = strings(parent, key, w, problems);
        JsonNode n = parent.path(key);
        for (int i = 0; i < out.size(); i++) {
            checkRegex(out.get(i), w.doc() == null ? 0 : w.doc().line(n, i), w, problems);
        }
        return out;
    }

    private static List<String> strings(JsonNode parent, String key, Where w, Problems problems) {
        List<String> out = new ArrayList<>();
        JsonNode n = parent.path(key);
        if (n == null || n.isMissingNode() || n.isNull()) {
            return out;
        }
        if (!n.isArray()) {
            problems.add(w, w.line(parent, key), "expected a list", "write [a, b] or one '- item' per line");
            return out;
        }
        n.forEach(v -> out.add(v.asText()));
        return out;
    }

    private static void unknownKeys(JsonNode n, Set<String> allowed, Where w, Problems problems) {
        if (!n.isObject()) {
            return;
        }
        n.fieldNames().forEachRemaining(k -> {
            if (!allowed.contains(k)) {
                problems.add(w, w.line(n, k), "unknown key '" + k + "' (allowed: " + String.join(", ", new TreeSet<>(allowed))
                        + ")", "remove it or correct its spelling");
            }
        });
    }

    private static String text(JsonNode n, String key) {
        JsonNode v = n.path(key);
        return v.isValueNode() ? v.asText().strip() : "";
    }

    private static String oneLine(String s) {
        if (s == null) {
            return "";
        }
        String first = s.lines().findFirst().orElse("");
        return first.length() > 300 ? first.substring(0, 300) + "…" : first;
    }
}
