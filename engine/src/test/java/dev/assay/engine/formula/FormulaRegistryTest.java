package dev.assay.engine.formula;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FormulaRegistryTest {

    private static Formula version(String spec, int v) throws FormulaException {
        return Specs.parse(spec.replace("version: 1", "version: " + v).replace("version: 2", "version: " + v));
    }

    private static FormulaRegistry sample() throws FormulaException {
        return FormulaRegistry.of(List.of(version(Specs.SUBTRACTIVE, 10), version(Specs.ADDITIVE, 2),
                version(Specs.SUBTRACTIVE, 1), version(Specs.SUBTRACTIVE, 9)));
    }

    @Test
    void resolvesExactAndLatestVersions() throws Exception {
        FormulaRegistry r = sample();
        assertEquals(List.of("test-risk@2", "test-score@1", "test-score@9", "test-score@10"), r.available());
        assertEquals(9, r.resolve("test-score@9").version());
        assertEquals(10, r.resolve("test-score").version());
        assertEquals(10, r.resolve(" test-score ").version());
        assertEquals("test-risk@2", r.resolve("test-risk").ref());
    }

    @Test
    void unknownIdsAndVersionsListWhatExists() throws Exception {
        FormulaRegistry r = sample();
        assertEquals("unknown formula 'nope'; available: test-risk@2, test-score@1, test-score@9, test-score@10",
                assertThrows(FormulaException.class, () -> r.resolve("nope")).getMessage());
        assertEquals("formula test-score has no version 3; available: test-score@1, test-score@9, test-score@10",
                assertThrows(FormulaException.class, () -> r.resolve("test-score@3")).getMessage());
        for (String bad : new String[] {"", "test-score@", "test-score@0", "test-score@x", "Test", "a@1@2", "../x"}) {
            assertTrue(assertThrows(FormulaException.class, () -> r.resolve(bad)).getMessage()
                    .contains("is not a formula reference"), bad);
        }
        assertThrows(FormulaException.class, () -> r.resolve(null));
    }

    @Test
    void refusesTheSameVersionTwice() throws Exception {
        Formula a = version(Specs.SUBTRACTIVE, 1);
        assertEquals("formula test-score@1 is defined twice",
                assertThrows(FormulaException.class, () -> FormulaRegistry.of(List.of(a, a))).getMessage());
    }

    @Test
    void withoutAnIndexTheShippedRegistryIsEmptyAndSaysWhy() {
        // The engine's own classpath carries no specs: they live in the formula-specs module.
        FormulaRegistry r = FormulaRegistry.shipped();
        assertEquals(List.of(), r.available());
        assertEquals("unknown formula 'agent-security-score'; no formula specs on the classpath (formula-specs/index.yaml not found)",
                assertThrows(FormulaException.class, () -> r.resolve("agent-security-score")).getMessage());
    }

    private static ClassLoader folder(Path root) throws IOException {
        return new URLClassLoader(new URL[] {root.toUri().toURL()}, null);
    }

    private static void write(Path root, String path, String text) throws IOException {
        Path file = root.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    @Test
    void loadsWhatTheIndexLists(@TempDir Path root) throws Exception {
        write(root, "formula-specs/index.yaml", "formulas: [test-score@1, test-risk@2]\n");
        write(root, "formula-specs/test-score/v1.yaml", Specs.SUBTRACTIVE);
        write(root, "formula-specs/test-risk/v2.yaml", Specs.ADDITIVE);
        write(root, "formula-specs/test-risk/v3.yaml", "not listed, never read");
        try (URLClassLoader loader = (URLClassLoader) folder(root)) {
            FormulaRegistry r = FormulaRegistry.fromClasspath(loader);
            assertEquals(List.of("test-risk@2", "test-score@1"), r.available());
            Formula f = r.resolve("test-risk");
            assertSame(f, r.resolve("test-risk@2"));
            assertEquals(Specs.parse(Specs.ADDITIVE).hash(), f.hash());
        }
    }

    @Test
    void brokenShippedContentIsAPackagingError(@TempDir Path root) throws Exception {
        write(root, "formula-specs/index.yaml", "formulas: [test-score@1]\n");
        write(root, "formula-specs/test-score/v1.yaml", Specs.SUBTRACTIVE.replace("version: 1", "version: 2"));
        try (URLClassLoader loader = (URLClassLoader) folder(root)) {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> FormulaRegistry.fromClasspath(loader));
            assertEquals("shipped formula specs are broken: formula-specs/test-score/v1.yaml: declares test-score@2 "
                    + "but its path says test-score@1", e.getMessage());
        }
        write(root, "formula-specs/index.yaml", "formulas: [test-score@1, missing@4]\n");
        write(root, "formula-specs/test-score/v1.yaml", Specs.SUBTRACTIVE);
        try (URLClassLoader loader = (URLClassLoader) folder(root)) {
            assertTrue(assertThrows(IllegalStateException.class, () -> FormulaRegistry.fromClasspath(loader)).getMessage()
                    .endsWith("lists missing@4 but formula-specs/missing/v4.yaml is not on the classpath"));
        }
        write(root, "formula-specs/index.yaml", "formulas: [test-score]\n");
        try (URLClassLoader loader = (URLClassLoader) folder(root)) {
            assertTrue(assertThrows(IllegalStateException.class, () -> FormulaRegistry.fromClasspath(loader)).getMessage()
                    .endsWith("'test-score' is not an id@version reference"));
        }
        write(root, "formula-specs/index.yaml", "formula: [test-score@1]\n");
        try (URLClassLoader loader = (URLClassLoader) folder(root)) {
            assertTrue(assertThrows(IllegalStateException.class, () -> FormulaRegistry.fromClasspath(loader)).getMessage()
                    .contains("formula-specs/index.yaml: formula: unknown key"));
        }
    }
}
