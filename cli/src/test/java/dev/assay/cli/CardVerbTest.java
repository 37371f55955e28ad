package dev.assay.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The SafetyCard verbs are reachable from the assay command and keep its exit-code contract. */
class CardVerbTest {

    @Test
    void catalogIsServedAsJson() throws Exception {
        Cli.Result r = Cli.run("card", "catalog", "--format", "json");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("\"criteria\""), r.out());
    }

    @Test
    void anInvalidScorecardExitsOneWithOneLinePerProblem(@TempDir Path dir) throws Exception {
        Path card = dir.resolve("scorecard.json");
        Files.writeString(card, "{\"id\": \"x\", \"criteria\": 3}");
        Cli.Result r = Cli.run("card", "score", card.toString());
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.err().lines().count() >= 2, "every problem is listed: " + r.err());
        assertTrue(!r.err().contains("\tat "), "no stack trace: " + r.err());
    }

    /** The published BoundBench entries and the authoring scorecards behind them, as the safetycard module keeps them. */
    static final Path PUBLISHED = Path.of("..", "safetycard", "src", "test", "resources", "safetycard");

    /** {@code card score} on the scorecard of each published audit (alt.caps included) prints its published total. */
    @ParameterizedTest
    @CsvSource({"scores-babyagi, 1.3, weak", "scores-brave-search-mcp-server, 4.9, weak",
        "scores-context7, 6.5, moderate", "scores-exa-mcp, 5.7, moderate"})
    void cardScoreGivesThePublishedTotal(String name, String total, String band) throws Exception {
        Path scorecard = PUBLISHED.resolve("published").resolve(name + ".scorecard.json");
        JsonNode published = new ObjectMapper().readTree(PUBLISHED.resolve(name + ".json").toFile());
        assertEquals(total, published.path("score").asText(), "the published total this test holds the CLI to");

        Cli.Result text = Cli.run("card", "score", scorecard.toString());
        assertEquals(0, text.code(), text.err());
        assertTrue(text.out().contains("Total " + total + " of 10.0"), text.out());

        Cli.Result json = Cli.run("card", "score", scorecard.toString(), "--format", "json");
        assertEquals(0, json.code(), json.err());
        JsonNode entry = new ObjectMapper().readTree(json.out());
        assertEquals(published.path("score").decimalValue(), entry.path("score").decimalValue());
        assertEquals(band, entry.path("band").path("id").asText(entry.path("band").asText()));
        for (int i = 0; i < 10; i++) {
            JsonNode want = published.path("criteria").get(i);
            assertEquals(want.path("score").decimalValue(), entry.path("criteria").get(i).path("score").decimalValue(),
                    name + " " + want.path("id").asText());
        }
    }

    /** {@code card rescore} on each published entry reproduces its total, in text and JSON, and exits 0. */
    @ParameterizedTest
    @CsvSource({"scores-babyagi, 1.3", "scores-brave-search-mcp-server, 4.9", "scores-context7, 6.5",
        "scores-exa-mcp, 5.7"})
    void cardRescoreReproducesThePublishedTotal(String name, String total) throws Exception {
        Path entry = PUBLISHED.resolve(name + ".json");
        Cli.Result text = Cli.run("card", "rescore", entry.toString());
        assertEquals(0, text.code(), text.err());
        assertTrue(text.out().contains("Total " + total + " of 10.0"), text.out());

        Cli.Result json = Cli.run("card", "rescore", entry.toString(), "--format", "json");
        assertEquals(0, json.code(), json.err());
        JsonNode published = new ObjectMapper().readTree(entry.toFile());
        JsonNode rescored = new ObjectMapper().readTree(json.out());
        assertEquals(published.path("score").decimalValue(), rescored.path("score").decimalValue());
        assertEquals(published.path("band"), rescored.path("band"));
    }
}
