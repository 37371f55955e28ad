package dev.assay.safetycard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.safetycard.score.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The authoring scorecards behind the four published entries, kept as files ({@code published/NAME.scorecard.json})
 * so that the command line can be tested on them as a user would run it ({@code assay card score FILE}). They must stay
 * exactly what {@link PublishedScorecards#fromEntry} builds from the published entries; run with
 * {@code -Dassay.regenerate=true} to rewrite them.
 */
class PublishedScorecardFilesTest {

    static final Path DIR = Path.of("src/test/resources/safetycard/published");

    @ParameterizedTest
    @ValueSource(strings = {"scores-babyagi", "scores-brave-search-mcp-server", "scores-context7", "scores-exa-mcp"})
    void theFileIsTheScorecardOfThePublishedEntry(String name) throws Exception {
        ObjectNode built = PublishedScorecards.fromEntry(name + ".json");
        Path file = DIR.resolve(name + ".scorecard.json");
        if (Boolean.getBoolean("assay.regenerate")) {
            Files.createDirectories(DIR);
            Files.writeString(file, Json.pretty(built), StandardCharsets.UTF_8);
        }
        assertTrue(Files.isRegularFile(file), file + " is missing; run with -Dassay.regenerate=true");
        JsonNode kept = new ObjectMapper().readTree(file.toFile());
        assertEquals(built, kept, file + " no longer matches its published entry; run with -Dassay.regenerate=true");
    }
}
