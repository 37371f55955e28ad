package dev.assay.safetycard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.safetycard.read.ScorecardException;
import dev.assay.safetycard.rescore.EntryRescorer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** Published BoundBench entries, rescored with safetycard@1, give their published numbers, field by field. */
class RescoreTest {

    @ParameterizedTest
    @CsvSource({"scores-babyagi.json, 1.3, weak", "scores-brave-search-mcp-server.json, 4.9, weak",
        "scores-context7.json, 6.5, moderate", "scores-exa-mcp.json, 5.7, moderate"})
    void givesThePublishedScore(String file, String score, String band) throws Exception {
        EntryRescorer.Rescored r = Fixtures.card().rescorer().rescore(Fixtures.bytes(file));
        assertEquals(new BigDecimal(score), r.result().score());
        assertEquals(band, r.result().band().id());
        assertTrue(r.reproduced());
    }

    @ParameterizedTest
    @CsvSource({"scores-babyagi.json", "scores-brave-search-mcp-server.json", "scores-context7.json", "scores-exa-mcp.json"})
    void recomputesEveryComputedFieldAsPublished(String file) throws Exception {
        EntryRescorer.Rescored r = Fixtures.card().rescorer().rescore(Fixtures.bytes(file));
        JsonNode published = new ObjectMapper().readTree(Fixtures.bytes(file));
        List<String> differences = new ArrayList<>();
        diff("", published, r.entry(), differences);
        assertEquals(List.of(), differences);
        assertEquals(List.of(), Fixtures.card().schema().problems(r.entry()));
    }

    @Test
    void aChangedPublishedScoreIsNotReproduced() throws Exception {
        ObjectNode entry = (ObjectNode) new ObjectMapper().readTree(Fixtures.bytes("scores-context7.json"));
        entry.put("score", 7.1);
        EntryRescorer.Rescored r = Fixtures.card().rescorer().rescore(entry.toString().getBytes(StandardCharsets.UTF_8));
        assertEquals(new BigDecimal("6.5"), r.result().score());
        assertTrue(!r.reproduced());
        assertEquals(6.5, r.entry().path("score").asDouble());
    }

    @Test
    void loweringALevelLowersTheRecomputedScore() throws Exception {
        ObjectNode entry = (ObjectNode) new ObjectMapper().readTree(Fixtures.bytes("scores-context7.json"));
        // C2 scores 1.0 with every parameter at L4; at S L3 it loses 0.3 × 0.25.
        ((ObjectNode) entry.path("criteria").get(1).path("mechanisms").get(0).path("parameters").path("S")).put("level", 3);
        EntryRescorer.Rescored r = Fixtures.card().rescorer().rescore(entry.toString().getBytes(StandardCharsets.UTF_8));
        assertEquals(0, new BigDecimal("0.925").compareTo(r.result().criteria().get(1).score()));
        assertEquals(new BigDecimal("6.4"), r.result().score());
    }

    @Test
    void refusesEntriesThatAreNotSchemaTwo() throws Exception {
        ObjectNode entry = (ObjectNode) new ObjectMapper().readTree(Fixtures.bytes("scores-context7.json"));
        entry.put("schema_version", "1.0");
        ScorecardException e = assertThrows(ScorecardException.class,
                () -> Fixtures.card().rescorer().rescore(entry.toString().getBytes(StandardCharsets.UTF_8)));
        assertTrue(e.getMessage().contains("entry schema"), e.getMessage());
        assertThrows(ScorecardException.class, () -> Fixtures.card().rescorer().rescore("[1,2]".getBytes(StandardCharsets.UTF_8)));
        assertThrows(ScorecardException.class, () -> Fixtures.card().rescorer().rescore("{\"a\":1,\"a\":2}".getBytes(StandardCharsets.UTF_8)));
        assertThrows(ScorecardException.class, () -> Fixtures.card().rescorer().rescore("[".repeat(100_000).getBytes(StandardCharsets.UTF_8)));
    }

    /** Differences between two JSON trees; numbers compare by value, so 1 and 1.0 are the same. */
    static void diff(String at, JsonNode a, JsonNode b, List<String> out) {
        if (a.isNumber() && b.isNumber()) {
            if (a.decimalValue().compareTo(b.decimalValue()) != 0) {
                out.add(at + ": " + a + " vs " + b);
            }
            return;
        }
        if (a.isObject() && b.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = a.properties().iterator(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                if (!b.has(e.getKey())) {
                    out.add(at + "." + e.getKey() + ": missing");
                } else {
                    diff(at + "." + e.getKey(), e.getValue(), b.get(e.getKey()), out);
                }
            }
            b.fieldNames().forEachRemaining(k -> {
                if (!a.has(k)) {
                    out.add(at + "." + k + ": added");
                }
            });
            return;
        }
        if (a.isArray() && b.isArray() && a.size() == b.size()) {
            for (int i = 0; i < a.size(); i++) {
                diff(at + "." + i, a.get(i), b.get(i), out);
            }
            return;
        }
        if (!a.equals(b)) {
            out.add(at + ": " + a + " vs " + b);
        }
    }
}
