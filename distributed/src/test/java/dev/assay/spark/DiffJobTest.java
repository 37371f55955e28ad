package dev.assay.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.Scanner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The diff verb in local mode reproduces {@code assay diff} on the same components; executors check the pack. */
class DiffJobTest {

    private static SparkSession spark;

    @TempDir
    static Path tmp;

    @BeforeAll
    static void start() {
        spark = Fixtures.session();
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    @Test
    void aDiffRunReproducesAssayDiff() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("components"));
        List<String> targets = new ArrayList<>();
        for (String c : Fixtures.CASES) {
            Fixtures.zip(Fixtures.caseFolder(c), dir.resolve(c + ".zip"));
        }
        Fixtures.write(dir.resolve("broken.zip"), "not a zip\n");
        for (String c : Fixtures.CASES.stream().map(c -> c + ".zip").sorted().toList()) {
            targets.add(dir.resolve(c).toString());
        }
        targets.add(1, dir.resolve("broken.zip").toString()); // "broken.zip" sorts second by id, as the job orders
        List<String> sorted = new ArrayList<>(targets);
        sorted.sort(null);
        assertEquals(sorted, targets);
        String out = tmp.resolve("diff").toString();
        String[] args = {"diff", "--input", dir.toString(), "--pack", "skilltotal@1.1.0", "--pack", "skilltotal@1.2.0",
            "--output", out, "--partition-size", "3"};
        String text = ScanJob.diff(spark, JobOptions.parse(args));

        List<String> cli = new ArrayList<>(List.of("diff", "--pack", "skilltotal@1.1.0", "--pack", "skilltotal@1.2.0"));
        cli.addAll(targets);
        List<String> json = new ArrayList<>(cli);
        json.addAll(List.of("--format", "json"));
        List<String> md = new ArrayList<>(cli);
        md.addAll(List.of("--format", "markdown"));
        assertEquals(Fixtures.cliAnyExit(json.toArray(String[]::new)), Files.readString(Path.of(out, "diff.json")));
        assertEquals(Fixtures.cliAnyExit(md.toArray(String[]::new)), Files.readString(Path.of(out, "diff.md")));
        String cliText = Fixtures.cliAnyExit(cli.toArray(String[]::new));
        assertEquals(cliText, Files.readString(Path.of(out, "diff.txt")));
        assertEquals(cliText, text);

        Map<String, Row> rows = new HashMap<>();
        for (Row r : spark.read().parquet(out + "/components").collectAsList()) {
            rows.put(r.getAs("id"), r);
        }
        assertEquals(targets.size(), rows.size());
        assertTrue(rows.get("broken.zip").<String>getAs("error").startsWith("not a valid zip archive"));
        for (String c : Fixtures.CASES) {
            Row r = rows.get(c + ".zip");
            assertNotNull(r.getAs("levelAfter"), c);
            assertNotNull(r.getAs("diff"), c);
        }
    }

    @Test
    void anExecutorRefusesAPackThatIsNotTheOneTheJobNamed() throws Exception {
        Instant at = Instant.parse("2026-12-01T00:00:00Z");
        Scanner s = ExecutorEngine.build("skilltotal@1.2.0", null, at, true);
        PackIdentity real = PackIdentity.of("skilltotal@1.2.0", null, s);
        assertTrue(ExecutorEngine.scanner(real, at, true) == ExecutorEngine.scanner(real, at, true), "one scanner per JVM");
        PackIdentity other = new PackIdentity(real.packRef(), null, real.pack(), real.packVersion(),
                "sha256:0000000000000000000000000000000000000000000000000000000000000000", real.formula(),
                real.formulaVersion(), real.formulaHash());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ExecutorEngine.scanner(other, at, true));
        assertTrue(e.getMessage().contains("but the job expects"), e.getMessage());
    }
}
