package dev.assay.safetycard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.safetycard.validate.Violation;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code alt.caps}, the caps a published audit lists for a criterion's opt-in mechanism: read, validated like the
 * criterion's own caps, and applied to the alt only, with G1 added when the list lacks it.
 */
class AltCapsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The example scorecard (smolagents); its C4 (index 3) has an opt-in E2B sandbox as alt. */
    private static ObjectNode example() throws Exception {
        return (ObjectNode) JSON.readTree(Fixtures.bytes("example-scorecard.json"));
    }

    private static ObjectNode c4Alt(ObjectNode card) {
        return (ObjectNode) card.path("criteria").get(3).path("alt");
    }

    private static SafetyCard.Outcome score(ObjectNode card) {
        return Fixtures.card().score(Fixtures.parse("scorecard.json", card.toString()));
    }

    private static List<String> errors(SafetyCard.Outcome o) {
        return o.validation().errors().stream().map(v -> v.id() + " " + v.location().path()).toList();
    }

    @Test
    void anEmptyAltCapsListScoresAsBefore() throws Exception {
        ObjectNode card = example();
        c4Alt(card).putArray("caps");
        SafetyCard.Outcome o = score(card);
        assertEquals(List.of(), errors(o));
        assertEquals(new BigDecimal("2.2"), o.result().score());
        JsonNode alt = o.entry().path("criteria").get(3).path("mechanisms").get(1);
        assertEquals("alt", alt.path("kind").asText());
        assertEquals("G1", alt.path("cap").path("id").asText());
    }

    @Test
    void aCriterionCapOnTheAltLimitsTheAltWithItsReason() throws Exception {
        ObjectNode card = example();
        c4Alt(card).putArray("caps").addObject().put("id", "C4-HOSTROOT")
                .put("reason", "The sandbox template mounts the host's docker socket.");
        SafetyCard.Outcome o = score(card);
        assertEquals(List.of(), errors(o));
        JsonNode c4 = o.entry().path("criteria").get(3);
        JsonNode alt = c4.path("mechanisms").get(1);
        assertEquals("C4-HOSTROOT", alt.path("cap").path("id").asText());
        assertEquals(0.25, alt.path("cap").path("max").asDouble());
        assertEquals("The sandbox template mounts the host's docker socket.", alt.path("cap").path("reason").asText());
        assertTrue(alt.path("score").asDouble() <= 0.25, alt.toString());
        // The default mechanism is untouched by the alt's caps.
        JsonNode published = score(example()).entry().path("criteria").get(3).path("mechanisms").get(0);
        assertEquals(published, c4.path("mechanisms").get(0));
    }

    @Test
    void aListedG1KeepsTheReviewersReasonAndIsNotAppliedTwice() throws Exception {
        ObjectNode card = example();
        c4Alt(card).putArray("caps").addObject().put("id", "G1").put("reason", "E2B is used only when executor_type='e2b'.");
        SafetyCard.Outcome o = score(card);
        assertEquals(List.of(), errors(o));
        assertEquals(new BigDecimal("2.2"), o.result().score());
        JsonNode cap = o.entry().path("criteria").get(3).path("mechanisms").get(1).path("cap");
        assertEquals("G1", cap.path("id").asText());
        assertEquals("E2B is used only when executor_type='e2b'.", cap.path("reason").asText());
    }

    @Test
    void theAutomaticWorstCaseCapIsNotAppliedToAnAlt() throws Exception {
        // C5 (index 4) of the example has B at L0, so its default gets C5-WORSTCASE; an alt with B at L0 only G1.
        ObjectNode card = example();
        ObjectNode c5 = (ObjectNode) card.path("criteria").get(4);
        ObjectNode alt = c5.putObject("alt");
        alt.put("label", "opt-in alternative");
        alt.set("parameters", c5.path("parameters").deepCopy());
        alt.putArray("caps");
        SafetyCard.Outcome o = score(card);
        assertEquals(List.of(), errors(o));
        JsonNode mechanisms = o.entry().path("criteria").get(4).path("mechanisms");
        assertEquals("C5-WORSTCASE", mechanisms.get(0).path("cap").path("id").asText());
        assertEquals("G1", mechanisms.get(1).path("cap").path("id").asText());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{\"id\": \"G9\", \"reason\": \"made up\"}|SC-CAP-UNKNOWN criteria.3.alt.caps.0.id",
        "{\"id\": \"C1-SELFESC\", \"reason\": \"wrong criterion\"}|SC-CAP-WRONG-CRITERION criteria.3.alt.caps.0.id",
        "{\"id\": \"C4-HOSTROOT\"}|SC-FORMAT-REQUIRED criteria.3.alt.caps.0.reason",
        "{\"id\": \"C4-HOSTROOT\", \"reason\": \"\"}|SC-TEXT-EMPTY criteria.3.alt.caps.0.reason",
        "{\"id\": \"C4-HOSTROOT\", \"reason\": \"r\", \"max\": 0.25}|SC-FORMAT-UNKNOWN-KEY criteria.3.alt.caps.0.max",
        "{\"id\": \"C4-HOSTROOT\", \"reason\": \"r\", \"why\": \"x\"}|SC-FORMAT-UNKNOWN-KEY criteria.3.alt.caps.0.why"})
    void aBadAltCapIsAnErrorAndNothingIsScored(String cap, String expected) throws Exception {
        ObjectNode card = example();
        c4Alt(card).putArray("caps").add(JSON.readTree(cap));
        SafetyCard.Outcome o = score(card);
        assertFalse(o.scored());
        assertTrue(errors(o).contains(expected), errors(o).toString());
    }

    @Test
    void aCapListedTwiceOnTheAltIsAnError() throws Exception {
        ObjectNode card = example();
        ArrayNode caps = c4Alt(card).putArray("caps");
        caps.addObject().put("id", "C4-HOSTROOT").put("reason", "one");
        caps.addObject().put("id", "C4-HOSTROOT").put("reason", "two");
        SafetyCard.Outcome o = score(card);
        assertTrue(errors(o).contains("SC-CAP-DUPLICATE criteria.3.alt.caps.1.id"), errors(o).toString());
    }

    @Test
    void theSameCapOnTheDefaultAndTheAltIsNotADuplicate() throws Exception {
        ObjectNode card = example();
        ObjectNode c4 = (ObjectNode) card.path("criteria").get(3);
        c4.putArray("caps").addObject().put("id", "G2").put("reason", "The model can switch the executor.");
        c4Alt(card).putArray("caps").addObject().put("id", "G2").put("reason", "The model can switch the executor.");
        SafetyCard.Outcome o = score(card);
        assertFalse(errors(o).stream().anyMatch(e -> e.startsWith("SC-CAP-DUPLICATE")), errors(o).toString());
    }

    /** The published audits, in the authoring format they are written in (alt.caps included), score as published. */
    @ParameterizedTest
    @CsvSource({"scores-babyagi.json, 1.3, weak", "scores-brave-search-mcp-server.json, 4.9, weak",
        "scores-context7.json, 6.5, moderate", "scores-exa-mcp.json, 5.7, moderate"})
    void publishedAuditsScoreTheirPublishedTotal(String file, String total, String band) throws Exception {
        ObjectNode card = PublishedScorecards.fromEntry(file);
        SafetyCard.Outcome o = score(card);
        assertEquals(List.of(), errors(o));
        assertEquals(new BigDecimal(total), o.result().score());
        assertEquals(band, o.result().band().id());
        JsonNode published = JSON.readTree(Fixtures.bytes(file));
        for (int i = 0; i < 10; i++) {
            JsonNode want = published.path("criteria").get(i);
            JsonNode got = o.entry().path("criteria").get(i);
            assertEquals(want.path("score"), got.path("score"), want.path("id").asText());
            assertEquals(want.path("counted"), got.path("counted"), want.path("id").asText());
            if ("structural_absence".equals(want.path("status").asText())) {
                continue;
            }
            // Compared as text: the published numbers are doubles, the computed ones decimals of the same value.
            assertEquals(want.path("cap").toString(), got.path("cap").toString(), want.path("id").asText());
            assertEquals(want.path("mechanisms").toString(), got.path("mechanisms").toString(), want.path("id").asText());
        }
    }

    @Test
    void babyagisPublishedAltIsReadFromAltCaps() throws Exception {
        ObjectNode card = PublishedScorecards.fromEntry("scores-babyagi.json");
        JsonNode alt = card.path("criteria").get(3).path("alt");
        assertTrue(alt.path("caps").isArray(), alt.toString());
        Violation[] none = new Violation[0];
        assertEquals(0, score(card).validation().errors().toArray(none).length);
    }
}
