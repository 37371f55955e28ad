package dev.assay.engine.authoring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.assay.engine.formula.Formula;
import dev.assay.engine.formula.FormulaException;
import dev.assay.engine.pack.FactTypes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class SchemasTest {

    static final Path DOCS = Path.of("..", "docs", "schemas");

    @Test
    void docsHoldTheShippedSchemas() throws Exception {
        List<String> stale = new ArrayList<>();
        for (Schemas.Kind k : Schemas.Kind.values()) {
            String problem = Regenerate.check(DOCS.resolve(k.fileName()), Schemas.bytes(k));
            if (problem != null) {
                stale.add(problem);
            }
        }
        assertTrue(stale.isEmpty(), String.join("\n", stale));
    }

    @Test
    void shippedContentValidates() throws Exception {
        List<String> problems = new ArrayList<>();
        try (Stream<Path> s = Files.walk(Path.of("..", "rulepacks", "agent-security", "1.0.0"))) {
            for (Path p : s.filter(Files::isRegularFile).sorted().toList()) {
                String rel = p.toString().replace('\\', '/');
                Schemas.Kind kind = rel.endsWith("/pack.yaml") ? Schemas.Kind.PACK
                        : rel.contains("/rules/") && rel.endsWith(".yaml") ? Schemas.Kind.RULES
                        : rel.endsWith("/expect.yaml") ? Schemas.Kind.TEST_CASE : null;
                if (kind != null) {
                    Schemas.validate(kind, rel, Files.readAllBytes(p)).forEach(x -> problems.add(x.render()));
                }
            }
        }
        for (String spec : List.of("agent-security-score/v1.yaml", "skilltotal/v1.yaml")) {
            Path p = Path.of("..", "formula-specs").resolve(spec);
            Schemas.validate(Schemas.Kind.FORMULA, spec, Files.readAllBytes(p)).forEach(x -> problems.add(x.render()));
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    /** The schema and the interpreter must agree: what one refuses, the other refuses too. */
    @Test
    void formulaSchemaAgreesWithTheParser() throws Exception {
        String spec = Files.readString(Path.of("..", "formula-specs", "agent-security-score", "v1.yaml"));
        List<String[]> mutations = List.of(
                new String[] {"kind: findings", "kind: findigns"},
                new String[] {"direction: subtract", "direction: down"},
                new String[] {"  info: 0\n", ""},
                new String[] {"  low: 1", "  low: -1"},
                new String[] {"aggregate: per-finding", "aggregate: per-thing"},
                new String[] {"round: {decimals: 0, mode: half-up}", "round: {decimals: 9, mode: half-up}"},
                new String[] {"round: {decimals: 0, mode: half-up}", "round: {decimals: 0, mode: ceiling}"},
                new String[] {"  - when: {anySeverity: [critical]}\n    max: 40", "  - when: {scoreAtLeast: 10}\n    max: 40"},
                new String[] {"      met: no critical finding", "      met: no {critical} finding"},
                new String[] {"version: 1", "version: 0"},
                new String[] {"clamp: {min: 0, max: 100}", "clamp: {min: 0, max: 100, step: 1}"},
                new String[] {"start: 100", "start: lots"},
                new String[] {"  - {level: weak, min: 41, max: 69}", "  - {level: Weak, min: 41, max: 69}"});
        for (String[] m : mutations) {
            assertTrue(spec.contains(m[0]), "mutation does not apply: " + m[0]);
            byte[] bytes = spec.replace(m[0], m[1]).getBytes(StandardCharsets.UTF_8);
            try {
                Formula.parse("v1.yaml", bytes);
                fail("the parser accepts " + m[1]);
            } catch (FormulaException expected) {
                // refused, as it must be
            }
            List<Problem> problems = Schemas.validate(Schemas.Kind.FORMULA, "v1.yaml", bytes);
            assertTrue(!problems.isEmpty(), "the schema accepts what the parser refuses: " + m[1]);
            assertTrue(problems.get(0).line() > 0, problems.toString());
        }
    }

    /** The facts-case schema lists, per fact type, exactly the fields of the fact record. */
    @Test
    void factsCaseSchemaMatchesTheFactRecords() throws Exception {
        JsonNode schema = new ObjectMapper().readTree(Schemas.bytes(Schemas.Kind.FACTS_CASE));
        JsonNode branches = schema.path("$defs").path("fact").path("allOf");
        TreeSet<String> covered = new TreeSet<>();
        for (JsonNode b : branches) {
            String type = b.path("if").path("properties").path("type").path("const").asText();
            covered.add(type);
            TreeSet<String> inSchema = new TreeSet<>();
            b.path("then").path("properties").fieldNames().forEachRemaining(inSchema::add);
            inSchema.remove("type");
            TreeSet<String> inRecord = new TreeSet<>();
            for (var c : FactTypes.byName(type).orElseThrow().getRecordComponents()) {
                inRecord.add(type.endsWith("ConfigValue") && c.getName().equals("type") ? "valueType" : c.getName());
            }
            assertEquals(inRecord, inSchema, type);
        }
        assertEquals(new TreeSet<>(FactBuilder.typeNames()), covered,
                "every fact type but Detection needs a branch in facts-case.schema.json");
        TreeSet<String> ruleTypes = new TreeSet<>();
        new ObjectMapper().readTree(Schemas.bytes(Schemas.Kind.RULES)).path("$defs").path("factType").path("enum")
                .forEach(t -> ruleTypes.add(t.asText()));
        assertEquals(new TreeSet<>(FactTypes.names()), ruleTypes, "rules.schema.json's factType must list every fact type");
    }

    @Test
    void messagesCarryTheLineOfTheMistake() {
        String yaml = "id: demo\nversion: 1.0\nscorer: s\nformula: nope\ncolour: red\n";
        List<String> out = Schemas.validate(Schemas.Kind.PACK, "pack.yaml", yaml.getBytes(StandardCharsets.UTF_8))
                .stream().map(Problem::render).toList();
        assertEquals(List.of(
                "pack.yaml:2: version: expected a text, found 1.0 (a semantic version such as 1.0.0, quoted if YAML would "
                        + "read it as a number; released versions are never edited)",
                "pack.yaml:4: formula: 'nope' does not have the required form (the formula version the pack feeds, as id@N, "
                        + "e.g. agent-security-score@1)",
                "pack.yaml:5: (top level): unknown key 'colour' (remove it or use one of components, configScope, data, description, "
                        + "engine, extractors, formula, id, inlineSuppressions, nothingFound, redact, scorer, title, version)"), out);
    }

    @Test
    void notYamlIsOneProblemAtItsLine() {
        List<Problem> out = Schemas.validate(Schemas.Kind.RULES, "rules/x.yaml",
                "rules:\n  - id: A\n    title: [oops\n".getBytes(StandardCharsets.UTF_8));
        assertEquals(1, out.size());
        assertTrue(out.get(0).line() >= 3, out.toString());
        assertTrue(out.get(0).message().startsWith("not valid YAML"), out.toString());
    }

    @Test
    void ruleProblemsNameTheirRule() {
        List<Problem> out = Schemas.validate(Schemas.Kind.RULES, "rules/x.yaml", """
                - id: ONE
                  title: t
                  severity: low
                  check: c
                  remediation: r
                  detect: {drl: true}
                - id: TWO
                  title: t
                  severity: low
                  check: c
                  remediation: r
                  detect: {drl: false}
                """.getBytes(StandardCharsets.UTF_8));
        assertEquals(1, out.size(), out.toString());
        assertEquals("TWO", out.get(0).ruleId());
        assertEquals(12, out.get(0).line());
        assertNull(null);
    }
}
