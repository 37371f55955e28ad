package dev.assay.safetycard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
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
 * The fixture cases of the safetycard-validation pack ({@code tests/cases/NAME/target/scorecard.json} with
 * {@code expect.yaml}): every rule listed under {@code ruleid} must report, none listed under {@code ok} may. The pack's
 * facts come from this module's reader, so its cases run here rather than in the rulepacks module.
 */
class ValidationPackCasesTest {

    static final Path CASES = Path.of("../rulepacks/safetycard-validation/1.0.0/tests/cases");

    static List<Path> cases() throws IOException {
        try (Stream<Path> s = Files.list(CASES)) {
            return s.filter(Files::isDirectory).sorted().toList();
        }
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
            tests.add(DynamicTest.dynamicTest(c.getFileName().toString(), () -> {
                JsonNode expect = new ObjectMapper(new YAMLFactory()).readTree(c.resolve("expect.yaml").toFile());
                ScorecardDocument doc = Fixtures.card().reader().read(c.resolve("target/scorecard.json"));
                assertFalse(doc.unreadable(), "fixture must be readable: " + doc.problems());
                Validation v = Fixtures.card().validator().validate(doc);
                Set<String> fired = v.violations().stream().map(Violation::id).collect(Collectors.toCollection(TreeSet::new));
                for (String id : list(expect.path("ruleid"))) {
                    assertTrue(fired.contains(id), c.getFileName() + ": " + id + " must fire; fired " + fired);
                }
                for (String id : list(expect.path("ok"))) {
                    assertFalse(fired.contains(id), c.getFileName() + ": " + id + " must not fire: "
                            + v.violations().stream().filter(x -> x.id().equals(id)).map(Violation::render).toList());
                }
            }));
        }
        assertFalse(tests.isEmpty(), "no cases under " + CASES);
        return tests.stream();
    }

    @Test
    void everyRuleHasACaseThatFiresAndOneThatStaysQuiet() throws IOException {
        Set<String> fire = new TreeSet<>();
        Set<String> quiet = new TreeSet<>();
        for (Path c : cases()) {
            JsonNode expect = new ObjectMapper(new YAMLFactory()).readTree(c.resolve("expect.yaml").toFile());
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
        ScorecardDocument doc = Fixtures.card().reader().read(CASES.resolve("valid/target/scorecard.json"));
        SafetyCard.Outcome outcome = Fixtures.card().score(doc);
        assertEquals(List.of(), outcome.validation().violations().stream().map(Violation::render).toList());
        assertTrue(outcome.scored());
        assertTrue(outcome.entry() != null, "the entry must match the schema");
    }

    @Test
    void severitiesAreErrorsOrWarningsOnly() {
        for (RuleDefinition r : Fixtures.card().validator().pack().pack().rules()) {
            assertTrue(r.severity() == dev.assay.engine.model.Severity.HIGH || r.severity() == dev.assay.engine.model.Severity.LOW,
                    r.id() + ": severity high marks an error, low a warning; " + r.severity() + " means neither");
            assertFalse(r.remediation().isBlank(), r.id() + " must say how to fix it");
        }
    }
}
