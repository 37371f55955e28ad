package dev.assay.extract.agent;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/rule-packs.md lists every {@code ConfigValue.document} id a pack author can name, with the files it covers:
 * every document of the bundled known-locations table has a row there, and every file location of a config entry
 * is named in its row.
 */
class DocumentIdsDocTest {

    private static final Path DOC = Path.of("..", "docs", "rule-packs.md");

    @Test
    void everyDocumentIdAndItsFilesAreInTheAuthorsGuide() throws IOException {
        List<String> lines = Files.readAllLines(DOC);
        List<String> missing = new ArrayList<>();
        for (String id : KnownLocations.bundled().documents().keySet()) {
            String row = lines.stream().filter(l -> l.startsWith("| `" + id + "` |")).findFirst().orElse(null);
            if (row == null) {
                missing.add(id + " (no row)");
                continue;
            }
            KnownLocations.bundled().scopes().forEach((scope, entries) -> entries.forEach(l -> {
                if (l.kind().equals("config") && id.equals(l.document())
                        && !row.contains(scope + ": `" + l.path() + "`")) {
                    missing.add(id + ": " + scope + " " + l.path());
                }
            }));
        }
        assertTrue(missing.isEmpty(), DOC + " lacks document ids or their files (section 'Config document ids'): "
                + missing);
    }
}
