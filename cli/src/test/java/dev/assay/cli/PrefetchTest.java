package dev.assay.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PrefetchTest {

    @TempDir
    Path dir;

    @Test
    void onlyAScanWithTheDefaultScorerIsPrefetched() {
        assertTrue(Main.scansWithDefaultScorer(new String[] {"scan", "home"}));
        assertTrue(Main.scansWithDefaultScorer(new String[] {"scan", "home", "--format", "json", "--formula", "x@1"}));
        assertFalse(Main.scansWithDefaultScorer(new String[] {}));
        assertFalse(Main.scansWithDefaultScorer(new String[] {"--version"}));
        assertFalse(Main.scansWithDefaultScorer(new String[] {"rescore", "report.json"}));
        assertFalse(Main.scansWithDefaultScorer(new String[] {"scan", "home", "--pack", "agent-security@1.0.0"}));
        assertFalse(Main.scansWithDefaultScorer(new String[] {"scan", "home", "--scorer=other"}));
    }

    @Test
    void aScanAfterAPrefetchGivesTheSameReportAsWithout() throws IOException {
        Path home = Files.createDirectories(dir.resolve("home"));
        Files.writeString(home.resolve("openclaw.json"), "{\"gateway\": {\"bind\": \"lan\", \"auth\": {\"mode\": \"none\"}}}\n",
                StandardCharsets.UTF_8);
        Cli.Result before = Cli.run("scan", home.toString(), "--format", "json");
        SharedRegistries.prefetch(Defaults.SCORER);
        SharedRegistries.awaitPrefetch(Defaults.SCORER);
        Cli.Result after = Cli.run("scan", home.toString(), "--format", "json");
        assertEquals(ExitCode.OK, after.code(), after.err());
        assertEquals(strip(before.out()), strip(after.out()));
    }

    /** generatedAt is the only field that may differ between two runs. */
    private static String strip(String json) {
        return json.replaceAll("\"generatedAt\" : \"[^\"]*\"", "").replaceAll("\"generatedAt\": \"[^\"]*\"", "");
    }
}
