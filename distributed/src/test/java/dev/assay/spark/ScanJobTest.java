package dev.assay.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.spi.Limits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.SparkConf;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The scan verb in local mode: rows against the command line's reports, hostile components, determinism, summary. */
class ScanJobTest {

    private static final String PACK = "skilltotal@1.2.0";
    private static final String AT = "2026-12-01T00:00:00Z";
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
    void theJobsLocalSessionIsClassicWithoutUiOrGeneratedCode() {
        // Fixtures.session() is ScanJob.builder's: every row compared with the command line below is written with it.
        assertTrue(spark instanceof org.apache.spark.sql.classic.SparkSession);
        assertEquals("false", spark.conf().get("spark.ui.enabled"));
        assertEquals("2", spark.conf().get("spark.sql.shuffle.partitions"));
        assertEquals(ScanJob.CODEGEN_MODE, spark.conf().get("spark.sql.codegen.factoryMode"));
    }

    private static ScanJob.ScanOutcome scan(String... args) throws Exception {
        List<String> a = Fixtures.args("scan", "--pack", PACK, "--generated-at", AT, "--partition-size", "2");
        a.addAll(List.of(args));
        return ScanJob.scan(spark, JobOptions.parse(a.toArray(String[]::new)));
    }

    private static Map<String, Row> rows(String table, String format) {
        var t = format.equals("jsonl") ? spark.read().json(table) : spark.read().parquet(table);
        Map<String, Row> m = new HashMap<>();
        for (Row r : t.collectAsList()) {
            m.put(r.getAs("id"), r);
        }
        return m;
    }

    @Test
    void eachScanKeepsToItsTasksThreadUnlessSparkGivesATaskMoreCores() {
        assertTrue(ScanJob.oneThreadTasks(new SparkConf(false)));
        assertTrue(ScanJob.oneThreadTasks(new SparkConf(false).set("spark.task.cpus", "1")));
        assertFalse(ScanJob.oneThreadTasks(new SparkConf(false).set("spark.task.cpus", "2")));
        assertTrue(ExecutorEngine.limits(true).oneThread());
        assertEquals(Limits.defaults(), ExecutorEngine.limits(false));
    }

    @Test
    void foldersGiveTheReportsOfTheCommandLine() throws Exception {
        Path list = tmp.resolve("folders.txt");
        StringBuilder b = new StringBuilder();
        for (String c : Fixtures.CASES) {
            b.append(Fixtures.caseFolder(c)).append('\n');
        }
        Fixtures.write(list, b.toString());
        String out = tmp.resolve("folders.parquet").toString();
        ScanJob.ScanOutcome outcome = scan("--list", list.toString(), "--output", out);
        assertEquals(Fixtures.CASES.size(), outcome.components());
        assertEquals(0, outcome.errors());
        Map<String, Row> rows = rows(out, "parquet");
        for (String c : Fixtures.CASES) {
            String path = Fixtures.caseFolder(c).toString();
            Row r = rows.get(path);
            assertNotNull(r, path);
            assertNull(r.getAs("error"));
            String cli = Fixtures.cli("scan", "--pack", PACK, "--format", "json", path);
            assertEquals(Fixtures.withoutTime(cli), Fixtures.withoutTime(r.getAs("report")), path);
            assertEquals(AT, Fixtures.JSON.readTree((String) r.getAs("report")).get("generatedAt").asText());
            assertEquals(Fixtures.JSON.readTree(cli).get("findings").size(), r.<scala.collection.Seq<?>>getAs("findings").size());
        }
        assertTrue(rows.values().stream().anyMatch(r -> r.<Integer>getAs("critical") > 0),
                "the malicious cases give critical findings");
    }

    @Test
    void archivesInAFolderGiveTheReportsOfTheCommandLine() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("archives"));
        for (String c : Fixtures.CASES) {
            Fixtures.zip(Fixtures.caseFolder(c), dir.resolve(c + ".zip"));
        }
        String out = tmp.resolve("archives.jsonl").toString();
        scan("--input", dir.toString(), "--output", out, "--format", "jsonl");
        Map<String, Row> rows = rows(out, "jsonl");
        assertEquals(Fixtures.CASES.size(), rows.size());
        for (String c : Fixtures.CASES) {
            Row r = rows.get(c + ".zip");
            assertNotNull(r, c);
            String path = dir.resolve(c + ".zip").toString();
            assertEquals(path, r.getAs("path"));
            String cli = Fixtures.cli("scan", "--pack", PACK, "--format", "json", path);
            assertEquals(Fixtures.withoutTime(cli), Fixtures.withoutTime(r.getAs("report")), c);
            assertEquals("zip", Fixtures.JSON.readTree((String) r.getAs("report")).at("/target/kind").asText());
        }
    }

    @Test
    void hostileComponentsGiveErrorOrCoverageRowsAndTheJobCompletes() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("hostile"));
        Fixtures.bomb(dir.resolve("bomb.zip"));
        Fixtures.traversal(dir.resolve("traversal.zip"));
        Fixtures.write(dir.resolve("broken.zip"), "this is not a zip archive\n");
        Fixtures.zip(Fixtures.caseFolder("clawhavoc-skill"), dir.resolve("fine.zip"));
        String out = tmp.resolve("hostile.parquet").toString();
        ScanJob.ScanOutcome outcome = scan("--input", dir.toString(), "--output", out, "--timings");
        assertEquals(4, outcome.components());
        assertEquals(1, outcome.errors());
        Map<String, Row> rows = rows(out, "parquet");
        assertTrue(rows.get("broken.zip").<String>getAs("error").startsWith("not a valid zip archive"),
                rows.get("broken.zip").<String>getAs("error"));
        Row bomb = rows.get("bomb.zip");
        assertNull(bomb.getAs("error"));
        assertTrue(bomb.<String>getAs("report").contains("zeros.txt"), "the bomb's refused entry is in coverage");
        assertTrue(bomb.<Integer>getAs("filesSkipped") > 0);
        Row climb = rows.get("traversal.zip");
        assertNull(climb.getAs("error"));
        assertTrue(climb.<String>getAs("report").contains("outside.sh"), "the climbing entry is in coverage");
        assertNull(rows.get("fine.zip").getAs("error"));
        assertNotNull(rows.get("fine.zip").getAs("scanMillis"));
        // The same rows as the command line gives for the hostile archives.
        for (String name : List.of("bomb.zip", "traversal.zip")) {
            String cli = Fixtures.cli("scan", "--pack", PACK, "--format", "json", dir.resolve(name).toString());
            assertEquals(Fixtures.withoutTime(cli), Fixtures.withoutTime(rows.get(name).getAs("report")), name);
        }

        Summary s = Summary.of(spark, out);
        assertEquals(4, s.components());
        assertEquals(1, s.errors());
        assertEquals(3, s.levels().values().stream().mapToLong(Long::longValue).sum());
        assertEquals(4, s.slowest().size());
        String text = s.render("text");
        assertTrue(text.contains("not a valid zip archive"), text);
        assertTrue(s.render("markdown").contains("## Top rules"));
        assertTrue(s.render("json").contains("\"components\" : 4") || s.render("json").contains("\"components\": 4"));
    }

    @Test
    void aMissingComponentIsAnErrorRow() throws Exception {
        Path list = tmp.resolve("missing.txt");
        Fixtures.write(list, Fixtures.caseFolder("clawhavoc-skill") + "\n" + tmp.resolve("no-such-component") + "\n");
        String out = tmp.resolve("missing.parquet").toString();
        ScanJob.ScanOutcome outcome = scan("--list", list.toString(), "--output", out);
        assertEquals(2, outcome.components());
        assertEquals(1, outcome.errors());
        assertTrue(rows(out, "parquet").get(tmp.resolve("no-such-component").toString()).<String>getAs("error")
                .startsWith("no such file or directory"));
    }

    @Test
    void twoRunsWriteTheSameBytesInIdOrder() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("twice"));
        for (String c : Fixtures.CASES) {
            Fixtures.zip(Fixtures.caseFolder(c), dir.resolve(c + ".zip"));
        }
        String one = tmp.resolve("one").toString();
        String two = tmp.resolve("two").toString();
        scan("--input", dir.toString(), "--output", one, "--format", "jsonl");
        scan("--input", dir.toString(), "--output", two, "--format", "jsonl");
        List<String> a = lines(Path.of(one));
        assertEquals(a, lines(Path.of(two)));
        List<String> ids = new ArrayList<>();
        for (String line : a) {
            ids.add(Fixtures.JSON.readTree(line).get("id").asText());
        }
        assertEquals(ids.stream().sorted().toList(), ids, "rows in id order across the output's files");
        assertEquals(Fixtures.CASES.size(), ids.size());

        // Without --partition-size the slices are sized by the job (large first, small last): the same rows, in the
        // same order, in other part files.
        String sized = tmp.resolve("sized").toString();
        ScanJob.scan(spark, JobOptions.parse(Fixtures.args("scan", "--pack", PACK, "--generated-at", AT, "--input",
                dir.toString(), "--output", sized, "--format", "jsonl").toArray(String[]::new)));
        assertEquals(a, lines(Path.of(sized)));
    }

    private static List<String> lines(Path dir) throws IOException {
        List<Path> parts;
        try (Stream<Path> s = Files.list(dir)) {
            parts = s.filter(p -> p.getFileName().toString().startsWith("part-")).sorted().toList();
        }
        List<String> lines = new ArrayList<>();
        for (Path p : parts) {
            lines.addAll(Files.readAllLines(p));
        }
        return lines;
    }

    @Test
    void aPackThatDoesNotLoadIsTheJobsOneLineError() {
        // The pack loads on its own thread while Spark starts; its failure still ends the job with one line.
        JobException e = assertThrows(JobException.class, () -> ScanJob.scan(spark, JobOptions.parse(new String[] {
            "scan", "--pack", "skilltotal@9.9.9", "--input", tmp.toString(), "--output", tmp.resolve("never").toString()})));
        assertTrue(e.getMessage().contains("9.9.9") && e.getMessage().lines().count() == 1, e.getMessage());
        assertFalse(Files.exists(tmp.resolve("never")));
    }

    @Test
    void badOptionsAreOneLine() {
        var err = new java.io.ByteArrayOutputStream();
        int code = ScanJob.run(new String[] {"scan", "--input", "x", "--pack", "/some/folder", "--output", "o"},
                System.out, new java.io.PrintStream(err, true));
        assertEquals(1, code);
        String e = err.toString();
        assertTrue(e.startsWith("assay-spark: --pack must name a shipped pack") && e.lines().count() == 1, e);
    }
}
