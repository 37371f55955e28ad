package dev.assay.safetycard;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.authoring.RuleDocs;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The committed rule reference of the validation pack (docs/rules/safetycard-validation-1.1.0.md) is what the rule
 * metadata generates. Run with {@code -Dassay.regenerate=true} to rewrite it after changing the rules.
 */
class RuleReferenceTest {

    static final Path PAGE = Path.of("../docs/rules/safetycard-validation-1.1.0.md");

    @Test
    void theCommittedReferenceIsCurrent() throws Exception {
        byte[] expected = RuleDocs.generate(Fixtures.card().validator().pack().pack()).getBytes(StandardCharsets.UTF_8);
        if (Boolean.getBoolean("assay.regenerate")) {
            Files.write(PAGE, expected);
        }
        assertTrue(Files.exists(PAGE), PAGE + " is missing; generate it with: mvn -pl safetycard -am test "
                + "-Dtest=RuleReferenceTest -Dsurefire.failIfNoSpecifiedTests=false -Dassay.regenerate=true");
        assertArrayEquals(expected, Files.readAllBytes(PAGE), PAGE + " is stale; regenerate it with: mvn -pl safetycard -am test "
                + "-Dtest=RuleReferenceTest -Dsurefire.failIfNoSpecifiedTests=false -Dassay.regenerate=true");
    }
}
