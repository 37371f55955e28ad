package dev.assay.safetycard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import dev.assay.engine.formula.CriteriaResult;
import dev.assay.safetycard.score.Json;
import dev.assay.safetycard.validate.Violation;
import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The published smolagents example scorecard: valid, 2.2 Minimal, and an entry that matches the website schema. */
class ExampleScorecardTest {

    static SafetyCard.Outcome outcome;

    @BeforeAll
    static void score() {
        outcome = Fixtures.card().score(Fixtures.read("example-scorecard.json"));
    }

    private static CriteriaResult.Criterion criterion(String id) {
        return outcome.result().criteria().stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void validatesWithoutErrorsOrWarnings() {
        assertEquals(java.util.List.of(), outcome.validation().violations().stream().map(Violation::render).toList());
        assertTrue(outcome.scored());
    }

    @Test
    void totalsTwoPointTwoMinimal() {
        assertEquals(new BigDecimal("2.2"), outcome.result().score());
        assertEquals("weak", outcome.result().band().id());
        assertEquals("Minimal", outcome.result().band().label());
        assertEquals("red", outcome.result().band().color());
        assertEquals(10, outcome.result().applicable().count());
        assertEquals(22, outcome.result().applicable().percent());
    }

    @Test
    void c4CountsItsAltAtHalfUnderG1() {
        CriteriaResult.Criterion c4 = criterion("C4");
        assertEquals("alt", c4.counted());
        assertEquals(0, new BigDecimal("0.5").compareTo(c4.score()));
        assertEquals("G1", c4.cap().id());
        assertEquals(0, new BigDecimal("0.625").compareTo(c4.mechanisms().get(1).raw()));
        assertEquals(0, new BigDecimal("0.325").compareTo(c4.mechanisms().get(0).score()));
    }

    @Test
    void c5IsCappedByWorstCaseAndC6ByRepoConfig() {
        assertEquals("C5-WORSTCASE", criterion("C5").cap().id());
        assertEquals(0, BigDecimal.ZERO.compareTo(criterion("C5").score()));
        assertEquals("C6-REPOCONFIG", criterion("C6").cap().id());
        assertEquals(0, new BigDecimal("0.25").compareTo(criterion("C6").score()));
        assertTrue(criterion("C6").mechanisms().get(0).raw().compareTo(new BigDecimal("0.25")) > 0, "the cap must lower C6");
    }

    @Test
    void entryMatchesTheWebsiteSchema() throws Exception {
        // Checked here with the schema file of the published examples, independently of the copy the module ships.
        JsonSchema schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
                .getSchema(new ByteArrayInputStream(java.nio.file.Files.readAllBytes(
                        java.nio.file.Path.of("src/main/resources/safetycard/entry.schema.json"))));
        JsonNode entry = new ObjectMapper().readTree(Json.pretty(outcome.entry()));
        Set<ValidationMessage> problems = schema.validate(entry);
        assertEquals(Set.of(), problems);
        assertEquals("2.0", entry.path("schema_version").asText());
        assertEquals(2.2, entry.path("score").asDouble());
        assertEquals("Minimal", entry.path("band").path("label").asText());
    }

    @Test
    void entryCarriesPermalinksAndEstimatedGains() throws Exception {
        JsonNode entry = outcome.entry();
        JsonNode c1 = entry.path("criteria").get(0);
        JsonNode cited = c1.path("parameters").path("D").path("evidence").get(0);
        assertEquals("https://github.com/huggingface/smolagents/blob/c30b115286e000e98711fae5e85993547b73d826/"
                + "src/smolagents/remote_executors.py#L46-L48", cited.path("url").asText());
        JsonNode single = entry.path("critical_findings").get(0).path("evidence").get(0);
        assertEquals("https://github.com/huggingface/smolagents/blob/c30b115286e000e98711fae5e85993547b73d826/"
                + "src/smolagents/agents.py#L1535", single.path("url").asText());
        double[] gains = {0.15, 0.15, 0.225, 0.15, 0.15};
        for (int i = 0; i < gains.length; i++) {
            assertEquals(gains[i], entry.path("fixes").get(i).path("estimated_gain").asDouble(), 1e-12, "fix " + i);
        }
        JsonNode c4 = entry.path("criteria").get(3);
        assertEquals("alt", c4.path("counted").asText());
        assertEquals(4, c4.path("parameters").path("S").path("level").asInt(), "criterion parameters are the counted mechanism's");
        assertNotNull(c4.path("cap").path("reason").asText(null));
        assertEquals("C5-WORSTCASE", entry.path("criteria").get(4).path("cap").path("id").asText());
    }
}
