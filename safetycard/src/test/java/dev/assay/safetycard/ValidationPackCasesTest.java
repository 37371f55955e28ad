package dev.assay.safetycard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.assay.engine.fact.ConfigValue;
import dev.assay.engine.model.Severity;
import dev.assay.engine.pack.RuleDefinition;
import dev.assay.safetycard.read.ScorecardDocument;
import dev.assay.safetycard.validate.Validation;
import dev.assay.safetycard.validate.Violation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The safetycard-validation pack's tests, end to end: each facts case of the pack
 * ({@code tests/facts/NAME.yaml}) states the facts of a fixture scorecard ({@code validation/NAME.json} here). This
 * test reads the fixture with the real reader, checks that it yields exactly the stated facts (so the pack's tests
 * stay true to what the reader makes), validates it and checks the case's {@code ruleid} and {@code ok} lists. After
 * changing a fixture, run with {@code -Dassay.regenerate=true} to rewrite the facts of its case (comments and
 * {@code expect} are kept).
 */
class ValidationPackCasesTest {

    static final Path FACTS = Path.of("../rulepacks/safetycard-validation/1.1.0/tests/facts");
    static final Path FIXTURES = Path.of("src/test/resources/safetycard/validation");

    static final ObjectMapper YAML = new ObjectMapper(YAMLFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxDocumentLength(4L << 20).build()).build());

    static List<Path> cases() throws IOException {
        try (Stream<Path> s = Files.list(FACTS)) {
            return s.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
    }

    static String name(Path factsCase) {
        String f = factsCase.getFileName().toString();
        return f.substring(0, f.length() - ".yaml".length());
    }

    static List<String> list(JsonNode n) {
        List<String> out = new ArrayList<>();
        n.forEach(v -> out.add(v.asText()));
        return out;
    }

    @TestFactory
    Stream<DynamicTest> everyCase() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (Path c : cases()) {
            tests.add(DynamicTest.dynamicTest(name(c), () -> {
                ScorecardDocument doc = Fixtures.card().reader().read(FIXTURES.resolve(name(c) + ".json"));
                assertFalse(doc.unreadable(), "fixture must be readable: " + doc.problems());
                if (Boolean.getBoolean("assay.regenerate")) {
                    Files.writeString(c, rewritten(Files.readString(c), doc));
                }
                JsonNode stated = YAML.readTree(c.toFile());

                Set<String> made = new TreeSet<>();
                for (ConfigValue v : doc.facts()) {
                    made.add(v.document() + " " + v.path() + " = " + v.value() + " (" + v.type() + ")");
                }
                Set<String> written = new TreeSet<>();
                for (JsonNode f : stated.path("facts")) {
                    written.add(f.path("document").asText() + " " + f.path("path").asText() + " = " + f.path("value").asText()
                            + " (" + f.path("valueType").asText() + ")");
                }
                assertEquals(made, written, name(c) + ": the facts case no longer states what the reader makes");

                Validation v = Fixtures.card().validator().validate(doc);
                Set<String> fired = v.violations().stream().map(Violation::id).collect(Collectors.toCollection(TreeSet::new));
                for (String id : list(stated.path("expect").path("ruleid"))) {
                    assertTrue(fired.contains(id), name(c) + ": " + id + " must fire; fired " + fired);
                }
                for (String id : list(stated.path("expect").path("ok"))) {
                    assertFalse(fired.contains(id), name(c) + ": " + id + " must not fire: "
                            + v.violations().stream().filter(x -> x.id().equals(id)).map(Violation::render).toList());
                }
            }));
        }
        assertFalse(tests.isEmpty(), "no facts cases under " + FACTS);
        return tests.stream();
    }

    /** The facts case with its facts replaced by the reader's, one flow mapping per line, sorted by path. */
    static String rewritten(String yaml, ScorecardDocument doc) {
        StringBuilder b = new StringBuilder();
        List<String> lines = yaml.lines().toList();
        int i = 0;
        while (i < lines.size() && lines.get(i).startsWith("#")) {
            b.append(lines.get(i++)).append('\n');
        }
        b.append("facts:\n");
        List<ConfigValue> facts = new ArrayList<>(doc.facts());
        facts.sort(java.util.Comparator.comparing(ConfigValue::path));
        for (ConfigValue v : facts) {
            b.append("  - {type: ConfigValue, file: ").append(v.file().equals(doc.name()) ? "scorecard.json" : v.file())
                    .append(", document: ").append(v.document()).append(", path: ").append(quoted(v.path()))
                    .append(", value: ").append(quoted(v.value())).append(", valueType: ")
                    .append(v.type().equals("null") ? "\"null\"" : v.type()).append("}\n");
        }
        int expect = lines.indexOf("expect:");
        for (int j = expect; j >= 0 && j < lines.size(); j++) {
            b.append(lines.get(j)).append('\n');
        }
        return b.toString();
    }

    static String quoted(String s) {
        return com.fasterxml.jackson.databind.node.TextNode.valueOf(s).toString();
    }

    @Test
    void everyRuleHasACaseThatFiresAndOneThatStaysQuiet() throws IOException {
        Set<String> fire = new TreeSet<>();
        Set<String> quiet = new TreeSet<>();
        for (Path c : cases()) {
            JsonNode expect = YAML.readTree(c.toFile()).path("expect");
            fire.addAll(list(expect.path("ruleid")));
            quiet.addAll(list(expect.path("ok")));
        }
        for (RuleDefinition r : Fixtures.card().validator().pack().pack().rules()) {
            assertTrue(fire.contains(r.id()), r.id() + " has no case where it must fire");
            assertTrue(quiet.contains(r.id()), r.id() + " has no case where it must stay quiet");
        }
    }

    @Test
    void theValidFixtureHasNoViolationAtAllAndScores() {
        ScorecardDocument doc = Fixtures.card().reader().read(FIXTURES.resolve("valid.json"));
        SafetyCard.Outcome outcome = Fixtures.card().score(doc);
        assertEquals(List.of(), outcome.validation().violations().stream().map(Violation::render).toList());
        assertTrue(outcome.scored());
        assertTrue(outcome.entry() != null, "the entry must match the schema");
    }

    @Test
    void severitiesAreErrorsOrWarningsOnlyAndEveryRuleSaysHowToFixIt() {
        for (RuleDefinition r : Fixtures.card().validator().pack().pack().rules()) {
            assertTrue(r.severity() == Severity.HIGH || r.severity() == Severity.LOW,
                    r.id() + ": severity high marks an error, low a warning; " + r.severity() + " means neither");
            assertFalse(r.remediation().isBlank(), r.id() + " must say how to fix it");
            assertTrue(r.id().startsWith("SC-"), r.id() + ": validation ids start with SC-");
        }
    }
}
