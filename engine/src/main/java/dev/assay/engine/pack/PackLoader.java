package dev.assay.engine.pack;

import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
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
 * the manifest names. Every problem is collected, with its file and rule id, before failing.
 */
public final class PackLoader {

    private static final Pattern ID = Pattern.compile("[a-z0-9][a-z0-9-]{0,63}");
    private static final Pattern VERSION = Pattern.compile("(0|[1-9]\\d{0,5})\\.(0|[1-9]\\d{0,5})\\.(0|[1-9]\\d{0,5})");
    private static final Pattern RULE_ID = Pattern.compile("[A-Z][A-Z0-9]*(-[A-Z0-9]+)*");
    private static final Pattern FORMULA_REF = Pattern.compile("[a-z0-9][a-z0-9-]*@[1-9]\\d{0,5}");
    private static final Set<String> RULE_KEYS = Set.of("id", "title", "severity", "check", "threatClass", "capability",
            "controls", "remediation", "message", "redact", "codeContext", "detect");
    private static final Set<String> MANIFEST_KEYS = Set.of("id", "version", "title", "description", "scorer",
            "formula", "engine", "extractors", "data", "redact", "components");
    /** Where a rule's text matches still count: everywhere, or not inside comments, or not inside strings/comments. */
    public static final Set<String> CODE_CONTEXTS = Set.of("none", "comments", "strings_and_comments");
    private static final Pattern PACK_REF = Pattern.compile("[a-z0-9][a-z0-9-]{0,63}@(0|[1-9]\\d{0,5})\\.(0|[1-9]\\d{0,5})\\.(0|[1-9]\\d{0,5})");
    private static final int MAX_COMPONENTS = 10_000;
    private static final long MAX_YAML_BYTES = 4L << 20;
    /** A data-table column holding an RE2 pattern (see {@code RuleContext#anyPattern}). */
    public static final String PATTERN_COLUMN = "pattern";

    private final ObjectMapper yaml;

    public PackLoader() {
        YAMLFactory factory = YAMLFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(64)
                        .maxDocumentLength(MAX_YAML_BYTES).build())
                .build();
        this.yaml = new ObjectMapper(factory);
    }

    public RulePack load(PackFiles files) throws PackException {
        List<String> problems = new ArrayList<>();
        if (!files.list().contains("pack.yaml")) {
            throw new PackException(files.origin() + ": no pack.yaml in the pack folder");
        }
        PackManifest manifest = readManifest(files, problems);
        List<RuleDefinition> rules = new ArrayList<>();
        Map<String, String> drl = new TreeMap<>();
        for (String path : files.list()) {
            if (isUnder(path, "rules") && (path.endsWith(".yaml") || path.endsWith(".yml"))) {
                readRules(files, path, rules, problems);
            } else if ((isUnder(path, "rules") || isUnder(path, "drl")) && path.endsWith(".drl")) {
                readDrl(files, path, drl, problems);
            }
        }
        List<DataRow> data = manifest == null ? List.of() : readData(files, manifest, problems);
        checkRules(rules, data, drl, problems);
        String hash = null;
        try {
            hash = RulesHash.of(files);
        } catch (IOException e) {
            problems.add(files.origin() + ": cannot hash pack files: " + e.getMessage());
        }
        if (!problems.isEmpty() || manifest == null) {
            throw new PackException(problems);
        }
        rules.sort((a, b) -> a.id().compareTo(b.id()));
        return new RulePack(manifest, rules, data, drl, hash, files.origin());
    }

    private static boolean isUnder(String path, String dir) {
        return path.startsWith(dir + "/");
    }

    private JsonNode parse(PackFiles files, String path, List<String> problems) {
        try {
            byte[] bytes = files.read(path);
            if (bytes.length > MAX_YAML_BYTES) {
                problems.add(path + ": larger than " + MAX_YAML_BYTES + " bytes");
                return null;
            }
            JsonNode node = yaml.readTree(bytes);
            if (node == null || node.isMissingNode()) {
                problems.add(path + ": empty file");
                return null;
            }
            return node;
        } catch (IOException e) {
            problems.add(path + ": not valid YAML: " + oneLine(e.getMessage()));
            return null;
        }
    }

    private PackManifest readManifest(PackFiles files, List<String> problems) {
        JsonNode n = parse(files, "pack.yaml", problems);
        if (n == null) {
            return null;
        }
        if (!n.isObject()) {
            problems.add("pack.yaml: expected a mapping");
            return null;
        }
        unknownKeys(n, MANIFEST_KEYS, "pack.yaml", problems);
        String id = text(n, "id");
        String version = text(n, "version");
        if (!ID.matcher(id).matches()) {
            problems.add("pack.yaml: id '" + id + "' must be lower-case letters, digits and hyphens");
        }
        if (!VERSION.matcher(version).matches()) {
            problems.add("pack.yaml: version '" + version + "' must be a semantic version such as 1.0.0");
        }
        String formula = text(n, "formula");
        if (!FORMULA_REF.matcher(formula).matches()) {
            problems.add("pack.yaml: formula '" + formula + "' must name a formula version as id@N, e.g. agent-security-score@1");
        }
        String scorer = text(n, "scorer");
        if (scorer.isEmpty()) {
            problems.add("pack.yaml: scorer is required (the scorer id this pack serves, e.g. agent-security-score)");
        }
        Map<String, String> data = new LinkedHashMap<>();
        JsonNode d = n.path("data");
        if (d.isObject()) {
            d.fields().forEachRemaining(e -> data.put(e.getKey(), e.getValue().asText()));
        } else if (!d.isMissingNode()) {
            problems.add("pack.yaml: data must map table names to files");
        }
        return new PackManifest(id, version, text(n, "title"), text(n, "description"), scorer, formula,
                text(n, "engine"), strings(n.path("extractors"), "pack.yaml: extractors", problems), data,
                regexList(n.path("redact"), "pack.yaml: redact", problems), components(n.path("components"), id, problems));
    }

    private static PackManifest.ComponentScoring components(JsonNode c, String selfId, List<String> problems) {
        if (c.isMissingNode() || c.isNull()) {
            return null;
        }
        if (!c.isObject()) {
            problems.add("pack.yaml: components must be a mapping {pack: id@version, max: N}");
            return null;
        }
        unknownKeys(c, Set.of("pack", "max"), "pack.yaml: components", problems);
        String ref = text(c, "pack");
        if (!PACK_REF.matcher(ref).matches()) {
            problems.add("pack.yaml: components.pack '" + ref + "' must pin a pack version as id@x.y.z");
        } else if (ref.substring(0, ref.indexOf('@')).equals(selfId)) {
            problems.add("pack.yaml: components.pack must name another pack, not this one");
        }
        JsonNode max = c.path("max");
        if (!max.isInt() || max.asInt() < 1 || max.asInt() > MAX_COMPONENTS) {
            problems.add("pack.yaml: components.max must be a whole number from 1 to " + MAX_COMPONENTS);
            return null;
        }
        return new PackManifest.ComponentScoring(ref, max.asInt());
    }

    private void readRules(PackFiles files, String path, List<RuleDefinition> out, List<String> problems) {
        JsonNode n = parse(files, path, problems);
        if (n == null) {
            return;
        }
        if (n.isObject() && n.has("rules")) {
            n = n.get("rules");
        }
        List<JsonNode> defs = new ArrayList<>();
        if (n.isArray()) {
            n.forEach(defs::add);
        } else {
            defs.add(n);
        }
        for (JsonNode r : defs) {
            RuleDefinition def = readRule(r, path, problems);
            if (def != null) {
                out.add(def);
            }
        }
    }

    private RuleDefinition readRule(JsonNode r, String path, List<String> problems) {
        if (!r.isObject()) {
            problems.add(path + ": each rule must be a mapping");
            return null;
        }
        String id = text(r, "id");
        String where = path + ": rule " + (id.isEmpty() ? "(no id)" : id);
        unknownKeys(r, RULE_KEYS, where, problems);
        if (!RULE_ID.matcher(id).matches()) {
            problems.add(where + ": id must be upper-case words joined by hyphens, e.g. ASS-NET-EXPOSED");
        }
        for (String required : List.of("title", "severity", "check", "remediation")) {
            if (text(r, required).isEmpty()) {
                problems.add(where + ": '" + required + "' is required");
            }
        }
        Severity severity = Severity.INFO;
        try {
            severity = Severity.parse(text(r, "severity"));
        } catch (IllegalArgumentException e) {
            problems.add(where + ": " + e.getMessage());
        }
        List<String> controls = strings(r.path("controls"), where + ": controls", problems);
        String codeContext = text(r, "codeContext");
        if (!codeContext.isEmpty() && !CODE_CONTEXTS.contains(codeContext)) {
            problems.add(where + ": codeContext '" + codeContext + "' must be one of "
                    + String.join(", ", new TreeSet<>(CODE_CONTEXTS)));
        }
        Detector detector = readDetector(r.path("detect"), where, problems);
        return new RuleDefinition(id, text(r, "title"), severity, text(r, "check"), text(r, "threatClass"),
                text(r, "capability"), controls, text(r, "remediation"), text(r, "message"),
                r.path("redact").asBoolean(false), codeContext, detector, path);
    }

    private Detector readDetector(JsonNode d, String where, List<String> problems) {
        if (!d.isObject() || d.size() != 1) {
            problems.add(where + ": 'detect' must hold exactly one of config, regex, fact or drl");
            return new Detector.Drl();
        }
        String kind = d.fieldNames().next();
        JsonNode body = d.get(kind);
        switch (kind) {
            case "drl":
                return new Detector.Drl();
            case "config": {
                unknownKeys(body, Set.of("documents", "when"), where + ": detect.config", problems);
                List<Term> when = terms(body.path("when"), where + ": detect.config.when", problems);
                if (when.isEmpty() || !when.get(0).positive()) {
                    problems.add(where + ": detect.config.when must start with a term that asserts a value (not missing/any/none)");
                }
                return new Detector.Config(strings(body.path("documents"), where + ": documents", problems), when);
            }
            case "regex": {
                unknownKeys(body, Set.of("roles", "files", "pattern", "ignoreCase", "exclude"), where + ": detect.regex", problems);
                String pattern = text(body, "pattern");
                checkRegex(pattern, where + ": detect.regex.pattern", problems);
                return new Detector.Regex(strings(body.path("roles"), where + ": roles", problems),
                        strings(body.path("files"), where + ": files", problems), pattern,
                        body.path("ignoreCase").asBoolean(false),
                        regexList(body.path("exclude"), where + ": detect.regex.exclude", problems));
            }
            case "fact": {
                unknownKeys(body, Set.of("type", "where", "sameFile", "notSameFile"), where + ": detect.fact", problems);
                String type = text(body, "type");
                List<Term> terms = terms(body.path("where"), where + ": detect.fact.where", problems);
                checkFields(type, terms, where + ": detect.fact", problems);
                return new Detector.FactPattern(type, terms, related(body.path("sameFile"), where, problems),
                        related(body.path("notSameFile"), where, problems));
            }
            default:
                problems.add(where + ": unknown detector '" + kind + "' (expected config, regex, fact or drl)");
                return new Detector.Drl();
        }
    }

    private List<Detector.Related> related(JsonNode n, String where, List<String> problems) {
        List<Detector.Related> out = new ArrayList<>();
        if (n.isMissingNode()) {
            return out;
        }
        if (!n.isArray()) {
            problems.add(where + ": sameFile/notSameFile must be a list of {type, where}");
            return out;
        }
        for (JsonNode r : n) {
            String type = text(r, "type");
            List<Term> terms = terms(r.path("where"), where + ": " + type, problems);
            checkFields(type, terms, where, problems);
            out.add(new Detector.Related(type, terms));
        }
        return out;
    }

    private void checkFields(String type, List<Term> terms, String where, List<String> problems) {
        var cls = FactTypes.byName(type);
        if (cls.isEmpty()) {
            problems.add(where + ": unknown fact type '" + type + "' (known: " + String.join(", ", FactTypes.names()) + ")");
            return;
        }
        for (Term t : flatten(terms)) {
            if (FactTypes.fieldType(cls.get(), t.subject()).isEmpty()) {
                problems.add(where + ": " + type + " has no field '" + t.subject() + "' (fields: "
                        + String.join(", ", FactTypes.fields(cls.get())) + ")");
            }
        }
    }

    static List<Term> flatten(List<Term> terms) {
        List<Term> out = new ArrayList<>();
        for (Term t : terms) {
            if (t.composite()) {
                out.addAll(flatten(t.parts()));
            } else {
                out.add(t);
            }
        }
        return out;
    }

    private List<Term> terms(JsonNode n, String where, List<String> problems) {
        List<Term> out = new ArrayList<>();
        if (!n.isArray()) {
            problems.add(where + ": expected a list of terms");
            return out;
        }
        for (JsonNode t : n) {
            Term term = term(t, where, problems);
            if (term != null) {
                out.add(term);
            }
        }
        return out;
    }

    private Term term(JsonNode t, String where, List<String> problems) {
        if (!t.isObject()) {
            problems.add(where + ": each term must be a mapping");
            return null;
        }
        if (t.has("any") || t.has("none")) {
            String op = t.has("any") ? "any" : "none";
            return new Term("", op, List.of(), false, terms(t.get(op), where + "." + op, problems), "");
        }
        String subject = t.has("path") ? text(t, "path") : text(t, "field");
        if (subject.isEmpty()) {
            problems.add(where + ": a term needs 'path' (config) or 'field' (fact)");
        }
        String operator = null;
        List<String> values = List.of();
        for (Iterator<String> it = t.fieldNames(); it.hasNext();) {
            String k = it.next();
            if (k.equals("path") || k.equals("field") || k.equals("ignoreCase") || k.equals("type")) {
                continue;
            }
            if (!Term.OPERATORS.contains(k)) {
                problems.add(where + ": unknown operator '" + k + "' (expected one of " + String.join(", ", Term.OPERATORS) + ")");
                continue;
            }
            if (operator != null) {
                problems.add(where + ": term on '" + subject + "' has more than one operator");
            }
            operator = k;
            JsonNode v = t.get(k);
            values = v.isArray() ? strings(v, where, problems) : List.of(v.asText());
        }
        if (operator == null) {
            problems.add(where + ": term on '" + subject + "' has no operator");
            return null;
        }
        if (operator.equals("matches") || operator.equals("notMatches") || operator.equals("anyMatches")) {
            for (String v : values) {
                checkRegex(v, where + ": " + operator, problems);
            }
        }
        if ((operator.equals("shorterThan") || operator.equals("longerThan")) && !values.get(0).matches("\\d{1,6}")) {
            problems.add(where + ": " + operator + " takes a whole number");
        }
        return new Term(subject, operator, values, t.path("ignoreCase").asBoolean(false), List.of(), text(t, "type"));
    }

    private void readDrl(PackFiles files, String path, Map<String, String> out, List<String> problems) {
        try {
            String text = new String(files.read(path), StandardCharsets.UTF_8);
            if (text.lines().anyMatch(l -> l.strip().startsWith("package "))) {
                problems.add(path + ": DRL in a pack must not declare a package; the engine assigns one per pack version");
            }
            out.put(path, text);
        } catch (IOException e) {
            problems.add(path + ": cannot read: " + e.getMessage());
        }
    }

    private List<DataRow> readData(PackFiles files, PackManifest manifest, List<String> problems) {
        List<DataRow> rows = new ArrayList<>();
        for (Map.Entry<String, String> table : manifest.data().entrySet()) {
            String path = table.getValue();
            if (!files.list().contains(path)) {
                problems.add("pack.yaml: data table '" + table.getKey() + "' names " + path + ", which is not in the pack");
                continue;
            }
            JsonNode n = parse(files, path, problems);
            if (n == null) {
                continue;
            }
            if (n.isObject() && n.has("rows")) {
                n = n.get("rows");
            }
            if (!n.isArray()) {
                problems.add(path + ": a data table is a list of mappings (or {rows: [...]})");
                continue;
            }
            int i = 0;
            for (JsonNode row : n) {
                if (!row.isObject()) {
                    problems.add(path + ": row " + i + " is not a mapping");
                    continue;
                }
                Map<String, String> fields = new TreeMap<>();
                row.fields().forEachRemaining(e -> fields.put(e.getKey(),
                        e.getValue().isValueNode() ? e.getValue().asText() : e.getValue().toString()));
                if (fields.containsKey(PATTERN_COLUMN)) {
                    // Rules match these through ctx.anyPattern; a bad one must fail the pack load, not a scan.
                    checkRegex(fields.get(PATTERN_COLUMN), path + ": row " + i + ": pattern", problems);
                }
                rows.add(new DataRow(table.getKey(), i++, fields));
            }
        }
        return rows;
    }

    private void checkRules(List<RuleDefinition> rules, List<DataRow> data, Map<String, String> drl, List<String> problems) {
        Set<String> seen = new TreeSet<>();
        Set<String> controls = new TreeSet<>();
        data.stream().filter(r -> r.table().equals("controls")).forEach(r -> controls.add(r.get("id")));
        String allDrl = String.join("\n", drl.values());
        for (RuleDefinition r : rules) {
            if (!seen.add(r.id())) {
                problems.add(r.source() + ": rule id " + r.id() + " is defined more than once in the pack");
            }
            if (!controls.isEmpty()) {
                for (String c : r.controls()) {
                    if (!controls.contains(c)) {
                        problems.add(r.source() + ": rule " + r.id() + ": unknown control '" + c + "' (not in the pack's controls table)");
                    }
                }
            }
            if (r.detector() instanceof Detector.Drl && !allDrl.contains("\"" + r.id() + "\"")) {
                problems.add(r.source() + ": rule " + r.id() + " says detect: drl but no DRL file of the pack mentions \"" + r.id() + "\"");
            }
        }
    }

    private static void checkRegex(String pattern, String where, List<String> problems) {
        if (pattern == null || pattern.isEmpty()) {
            problems.add(where + ": empty pattern");
            return;
        }
        try {
            com.google.re2j.Pattern.compile(pattern);
        } catch (PatternSyntaxException e) {
            problems.add(where + ": not a valid RE2 pattern (no backreferences or lookaround): " + oneLine(e.getMessage()));
        }
    }

    private List<String> regexList(JsonNode n, String where, List<String> problems) {
        List<String> out = strings(n, where, problems);
        out.forEach(p -> checkRegex(p, where, problems));
        return out;
    }

    private static List<String> strings(JsonNode n, String where, List<String> problems) {
        List<String> out = new ArrayList<>();
        if (n == null || n.isMissingNode() || n.isNull()) {
            return out;
        }
        if (!n.isArray()) {
            problems.add(where + ": expected a list");
            return out;
        }
        n.forEach(v -> out.add(v.asText()));
        return out;
    }

    private static void unknownKeys(JsonNode n, Set<String> allowed, String where, List<String> problems) {
        if (!n.isObject()) {
            return;
        }
        n.fieldNames().forEachRemaining(k -> {
            if (!allowed.contains(k)) {
                problems.add(where + ": unknown key '" + k + "' (allowed: " + String.join(", ", new TreeSet<>(allowed)) + ")");
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
