package dev.assay.extract.component;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.fact.ConfigValue;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/rule-packs.md lists the {@code ConfigValue.document} ids of a component scan too, each with the manifest files
 * it comes from: the extractor is run over one component per kind of manifest, and every id it emits must have a
 * row that names the file it was read from (the agent-installation ids: DocumentIdsDocTest).
 */
class ComponentDocumentIdsDocTest {

    private static final Path DOC = Path.of("..", "docs", "rule-packs.md");

    /** One component per manifest: its file name and text (inert; no host resolves). */
    private static final Map<String, String> MANIFESTS = Map.of(
            "package.json", "{ \"name\": \"demo\", \"version\": \"1.0.0\" }\n",
            "pyproject.toml", "[project]\nname = \"demo\"\nversion = \"1.0.0\"\n",
            "setup.cfg", "[metadata]\nname = demo\nversion = 1.0.0\n",
            "server.json", "{ \"name\": \"demo\", \"packages\": [] }\n",
            "smithery.yaml", "startCommand:\n  type: stdio\n",
            "mcp.json", "{ \"mcpServers\": { \"demo\": { \"command\": \"demo-server\" } } }\n");

    @TempDir
    Path tmp;

    @Test
    void everyDocumentIdOfAComponentScanAndItsFileAreInTheAuthorsGuide() throws IOException {
        TreeMap<String, TreeSet<String>> emitted = new TreeMap<>();
        for (Map.Entry<String, String> m : MANIFESTS.entrySet()) {
            Path dir = tmp.resolve(m.getKey().replace('.', '-'));
            Scan scan = Scan.files(dir, Map.of(m.getKey(), m.getValue()));
            for (ConfigValue v : scan.all(ConfigValue.class)) {
                emitted.computeIfAbsent(v.document(), d -> new TreeSet<>()).add(v.file());
            }
        }
        assertEquals(List.of("mcp-config", "mcp-manifest", "package-json", "pyproject", "setup-cfg", "smithery"),
                List.copyOf(emitted.keySet()), "the ids this test knows to look for: " + emitted);
        List<String> lines = Files.readAllLines(DOC);
        List<String> missing = new ArrayList<>();
        emitted.forEach((id, files) -> {
            String row = lines.stream().filter(l -> l.startsWith("| `" + id + "` | component: ")).findFirst().orElse(null);
            if (row == null) {
                missing.add(id + " (no row)");
                return;
            }
            files.stream().filter(f -> !row.contains("`" + f + "`")).forEach(f -> missing.add(id + ": " + f));
        });
        assertTrue(missing.isEmpty(), DOC + " lacks component document ids or their files: " + missing);
    }
}
