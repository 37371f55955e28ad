package dev.assay.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFileTest {

    @TempDir
    Path dir;

    @Test
    void createsAndReplacesWithoutLeavingTemporaryFiles() throws IOException {
        Path file = dir.resolve("report.txt");
        AtomicFile.write(file, "one\n".getBytes(StandardCharsets.UTF_8));
        AtomicFile.write(file, "two\n".getBytes(StandardCharsets.UTF_8));
        assertEquals("two\n", Files.readString(file));
        assertEquals(List.of(file), listing());
    }

    @Test
    void replacingKeepsTheFilesPermissions() throws IOException {
        Path file = dir.resolve("report.txt");
        Files.writeString(file, "old");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r-----"));
        AtomicFile.write(file, "new".getBytes(StandardCharsets.UTF_8));
        assertEquals("rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
    }

    @Test
    void aSymbolicLinkIsWrittenThroughAndStaysALink() throws IOException {
        Path real = dir.resolve("real.txt");
        Files.writeString(real, "old");
        Path link = Files.createSymbolicLink(dir.resolve("link.txt"), real);
        AtomicFile.write(link, "new".getBytes(StandardCharsets.UTF_8));
        assertTrue(Files.isSymbolicLink(link));
        assertEquals("new", Files.readString(real));
    }

    @Test
    void aFolderIsNeverReplaced() throws IOException {
        Path folder = Files.createDirectories(dir.resolve("reports"));
        assertThrows(IOException.class, () -> AtomicFile.write(folder, new byte[] {1}));
        assertTrue(Files.isDirectory(folder));
        assertEquals(List.of(folder), listing());
    }

    @Test
    void aMissingFolderFailsAndCreatesNothing() throws IOException {
        assertThrows(IOException.class, () -> AtomicFile.write(dir.resolve("nope/report.txt"), new byte[] {1}));
        assertEquals(List.of(), listing());
    }

    private List<Path> listing() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        }
    }
}
