package dev.assay.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
}
