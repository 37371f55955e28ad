package dev.assay.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.ScanException;
import dev.assay.engine.Scanner;
import dev.assay.engine.model.Report;
import dev.assay.engine.spi.Limits;
import dev.assay.engine.spi.TargetSource;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine's entry point for targets held in memory ({@link Scanner#scan(TargetSource)}): the same report as a scan
 * of the equivalent archive or folder on disk, within the same bounds. No Spark here.
 */
class TargetSourceTest {

    private static Scanner scanner;
    private static Scanner small;

    @TempDir
    static Path tmp;

    @BeforeAll
    static void build() throws ScanException {
        Clock clock = Clock.fixed(Instant.parse("2026-12-01T00:00:00Z"), ZoneOffset.UTC);
        scanner = Scanner.builder().pack("skilltotal@1.2.0").clock(clock).build();
        Limits d = Limits.defaults();
        small = Scanner.builder().pack("skilltotal@1.2.0").clock(clock)
                .limits(new Limits(64, 1000, 3, d.maxDepth(), d.maxExpansionRatio(), d.maxArchiveNesting(),
                        d.maxConfigDepth())).build();
    }

    private static TargetSource.Tree tree(Path folder) throws IOException {
        List<TargetSource.TreeFile> files = new ArrayList<>();
        try (Stream<Path> s = Files.walk(folder)) {
            for (Path f : s.filter(Files::isRegularFile).sorted().toList()) {
                byte[] bytes = Files.readAllBytes(f);
                files.add(new TargetSource.TreeFile(folder.relativize(f).toString(), bytes.length, -1,
                        () -> new ByteArrayInputStream(bytes)));
            }
        }
        return new TargetSource.Tree(folder.toString(), files);
    }

    @Test
    void aTreeGivesTheReportOfTheFolder() throws Exception {
        for (String c : Fixtures.CASES) {
            Path folder = Fixtures.caseFolder(c);
            Report disk = scanner.scan(folder);
            Report memory = scanner.scan(tree(folder));
            assertEquals(disk, memory, c);
        }
    }

    @Test
    void archiveBytesGiveTheReportOfTheArchiveFile() throws Exception {
        for (String c : Fixtures.CASES) {
            Path zip = tmp.resolve(c + ".zip");
            Fixtures.zip(Fixtures.caseFolder(c), zip);
            Report disk = scanner.scan(zip);
            Report memory = scanner.scan(new TargetSource.Archive(zip.toString(), zip.getFileName().toString(),
                    Files.readAllBytes(zip)));
            assertEquals(disk, memory, c);
        }
    }

    @Test
    void hostileArchiveBytesAreBoundedAsOnDisk() throws Exception {
        Path bomb = tmp.resolve("bomb.zip");
        Fixtures.bomb(bomb);
        Path climb = tmp.resolve("climb.zip");
        Fixtures.traversal(climb);
        for (Path zip : List.of(bomb, climb)) {
            Report memory = scanner.scan(new TargetSource.Archive(zip.toString(), zip.getFileName().toString(),
                    Files.readAllBytes(zip)));
            assertEquals(scanner.scan(zip), memory, zip.toString());
            assertTrue(!memory.coverage().filesSkipped().isEmpty(), zip.toString());
        }
        ScanException e = assertThrows(ScanException.class, () -> scanner.scan(
                new TargetSource.Archive("x.zip", "x.zip", "not a zip".getBytes(java.nio.charset.StandardCharsets.UTF_8))));
        assertEquals("not a valid zip archive: x.zip", e.getMessage());
    }

    @Test
    void aTreeIsReadWithinTheLimits() throws Exception {
        byte[] big = new byte[100];
        byte[] ok = "---\nname: s\n---\n".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        List<TargetSource.TreeFile> files = new ArrayList<>();
        files.add(new TargetSource.TreeFile("SKILL.md", ok.length, -1, () -> new ByteArrayInputStream(ok)));
        files.add(new TargetSource.TreeFile("big.bin", big.length, -1, () -> new ByteArrayInputStream(big)));
        // A store that understates a size is caught by what is actually read.
        files.add(new TargetSource.TreeFile("liar.txt", 1, -1, () -> new ByteArrayInputStream(big)));
        files.add(new TargetSource.TreeFile("../up.txt", 1, -1, () -> new ByteArrayInputStream(ok)));
        files.add(new TargetSource.TreeFile("a/b.txt", 2, -1, () -> new ByteArrayInputStream(ok)));
        files.add(new TargetSource.TreeFile("c.txt", 2, -1, () -> new ByteArrayInputStream(ok)));
        files.add(new TargetSource.TreeFile("d.txt", 2, -1, () -> new ByteArrayInputStream(ok)));
        Report r = small.scan(new TargetSource.Tree("mem", files));
        String skipped = r.coverage().filesSkipped().toString();
        assertTrue(skipped.contains("big.bin") && skipped.contains("larger than 64 bytes"), skipped);
        assertTrue(skipped.contains("liar.txt"), skipped);
        assertTrue(skipped.contains("../up.txt") && skipped.contains("path refused"), skipped);
        assertTrue(skipped.contains("file limit of 3 reached"), skipped);
        assertEquals("directory", r.target().kind());
    }
}
