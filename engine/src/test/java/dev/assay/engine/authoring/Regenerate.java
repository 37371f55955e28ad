package dev.assay.engine.authoring;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Committed generated files (docs/schemas, docs/rules): a test compares them with what the code generates and, when
 * run with {@code -Dassay.regenerate=true}, rewrites them instead.
 */
final class Regenerate {

    static final String PROPERTY = "assay.regenerate";
    static final String COMMAND = "mvn -pl engine -am test -Dtest='SchemasTest,RuleDocsTest' -Dsurefire.failIfNoSpecifiedTests=false -D"
            + PROPERTY + "=true";

    private Regenerate() {
    }

    /** Null when {@code file} holds {@code expected} (after rewriting it if asked to), else what is wrong and how to fix it. */
    static String check(Path file, byte[] expected) throws IOException {
        if (Boolean.getBoolean(PROPERTY)) {
            Files.createDirectories(file.getParent());
            Files.write(file, expected);
            return null;
        }
        if (!Files.exists(file)) {
            return file + " is missing; generate it with: " + COMMAND;
        }
        if (!Arrays.equals(Files.readAllBytes(file), expected)) {
            return file + " is stale (it differs from what the code generates); regenerate it with: " + COMMAND;
        }
        return null;
    }
}
