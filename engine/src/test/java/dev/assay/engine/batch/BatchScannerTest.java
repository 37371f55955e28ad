package dev.assay.engine.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.Scanner;
import dev.assay.engine.formula.Formula;
import dev.assay.engine.pack.DirectoryPackFiles;
import dev.assay.engine.pack.PackCompiler;
import dev.assay.engine.pack.PackLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BatchScannerTest {

    @TempDir
    static Path root;

    static Scanner scanner;

    @BeforeAll
    static void setUp() throws Exception {
        Path pack = root.resolve("pack");
        Files.createDirectories(pack.resolve("rules"));
        Files.writeString(pack.resolve("pack.yaml"), """
                id: tokens
                version: "1.0.0"
                title: Tokens
                scorer: agent-security-score
                formula: agent-security-score@1
                extractors: [test-text]
                """);
        Files.writeString(pack.resolve("rules/tokens.yaml"), """
                rules:
                  - id: TOKENS-TOKEN
                    title: A demo token
                    severity: high
                    check: secrets
                    remediation: Remove it.
                    detect:
                      regex:
                        pattern: 'demo-tok-[a-z0-9]{8}'
                """);
        Formula f = Formula.parse("asc", Files.readAllBytes(Path.of("..", "formula-specs", "agent-security-score", "v1.yaml")));
        scanner = Scanner.builder().pack(PackCompiler.compile(new PackLoader().load(DirectoryPackFiles.open(pack))))
                .formula(f).clock(Clock.fixed(Instant.EPOCH, ZoneOffset.UTC)).build();
    }

    private static List<Path> targets(int n) throws Exception {
        List<Path> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Path t = root.resolve("t" + i);
            Files.createDirectories(t);
            // Every third target holds a token; every fifth does not exist.
            if (i % 5 == 4) {
                out.add(root.resolve("absent-" + i));
                continue;
            }
            Files.writeString(t.resolve("a.conf"), i % 3 == 0 ? "key = demo-tok-abcd1234\n" : "key = none\n",
                    StandardCharsets.UTF_8);
            out.add(t);
        }
        return out;
    }

    @Test
    void everyTargetGetsAResultInOrderAndBadTargetsAreEntriesNotFailures() throws Exception {
        List<Path> targets = targets(20);
        List<BatchScanner.Result> results = new ArrayList<>();
        List<Integer> progress = Collections.synchronizedList(new ArrayList<>());
        BatchScanner.Summary s = new BatchScanner(scanner, 3).scan(targets, results::add,
                (done, failed, total) -> {
                    assertEquals(20, total);
                    progress.add(done);
                });
        assertEquals(new BatchScanner.Summary(20, 16, 4), s);
        assertEquals(20, results.size());
        assertEquals(20, progress.size());
        assertTrue(progress.contains(20));
        for (int i = 0; i < 20; i++) {
            BatchScanner.Result r = results.get(i);
            assertEquals(i, r.index());
            assertEquals(targets.get(i), r.target());
            if (i % 5 == 4) {
                assertFalse(r.ok());
                assertNull(r.report());
                assertTrue(r.error().contains("not a folder"), r.error());
            } else {
                assertTrue(r.ok(), r.toString());
                assertEquals(i % 3 == 0 ? 85 : 100, r.report().score().intValue(), "target " + i);
            }
        }
    }

    @Test
    void aBatchGivesTheSameReportsAsScanningOneByOne() throws Exception {
        List<Path> targets = targets(8);
        List<BatchScanner.Result> results = new ArrayList<>();
        new BatchScanner(scanner, 2).scan(targets, results::add);
        for (BatchScanner.Result r : results) {
            if (r.ok()) {
                assertEquals(scanner.scan(r.target()), r.report());
            }
        }
    }

    @Test
    void aResultHasAReportOrAnErrorNeverBoth() {
        assertThrows(IllegalArgumentException.class, () -> new BatchScanner.Result(0, Path.of("x"), null, null));
        assertThrows(IllegalArgumentException.class, () -> new BatchScanner(scanner, 0));
    }
}
