package dev.assay.engine.authoring;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.engine.fact.Fact;
import dev.assay.engine.pack.LocatedYaml;
import dev.assay.engine.pack.PackFiles;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Every rule test a pack version holds, read from its files only: the fixture cases under {@code tests/cases/},
 * the inline annotations of their targets, and the facts cases {@code tests/facts/*.yaml}. {@code problems} lists the
 * test files that are malformed (each located), so that neither lint nor test silently skips a test.
 */
public record PackTests(List<FixtureCase> cases, List<FactsCase> factsCases, List<Problem> problems) {

    public static final String CASES = "tests/cases/";
    public static final String FACTS = "tests/facts/";

    public PackTests {
        cases = List.copyOf(cases);
        factsCases = List.copyOf(factsCases);
        problems = List.copyOf(problems);
    }

    /** Every expectation of every case, fixture and facts alike. */
    public List<Expectation> expectations() {
        List<Expectation> out = new ArrayList<>();
        cases.forEach(c -> out.addAll(c.expectations()));
        factsCases.forEach(c -> out.addAll(c.expectations()));
        return out;
    }

    /** Expectations that name a rule the pack does not define, one problem each. */
    public List<Problem> unknownRules(Set<String> ruleIds) {
        List<Problem> out = new ArrayList<>();
        for (Expectation e : expectations()) {
            if (!ruleIds.contains(e.ruleId())) {
                out.add(new Problem(e.file(), e.line(), e.ruleId(), "names rule " + e.ruleId()
                        + ", which this pack does not define", "correct the id or remove the expectation"));
            }
        }
        return out;
    }

    public static PackTests read(PackFiles files) {
        List<Problem> problems = new ArrayList<>();
        Map<String, List<String>> caseFiles = new TreeMap<>();
        List<String> factsFiles = new ArrayList<>();
        for (String path : files.list()) {
            if (path.startsWith(CASES)) {
                String rest = path.substring(CASES.length());
                int slash = rest.indexOf('/');
                if (slash <= 0) {
                    problems.add(new Problem(path, 0, "", "a file directly in tests/cases/",
                            "put each case in its own folder: tests/cases/<case>/target/ and expect.yaml"));
                    continue;
                }
                caseFiles.computeIfAbsent(rest.substring(0, slash), k -> new ArrayList<>()).add(path);
            } else if (path.startsWith(FACTS)) {
                if ((path.endsWith(".yaml") || path.endsWith(".yml")) && path.indexOf('/', FACTS.length()) < 0) {
                    factsFiles.add(path);
                } else {
                    problems.add(new Problem(path, 0, "", "not a facts case",
                            "facts cases are YAML files directly in tests/facts/, e.g. tests/facts/open-gateway.yaml"));
                }
            }
        }
        List<FixtureCase> cases = new ArrayList<>();
        for (Map.Entry<String, List<String>> e : caseFiles.entrySet()) {
            FixtureCase c = readCase(files, e.getKey(), e.getValue(), problems);
            if (c != null) {
                cases.add(c);
            }
        }
        List<FactsCase> facts = new ArrayList<>();
        for (String f : factsFiles) {
            FactsCase c = readFacts(files, f, problems);
            if (c != null) {
                facts.add(c);
            }
        }
        problems.sort(null);
        return new PackTests(cases, facts, problems);
    }

    private static FixtureCase readCase(PackFiles files, String name, List<String> paths, List<Problem> problems) {
        String folder = CASES + name;
        String expect = folder + "/expect.yaml";
        String targetPrefix = folder + "/target/";
        List<String> target = paths.stream().filter(p -> p.startsWith(targetPrefix)).sorted().toList();
        for (String p : paths) {
            if (!p.startsWith(targetPrefix) && !p.equals(expect) && !p.endsWith(".md")) {
                problems.add(new Problem(p, 0, "", "not part of the case",
                        "a case holds expect.yaml and a target/ folder; fixture files go under target/"));
            }
        }
        if (target.isEmpty()) {
            problems.add(new Problem(paths.contains(expect) ? expect : folder, 0, "", "case " + name + " has no target/ folder",
                    "put the files to scan under " + targetPrefix + " (check that .gitignore does not drop target/ folders)"));
            return null;
        }
        List<Expectation> expectations = new ArrayList<>();
        Map<String, String> modes = new TreeMap<>();
        Map<String, Integer> lines = new HashMap<>();
        BigDecimal score = null;
        String level = null;
        Boolean attestation = null;
        String expectFile = "";
        if (paths.contains(expect)) {
            expectFile = expect;
            LocatedYaml doc = parse(files, expect, problems);
            if (doc != null) {
                List<Problem> schema = Schemas.validate(Schemas.Kind.TEST_CASE, expect, doc);
                problems.addAll(schema);
                JsonNode root = doc.root();
                if (schema.isEmpty() && root.isObject()) {
                    expectations.addAll(ids(doc, root, "ruleid", true, expect));
                    expectations.addAll(ids(doc, root, "ok", false, expect));
                    expectations.addAll(reviewIds(doc, root, expect));
                    JsonNode m = root.path("modes");
                    for (var it = m.properties().iterator(); it.hasNext();) {
                        var entry = it.next();
                        String rel = entry.getKey();
                        int line = doc.line(m, rel);
                        if (!target.contains(targetPrefix + rel) && target.stream().noneMatch(t -> t.startsWith(targetPrefix + rel + "/"))) {
                            problems.add(new Problem(expect, line, "", "modes names " + rel + ", which is not in " + targetPrefix,
                                    "use a path relative to the target folder, e.g. credentials/oauth.json"));
                            continue;
                        }
                        modes.put(rel, entry.getValue().asText());
                        lines.put("modes:" + rel, line);
                    }
                    if (root.has("score")) {
                        score = root.get("score").decimalValue();
                        lines.put("score", doc.line(root, "score"));
                    }
                    if (root.has("level")) {
                        level = root.get("level").asText();
                        lines.put("level", doc.line(root, "level"));
                    }
                    if (root.has("attestation")) {
                        attestation = root.get("attestation").asBoolean();
                        lines.put("attestation", doc.line(root, "attestation"));
                    }
                }
            }
        }
        for (String t : target) {
            try {
                Annotations.Scan scan = Annotations.read(t,
                        FixtureCase.restoreNames(t.substring(targetPrefix.length())), files.read(t));
                expectations.addAll(scan.expectations());
                problems.addAll(scan.problems());
            } catch (IOException e) {
                problems.add(new Problem(t, 0, "", "cannot read: " + e.getMessage(), ""));
            }
        }
        if (expectations.isEmpty() && score == null && level == null && attestation == null) {
            problems.add(new Problem(expectFile.isEmpty() ? folder : expectFile, 0, "", "case " + name + " expects nothing",
                    "list rule ids under ruleid: / ok: in " + expect + ", or annotate fixture lines with '# ruleid: ID'"));
        }
        return new FixtureCase(name, folder, expectFile, expectations, modes, score, level, attestation, lines, target);
    }

    private static List<Expectation> ids(LocatedYaml doc, JsonNode root, String key, boolean mustFire, String file) {
        List<Expectation> out = new ArrayList<>();
        JsonNode list = root.path(key);
        for (int i = 0; i < list.size(); i++) {
            out.add(new Expectation(list.get(i).asText(), mustFire, file, doc.line(list, i), "", 0));
        }
        return out;
    }

    /** {@code review:} ids: must fire, as needs-review only. */
    private static List<Expectation> reviewIds(LocatedYaml doc, JsonNode root, String file) {
        List<Expectation> out = new ArrayList<>();
        JsonNode list = root.path("review");
        for (int i = 0; i < list.size(); i++) {
            out.add(new Expectation(list.get(i).asText(), true, file, doc.line(list, i), "", 0, true));
        }
        return out;
    }

    private static FactsCase readFacts(PackFiles files, String path, List<Problem> problems) {
        LocatedYaml doc = parse(files, path, problems);
        if (doc == null) {
            return null;
        }
        List<Problem> schema = Schemas.validate(Schemas.Kind.FACTS_CASE, path, doc);
        problems.addAll(schema);
        if (!schema.isEmpty()) {
            return null;
        }
        JsonNode root = doc.root();
        List<Fact> facts = new ArrayList<>();
        JsonNode list = root.path("facts");
        boolean ok = true;
        for (int i = 0; i < list.size(); i++) {
            Fact f = FactBuilder.build(list.get(i), path, doc.line(list, i), problems);
            ok &= f != null;
            if (f != null) {
                facts.add(f);
            }
        }
        List<Expectation> expectations = new ArrayList<>();
        expectations.addAll(ids(doc, root.path("expect"), "ruleid", true, path));
        expectations.addAll(ids(doc, root.path("expect"), "ok", false, path));
        expectations.addAll(reviewIds(doc, root.path("expect"), path));
        return ok ? new FactsCase(path, facts, expectations) : null;
    }

    private static LocatedYaml parse(PackFiles files, String path, List<Problem> problems) {
        try {
            LocatedYaml doc = LocatedYaml.parse(files.read(path));
            if (doc.root().isMissingNode()) {
                problems.add(new Problem(path, 0, "", "empty file", "give it content or delete it"));
                return null;
            }
            return doc;
        } catch (LocatedYaml.SyntaxError e) {
            problems.add(new Problem(path, e.line(), "", "not valid YAML: " + e.getMessage(), "fix the YAML syntax on that line"));
            return null;
        } catch (IOException e) {
            problems.add(new Problem(path, 0, "", "cannot read: " + e.getMessage(), ""));
            return null;
        }
    }

    /**
     * The rule ids that have at least one must-fire test (needs-review ones included) or, with {@code mustFire} false,
     * at least one must-not-fire test, sorted.
     */
    Set<String> covered(boolean mustFire) {
        Set<String> out = new TreeSet<>();
        for (Expectation e : expectations()) {
            if (e.mustFire() == mustFire) {
                out.add(e.ruleId());
            }
        }
        return out;
    }
}
