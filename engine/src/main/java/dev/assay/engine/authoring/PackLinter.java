package dev.assay.engine.authoring;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.engine.pack.DirectoryPackFiles;
import dev.assay.engine.pack.DrlGenerator;
import dev.assay.engine.pack.LocatedYaml;
import dev.assay.engine.pack.PackCompiler;
import dev.assay.engine.pack.PackException;
import dev.assay.engine.pack.PackFiles;
import dev.assay.engine.pack.PackLoader;
import dev.assay.engine.pack.PackProblem;
import dev.assay.engine.pack.RuleDefinition;
import dev.assay.engine.pack.RulePack;
import dev.assay.engine.pack.ShippedPackIndex;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks a pack version folder the way a reviewer would, without running it: every file against its JSON Schema;
 * everything {@link PackLoader} checks (ids, unique ids, severities, controls known to the pack's controls table,
 * detectors, regular expressions, data tables that parse); the DRL compiles; DRL builds detections only for rules the
 * YAML defines; data files are all named in pack.yaml; the folder is laid out {@code <id>/<version>/}; every rule has a
 * test where it must fire and one where it must not; the test files are well formed and name known rules; and a
 * version whose content differs from a released one carries a new version number.
 *
 * <p>"Released" is read from two places: the {@code released.yaml} beside the version folders
 * ({@link ReleasedVersions}), and the shipped-pack index on the class path (a folder with the id and version of a
 * shipped pack but other content). Every problem names a file and a line of the pack and says what to do.
 */
public final class PackLinter {

    private static final Pattern CTX_CALL = Pattern.compile("ctx\\s*\\.\\s*(finding|derive|fromFact|fromConfig)\\s*\\(\\s*\"([^\"]*)\"");
    private static final Pattern GENERATED_RULE = Pattern.compile("^rule \"([A-Z0-9-]+) \\[([^\\]]+)]\"");

    private final ShippedPackIndex shipped;

    /** A linter that knows the packs shipped on this library's class path. */
    public PackLinter() {
        ShippedPackIndex index;
        try {
            index = ShippedPackIndex.read(PackLinter.class.getClassLoader());
        } catch (PackException e) {
            index = new ShippedPackIndex(List.of());
        }
        this.shipped = index;
    }

    /** A linter comparing versions with the given shipped-pack index. */
    public PackLinter(ShippedPackIndex shipped) {
        this.shipped = shipped;
    }

    public LintResult lint(Path packVersionDir) {
        List<Problem> problems = new ArrayList<>();
        PackFiles files;
        try {
            files = DirectoryPackFiles.open(packVersionDir);
        } catch (PackException e) {
            return new LintResult(packVersionDir, PackTester.located(e));
        }
        List<Problem> schema = schemaProblems(files);
        problems.addAll(schema);
        RulePack pack = null;
        try {
            pack = new PackLoader().load(files);
        } catch (PackException e) {
            problems.addAll(withoutSchemaDuplicates(e.details(), schema));
        }
        PackTests tests = PackTests.read(files);
        problems.addAll(tests.problems());
        if (pack != null) {
            Map<String, Problem> ruleAt = ruleLocations(files, pack);
            compile(pack, problems);
            drlReferences(pack, problems);
            messages(pack, ruleAt, problems);
            drlParameters(pack, problems);
            Set<String> ids = new TreeSet<>();
            pack.rules().forEach(r -> ids.add(r.id()));
            problems.addAll(tests.unknownRules(ids));
            coverage(pack, tests, ruleAt, problems);
            strayData(files, pack, problems);
            layout(packVersionDir, files, pack, problems);
            released(packVersionDir, files, pack, problems);
        }
        return new LintResult(packVersionDir, problems);
    }

    private static List<Problem> schemaProblems(PackFiles files) {
        List<Problem> out = new ArrayList<>();
        for (String path : files.list()) {
            Schemas.Kind kind = null;
            if (path.equals("pack.yaml")) {
                kind = Schemas.Kind.PACK;
            } else if (path.startsWith("rules/") && (path.endsWith(".yaml") || path.endsWith(".yml"))) {
                kind = Schemas.Kind.RULES;
            }
            if (kind == null) {
                continue;
            }
            try {
                out.addAll(Schemas.validate(kind, path, files.read(path)));
            } catch (IOException e) {
                out.add(new Problem(path, 0, "", "cannot read: " + e.getMessage(), ""));
            }
        }
        return out;
    }

    /** The loader's problems, less those on a line the schema already reported (the same mistake, said twice). */
    private static List<Problem> withoutSchemaDuplicates(List<PackProblem> loader, List<Problem> schema) {
        Set<String> seen = new HashSet<>();
        schema.forEach(p -> seen.add(p.file() + ":" + p.line()));
        List<Problem> out = new ArrayList<>();
        for (PackProblem p : loader) {
            if (p.line() > 0 && seen.contains(p.file() + ":" + p.line())) {
                continue;
            }
            out.add(Problem.of(p));
        }
        return out;
    }

    private static void compile(RulePack pack, List<Problem> problems) {
        try {
            PackCompiler.compile(pack);
        } catch (PackException e) {
            String generated = DrlGenerator.sources(pack).get(DrlGenerator.GENERATED);
            for (PackProblem p : e.details()) {
                if (p.file().equals(DrlGenerator.GENERATED)) {
                    problems.add(generatedProblem(generated, p));
                } else {
                    problems.add(new Problem(p.file(), p.line(), p.ruleId(), "DRL does not compile: " + p.message(),
                            "fix the DRL at this line"));
                }
            }
        }
    }

    /** A compile error in the DRL generated from a declarative rule, pointed back at the rule's YAML file. */
    private static Problem generatedProblem(String generated, PackProblem p) {
        String ruleId = "";
        String source = "";
        List<String> lines = generated == null ? List.of() : generated.lines().toList();
        for (int i = Math.min(p.line(), lines.size()) - 1; i >= 0; i--) {
            Matcher m = GENERATED_RULE.matcher(lines.get(i));
            if (m.find()) {
                ruleId = m.group(1);
                source = m.group(2);
                break;
            }
        }
        if (source.isEmpty()) {
            return new Problem(DrlGenerator.GENERATED, p.line(), "", "generated DRL does not compile: " + p.message(),
                    "a declarative rule produced DRL the compiler rejects; simplify its detector");
        }
        return new Problem(source, 0, ruleId, "rule " + ruleId + ": its detector does not compile: " + p.message(),
                "simplify the detector's terms or values, or write the rule in DRL");
    }

    /** DRL that builds a detection of a rule the YAML does not define fails at scan time; say so now. */
    private static void drlReferences(RulePack pack, List<Problem> problems) {
        Set<String> ids = new HashSet<>();
        pack.rules().forEach(r -> ids.add(r.id()));
        for (Map.Entry<String, String> src : pack.drlSources().entrySet()) {
            List<String> lines = src.getValue().lines().toList();
            for (int i = 0; i < lines.size(); i++) {
                Matcher m = CTX_CALL.matcher(lines.get(i));
                while (m.find()) {
                    if (!ids.contains(m.group(2))) {
                        problems.add(new Problem(src.getKey(), i + 1, m.group(2), "ctx." + m.group(1) + " names rule '"
                                + m.group(2) + "', which no rule YAML of the pack defines",
                                "define the rule's metadata in rules/*.yaml with detect: {drl: true}, or correct the id"));
                    }
                }
            }
        }
    }

    /** A finding without a message names nothing it found; every rule says what it saw, in its own words. */
    private static void messages(RulePack pack, Map<String, Problem> ruleAt, List<Problem> problems) {
        for (RuleDefinition r : pack.rules()) {
            if (r.message().isBlank()) {
                Problem at = ruleAt.getOrDefault(r.id(), new Problem(r.source(), 0, r.id(), "", ""));
                problems.add(new Problem(at.file(), at.line(), r.id(), "rule " + r.id()
                        + " has no message, so its findings do not say what was found",
                        "add message: naming what fired, e.g. \"{path} is {value}\" for a config rule or the "
                                + "parameters its DRL passes"));
            }
        }
    }

    /**
     * A parameter that DRL passes in {@code Map.of(...)} to {@code ctx.finding} or {@code ctx.derive} but that neither the
     * rule's message nor its details templates name is computed and then lost; say so, so that it reaches the report.
     */
    private static void drlParameters(RulePack pack, List<Problem> problems) {
        Map<String, RuleDefinition> rules = new TreeMap<>();
        pack.rules().forEach(r -> rules.put(r.id(), r));
        for (Map.Entry<String, String> src : pack.drlSources().entrySet()) {
            String text = src.getValue();
            Matcher m = CTX_CALL.matcher(text);
            while (m.find()) {
                RuleDefinition r = rules.get(m.group(2));
                if (r == null || !(m.group(1).equals("finding") || m.group(1).equals("derive"))) {
                    continue;
                }
                List<String> args = arguments(text, text.lastIndexOf('(', m.end()));
                String last = args.isEmpty() ? "" : args.get(args.size() - 1).strip();
                if (!last.startsWith("Map.of(")) {
                    continue;
                }
                Set<String> used = new TreeSet<>(dev.assay.engine.rules.RuleContext.placeholders(r.message()));
                r.details().values().forEach(t -> used.addAll(dev.assay.engine.rules.RuleContext.placeholders(t)));
                List<String> pairs = arguments(last, last.indexOf('('));
                for (int i = 0; i + 1 < pairs.size(); i += 2) {
                    String key = pairs.get(i).strip();
                    if (key.length() >= 2 && key.startsWith("\"") && key.endsWith("\"")) {
                        key = key.substring(1, key.length() - 1);
                        if (!used.contains(key)) {
                            int line = (int) text.substring(0, m.start()).chars().filter(c -> c == '\n').count() + 1;
                            problems.add(new Problem(src.getKey(), line, r.id(), "ctx." + m.group(1) + " passes parameter '"
                                    + key + "' to rule " + r.id() + ", but neither its message nor its details use it",
                                    "name {" + key + "} in the rule's message or details, or stop passing it"));
                        }
                    }
                }
            }
        }
    }

    /**
     * The top-level arguments of the call whose '(' is at {@code open}: split at commas outside parentheses, brackets
     * and string literals. Enough for the simple argument lists rules pass; an unbalanced call gives what it has.
     */
    static List<String> arguments(String text, int open) {
        List<String> out = new ArrayList<>();
        if (open < 0 || open >= text.length() || text.charAt(open) != '(') {
            return out;
        }
        int depth = 0;
        boolean inString = false;
        StringBuilder cur = new StringBuilder();
        for (int i = open + 1; i < text.length(); i++) {
            char c = text.charAt(i);
            if (inString) {
                cur.append(c);
                if (c == '\\' && i + 1 < text.length()) {
                    cur.append(text.charAt(++i));
                } else if (c == '"') {
                    inString = false;
                }
                continue;
            }
            if (c == '"') {
                inString = true;
            } else if (c == '(' || c == '[' || c == '{') {
                depth++;
            } else if (c == ')' || c == ']' || c == '}') {
                if (depth == 0) {
                    if (!cur.toString().isBlank()) {
                        out.add(cur.toString());
                    }
                    return out;
                }
                depth--;
            } else if (c == ',' && depth == 0) {
                out.add(cur.toString());
                cur.setLength(0);
                continue;
            }
            cur.append(c);
        }
        return out;
    }

    private static void coverage(RulePack pack, PackTests tests, Map<String, Problem> ruleAt, List<Problem> problems) {
        Set<String> fire = tests.covered(true);
        Set<String> quiet = tests.covered(false);
        for (RuleDefinition r : pack.rules()) {
            Problem at = ruleAt.getOrDefault(r.id(), new Problem(r.source(), 0, r.id(), "", ""));
            if (!fire.contains(r.id())) {
                problems.add(new Problem(at.file(), at.line(), r.id(), "rule " + r.id() + " has no test where it must fire",
                        "add it to the ruleid: list of a tests/cases/<case>/expect.yaml, annotate a fixture line with "
                                + "'# ruleid: " + r.id() + "', or add a tests/facts/*.yaml case"));
            }
            if (!quiet.contains(r.id())) {
                problems.add(new Problem(at.file(), at.line(), r.id(), "rule " + r.id()
                        + " has no test where it must not fire",
                        "add it to the ok: list of a case whose target is safe, or annotate a fixture line with '# ok: "
                                + r.id() + "'"));
            }
        }
    }

    /** Where each rule's mapping starts, from its YAML file. */
    private static Map<String, Problem> ruleLocations(PackFiles files, RulePack pack) {
        Map<String, Problem> out = new TreeMap<>();
        Set<String> sources = new TreeSet<>();
        pack.rules().forEach(r -> sources.add(r.source()));
        for (String path : sources) {
            try {
                LocatedYaml doc = LocatedYaml.parse(files.read(path));
                JsonNode root = doc.root();
                JsonNode list = root.isObject() && root.has("rules") ? root.get("rules") : root;
                if (list.isArray()) {
                    for (int i = 0; i < list.size(); i++) {
                        String id = list.get(i).path("id").asText("");
                        out.putIfAbsent(id, new Problem(path, doc.line(list, i), id, "", ""));
                    }
                } else {
                    String id = list.path("id").asText("");
                    out.putIfAbsent(id, new Problem(path, Math.max(1, doc.line(list, "id")), id, "", ""));
                }
            } catch (IOException | LocatedYaml.SyntaxError e) {
                // the loader accepted the file moments ago; without locations the problems fall back to line 0
            }
        }
        return out;
    }

    private static void strayData(PackFiles files, RulePack pack, List<Problem> problems) {
        Set<String> named = new HashSet<>(pack.manifest().data().values());
        for (String path : files.list()) {
            if (path.startsWith("data/") && (path.endsWith(".yaml") || path.endsWith(".yml") || path.endsWith(".json"))
                    && !named.contains(path)) {
                problems.add(new Problem(path, 0, "", "data file not named in pack.yaml, so no rule sees it",
                        "add it under data: in pack.yaml (name: " + path + ") or delete it"));
            }
        }
    }

    private static void layout(Path dir, PackFiles files, RulePack pack, List<Problem> problems) {
        Path abs = dir.toAbsolutePath().normalize();
        String version = pack.manifest().version();
        int versionLine = manifestLine(files, "version");
        if (abs.getFileName() != null && !abs.getFileName().toString().equals(version)) {
            problems.add(new Problem("pack.yaml", versionLine, "", "pack.yaml says version " + version
                    + " but the folder is named " + abs.getFileName(),
                    "keep each version in a folder named after it: <id>/" + version + "/"));
        }
        Path parent = abs.getParent();
        if (parent != null && parent.getFileName() != null && !parent.getFileName().toString().equals(pack.manifest().id())) {
            problems.add(new Problem("pack.yaml", manifestLine(files, "id"), "", "pack.yaml says id " + pack.manifest().id()
                    + " but the version folder is in " + parent.getFileName(),
                    "keep versions under a folder named after the pack: " + pack.manifest().id() + "/" + version + "/"));
        }
    }

    private void released(Path dir, PackFiles files, RulePack pack, List<Problem> problems) {
        String version = pack.manifest().version();
        int versionLine = manifestLine(files, "version");
        ReleasedVersions record = ReleasedVersions.read(dir, problems);
        String releasedHash = record.hashes().get(version);
        if (releasedHash != null && !releasedHash.equals(pack.rulesHash())) {
            problems.add(new Problem("pack.yaml", versionLine, "", "version " + version + " was released with rulesHash "
                    + releasedHash + " (" + "../" + ReleasedVersions.FILE + ":" + record.lines().get(version)
                    + ") but this folder now hashes to " + pack.rulesHash(),
                    "a released version is never edited: put the change in a new version folder with a higher version "
                            + "(e.g. " + nextPatch(version) + ")"));
        }
        for (ShippedPackIndex.Entry e : shipped.packs()) {
            if (e.id().equals(pack.manifest().id()) && e.version().equals(version) && !e.rulesHash().equals(pack.rulesHash())) {
                problems.add(new Problem("pack.yaml", versionLine, "", e.ref() + " is shipped with rulesHash " + e.rulesHash()
                        + " but this folder hashes to " + pack.rulesHash(),
                        "a released version is never edited: give the changed content a new version (e.g. "
                                + nextPatch(version) + ") in a folder of its own"));
            }
        }
    }

    private static String nextPatch(String version) {
        String[] p = version.split("\\.");
        if (p.length != 3 || !p[2].matches("\\d{1,6}")) {
            return "a higher version";
        }
        return p[0] + "." + p[1] + "." + (Integer.parseInt(p[2]) + 1);
    }

    private static int manifestLine(PackFiles files, String key) {
        try {
            LocatedYaml doc = LocatedYaml.parse(files.read("pack.yaml"));
            return doc.line(doc.root(), key);
        } catch (IOException | LocatedYaml.SyntaxError e) {
            return 0;
        }
    }
}
