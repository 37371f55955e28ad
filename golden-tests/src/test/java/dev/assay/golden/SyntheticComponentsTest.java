package dev.assay.golden;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.golden.bench.SyntheticComponents;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The memory benchmark scans {@link SyntheticComponents#component} by index instead of keeping the list that
 * {@link SyntheticComponents#components} returns; these checks hold it to scanning exactly the folders that were
 * written, without one long-lived object per component. (It lives outside {@code bench}, which
 * {@code bench/components.sh} compiles against the command line's class path alone, without JUnit.)
 */
class SyntheticComponentsTest {

    @TempDir
    Path dir;

    @Test
    void componentNamesTheFoldersThatComponentsWrote() throws IOException {
        List<Path> written = SyntheticComponents.components(dir, 9);
        assertEquals(9, written.size());
        for (int i = 0; i < written.size(); i++) {
            Path byIndex = SyntheticComponents.component(dir, i);
            assertEquals(written.get(i), byIndex);
            assertTrue(Files.isDirectory(byIndex), byIndex + " is not a folder");
            try (Stream<Path> files = Files.walk(byIndex)) {
                assertTrue(files.anyMatch(Files::isRegularFile), byIndex + " holds no file");
            }
        }
        try (Stream<Path> top = Files.list(dir)) {
            assertEquals(9, top.count(), "components wrote folders that component does not name");
        }
    }

    @Test
    void componentGivesAFreshPathOnEveryCall() {
        // A shared instance would carry the string form a scan caches in it for the whole run.
        assertNotSame(SyntheticComponents.component(dir, 3), SyntheticComponents.component(dir, 3));
    }
}
