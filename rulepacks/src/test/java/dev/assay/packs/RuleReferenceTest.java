package dev.assay.packs;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.authoring.RuleDocs;
import dev.assay.engine.pack.DirectoryPackFiles;
import dev.assay.engine.pack.PackLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The rule reference of every shipped pack version ({@code docs/rules/<id>-<version>.md}) is generated from its rule
 * YAML and committed; this test fails when a page is missing or stale. Run with {@code -Dassay.regenerate=true} to
 * rewrite the pages instead.
 */
class RuleReferenceTest {

    private static final Path DOCS = Path.of("..", "docs", "rules");

    @Test
    void everyShippedPackHasACurrentReference() throws Exception {
        List<String> stale = new ArrayList<>();
        for (Path dir : PackCasesTest.packVersions()) {
            String name = dir.getParent().getFileName() + "-" + dir.getFileName() + ".md";
            byte[] want = RuleDocs.generate(new PackLoader().load(DirectoryPackFiles.open(dir)))
                    .getBytes(StandardCharsets.UTF_8);
            Path page = DOCS.resolve(name);
            if (Boolean.getBoolean("assay.regenerate")) {
                Files.createDirectories(DOCS);
                Files.write(page, want);
            } else if (!Files.exists(page) || !Arrays.equals(Files.readAllBytes(page), want)) {
                stale.add(page.toString());
            }
        }
        assertTrue(stale.isEmpty(), "missing or stale rule references " + stale + "; regenerate them with: mvn -pl "
                + "rulepacks -am test -Dtest=RuleReferenceTest -Dsurefire.failIfNoSpecifiedTests=false -Dassay.regenerate=true");
    }
}
