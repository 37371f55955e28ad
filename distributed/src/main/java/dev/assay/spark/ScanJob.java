package dev.assay.spark;

import dev.assay.engine.Extraction;
import dev.assay.engine.ScanException;
import dev.assay.engine.Scanner;
import dev.assay.engine.diff.DiffFormat;
import dev.assay.engine.diff.DiffResult;
import dev.assay.engine.diff.DiffWriters;
import dev.assay.engine.diff.ScoreDiff;
import dev.assay.engine.diff.TargetDiff;
import dev.assay.engine.model.Report;
import dev.assay.engine.report.ReportException;
import dev.assay.engine.report.ReportFormat;
import dev.assay.engine.report.ReportReader;
import dev.assay.engine.report.ReportWriters;
import dev.assay.engine.spi.Limits;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;
import org.apache.spark.util.LongAccumulator;
import scala.Tuple2;

/**
 * The Spark job: {@code scan}, {@code diff} and {@code summary} over a registry of components (see {@link #USAGE}).
 * The driver lists the components, resolves the pack to a {@link PackIdentity} and hands out contiguous, id-sorted
 * slices; each executor task reads its components ({@link ComponentReader}) and scores them with the JVM's one
 * compiled pack ({@link ExecutorEngine}). Rows come out in id order, one per component; a component that cannot be
 * read is a row with its error. Every report of a job carries the job's start time as {@code generatedAt}, so that a
 * task Spark reruns gives the same row.
 */
public final class ScanJob {

    static final String USAGE = """
            usage: assay-spark scan    (--input FOLDER [--depth N] | --list FILE | --table TABLE) --pack ID@VERSION
                                       [--formula ID@N] --output OUT [--format parquet|jsonl] [--timings]
                   assay-spark diff    (--input … | --list … | --table …) --pack BEFORE --pack AFTER
                                       [--formula BEFORE --formula AFTER] --output DIR [--format parquet|jsonl]
                   assay-spark summary TABLE [--format text|json|markdown]
            common: [--master local[N]|yarn|k8s://…] [--partition-size N] [--overwrite] [--generated-at INSTANT]
            """;

    private ScanJob() {
    }

    /** spark-submit's entry point; also what ./assay-spark runs. Exit code 0, or 1 with one line on stderr. */
    public static void main(String[] args) {
        if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h")) {
            System.out.print(USAGE);
            return;
        }
        int code = run(args, System.out, System.err);
        if (code != 0) {
            System.exit(code);
        }
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        JobOptions o;
        try {
            o = JobOptions.parse(args);
        } catch (JobException e) {
            err.println("assay-spark: " + e.getMessage());
            return 1;
        }
        // The pack loads on another core while Spark starts (the summary needs none).
        Instant at = startTime(o);
        PackLoad packs = o.verb.equals("summary") ? null : packLoad(o, at);
        SparkSession spark = session(o);
        PhaseTimer timer = o.timings ? PhaseTimer.sinceJvmStart(err) : null;
        if (timer != null) {
            timer.mark("jvm+spark");
        }
        try {
            switch (o.verb) {
                case "scan" -> out.print(scan(spark, o, at, packs, timer).text());
                case "diff" -> out.print(diff(spark, o, at, packs));
                default -> out.print(Summary.of(spark, o.positional.get(0)).render(o.format));
            }
            return 0;
        } catch (JobException e) {
            err.println("assay-spark: " + e.getMessage());
            return 1;
        } finally {
            spark.stop();
            if (timer != null) {
                timer.mark("stop");
                timer.print();
            }
        }
    }

    /**
     * The session. In local mode the driver is the only executor, so what a cluster needs and a single JVM does not is
     * turned off unless the user set it: the web UI (a Jetty server and a listener fed by every task), 200 shuffle
     * partitions for the summary's aggregations (one per core is enough on one machine), and run-time code generation
     * for the row conversions ({@value #CODEGEN_MODE}: Spark's interpreted projections write the same rows; a few
     * rows per second do not repay compiling generated Java with Janino, whose signed jar no class-data archive holds).
     */
    static SparkSession session(JobOptions o) {
        return builder(o).getOrCreate();
    }

    static final String CODEGEN_MODE = "NO_CODEGEN";

    /**
     * The builder behind {@link #session}. Spark's classic session builder directly: {@code SparkSession.builder()}
     * first looks its implementation (classic or Connect) up through Scala's runtime reflection, loading and
     * unpickling Scala symbols on the driver's single-threaded start-up path (docs/scale-out.md, eighth session).
     */
    static org.apache.spark.sql.classic.SparkSession.Builder builder(JobOptions o) {
        org.apache.spark.SparkConf given = new org.apache.spark.SparkConf();
        var b = org.apache.spark.sql.classic.SparkSession.builder().appName("assay " + o.verb);
        String master = o.master;
        if (master == null) {
            master = given.contains("spark.master") ? given.get("spark.master") : "local[*]";
        }
        b.master(master);
        if (master.startsWith("local")) {
            if (!given.contains("spark.ui.enabled")) {
                b.config("spark.ui.enabled", false);
            }
            if (!given.contains("spark.sql.shuffle.partitions")) {
                b.config("spark.sql.shuffle.partitions", Math.max(1, localCores(master)));
            }
            if (!given.contains("spark.sql.codegen.factoryMode")) {
                b.config("spark.sql.codegen.factoryMode", CODEGEN_MODE);
            }
        }
        return b;
    }

    /** The threads of a local master: local, local[N], local[*] (and the local[N,F] forms with retries). */
    static int localCores(String master) {
        int open = master.indexOf('[');
        if (open < 0) {
            return 1;
        }
        String n = master.substring(open + 1, master.length() - 1).split(",")[0].strip();
        if (n.equals("*")) {
            return Runtime.getRuntime().availableProcessors();
        }
        try {
            return Integer.parseInt(n);
        } catch (NumberFormatException e) {
            return Runtime.getRuntime().availableProcessors();
        }
    }

    /** What a scan wrote. */
    record ScanOutcome(String output, long components, long errors) {
        String text() {
            return "scanned " + components + " components (" + errors + " could not be scanned) into " + output + "\n";
        }
    }

    static ScanOutcome scan(SparkSession spark, JobOptions o) throws JobException {
        Instant at = startTime(o);
        return scan(spark, o, at, packLoad(o, at), null);
    }

    /** {@code packs} is the load {@link #packLoad} started for these options and {@code at}. */
    static ScanOutcome scan(SparkSession spark, JobOptions o, Instant at, PackLoad packs, PhaseTimer timer)
            throws JobException {
        PackIdentity identity = packs.identity(0);
        if (timer != null) {
            timer.mark("pack"); // what was left of the pack load once Spark had started
        }
        List<Component> components = Components.list(spark, o);
        checkOutput(spark, o.output, o.overwrite);
        if (timer != null) {
            timer.mark("list");
        }
        boolean timings = o.timings;
        // The rows with an error, counted as they are made: the write is the job's one action and its tasks are
        // result tasks, whose accumulator updates Spark applies once per partition (a failed or duplicate attempt's
        // are dropped), so this is the count of what was written without reading the output back (a second job).
        LongAccumulator errors = spark.sparkContext().longAccumulator("assay rows with an error");
        boolean oneThread = oneThreadTasks(spark.sparkContext().getConf());
        JavaRDD<Row> rows = slices(spark, components, o.partitionSize).mapPartitions(it -> {
            Limits limits = ExecutorEngine.limits(oneThread); // the CLI's bounds
            Scanner scanner = ExecutorEngine.scanner(identity, at, oneThread);
            Configuration conf = ExecutorEngine.hadoopConfiguration();
            List<Row> done = new ArrayList<>();
            while (it.hasNext()) {
                for (Component c : it.next()) {
                    Row r = scanOne(c, scanner, identity, limits, conf, timings);
                    if (!r.isNullAt(ScanRows.ERROR)) {
                        errors.add(1);
                    }
                    done.add(r);
                }
            }
            return done.iterator();
        });
        Dataset<Row> table = spark.createDataFrame(rows, ScanRows.schema(timings));
        write(table, o.output, o.format, o.overwrite);
        if (timer != null) {
            timer.mark("scan+write");
        }
        return new ScanOutcome(o.output, components.size(), errors.value());
    }

    static Row scanOne(Component c, Scanner scanner, PackIdentity identity, Limits limits, Configuration conf,
            boolean timings) {
        long start = System.nanoTime();
        Report report;
        try {
            report = scanner.report(ComponentReader.extract(c, List.of(scanner), limits, conf));
        } catch (ScanException e) {
            return ScanRows.error(c, identity, ComponentReader.oneLine(e), millis(start, timings));
        } catch (RuntimeException | StackOverflowError e) {
            return ScanRows.error(c, identity, "internal error: " + e.getClass().getSimpleName() + ": "
                    + ComponentReader.oneLine(e), millis(start, timings));
        }
        String json = ReportWriters.render(report, ReportFormat.JSON);
        return ScanRows.row(c, report, json, millis(start, timings));
    }

    private static Long millis(long start, boolean timings) {
        return timings ? (System.nanoTime() - start) / 1_000_000 : null;
    }

    /**
     * The diff: each component read once and scored on both sides where it is read; the per-component table is written
     * from there, and the driver joins the two reports of every component into the whole diff (text, JSON and
     * Markdown, as {@code assay diff} renders it).
     */
    static String diff(SparkSession spark, JobOptions o) throws JobException {
        Instant at = startTime(o);
        return diff(spark, o, at, packLoad(o, at));
    }

    static String diff(SparkSession spark, JobOptions o, Instant at, PackLoad packs) throws JobException {
        PackIdentity before = packs.identity(0);
        PackIdentity after = packs.identity(1);
        List<Component> components = Components.list(spark, o);
        checkOutput(spark, o.output, o.overwrite);
        boolean oneThread = oneThreadTasks(spark.sparkContext().getConf());
        JavaRDD<Tuple2<Row, String[]>> results = slices(spark, components, o.partitionSize).mapPartitions(it -> {
            Limits limits = ExecutorEngine.limits(oneThread);
            Scanner s1 = ExecutorEngine.scanner(before, at, oneThread);
            Scanner s2 = ExecutorEngine.scanner(after, at, oneThread);
            ScoreDiff.Comparison comparison = ScoreDiff.comparison(s1, s2);
            Configuration conf = ExecutorEngine.hadoopConfiguration();
            List<Tuple2<Row, String[]>> done = new ArrayList<>();
            while (it.hasNext()) {
                for (Component c : it.next()) {
                    done.add(diffOne(c, comparison, limits, conf));
                }
            }
            return done.iterator();
        }).persist(StorageLevel.MEMORY_AND_DISK());
        Dataset<Row> table = spark.createDataFrame(results.map(Tuple2::_1), DiffRows.SCHEMA);
        write(table, o.output + "/components", o.format, o.overwrite);
        // The two reports of each component, in id order, back on the driver: TargetDiffs are re-made from them there
        // (a report reads back into an equal Report), which gives the summary over all components.
        List<String[]> reports = results.map(Tuple2::_2).collect();
        results.unpersist();
        ScoreDiff.Comparison comparison = ScoreDiff.comparison(ExecutorEngine.scanner(before, at, oneThread),
                ExecutorEngine.scanner(after, at, oneThread)); // the two the driver resolved the identities with
        List<TargetDiff> diffs = new ArrayList<>(reports.size());
        for (String[] r : reports) {
            if (r[1] != null) {
                diffs.add(TargetDiff.failed(r[0], r[1]));
            } else {
                diffs.add(comparison.compare(r[0], read(r[2]), read(r[3])));
            }
        }
        DiffResult result = comparison.result(diffs);
        Configuration conf = spark.sparkContext().hadoopConfiguration();
        // The engine's three diff formats (HTML is rendered by the html-report module, which the job does not carry).
        Map<DiffFormat, String> written = Map.of(DiffFormat.TEXT, "txt", DiffFormat.JSON, "json", DiffFormat.MARKDOWN, "md");
        for (DiffFormat f : List.of(DiffFormat.TEXT, DiffFormat.JSON, DiffFormat.MARKDOWN)) {
            writeText(conf, o.output + "/diff." + written.get(f), DiffWriters.render(result, f));
        }
        return DiffWriters.render(result, DiffFormat.TEXT);
    }

    /** The table row and {target, error, report before, report after}. */
    static Tuple2<Row, String[]> diffOne(Component c, ScoreDiff.Comparison comparison, Limits limits, Configuration conf) {
        try {
            Extraction x = ComponentReader.extract(c, comparison.scanners(), limits, conf);
            Report r1 = comparison.scanners().get(0).report(x);
            Report r2 = comparison.scanners().get(1).report(x);
            TargetDiff d = comparison.compare(x.target().path(), r1, r2);
            return new Tuple2<>(DiffRows.row(c, d), new String[] {x.target().path(), null,
                ReportWriters.render(r1, ReportFormat.JSON), ReportWriters.render(r2, ReportFormat.JSON)});
        } catch (ScanException e) {
            return failed(c, ComponentReader.oneLine(e));
        } catch (RuntimeException | StackOverflowError e) {
            return failed(c, "internal error: " + e.getClass().getSimpleName() + ": " + ComponentReader.oneLine(e));
        }
    }

    private static Tuple2<Row, String[]> failed(Component c, String error) {
        TargetDiff d = TargetDiff.failed(c.path(), error);
        return new Tuple2<>(DiffRows.row(c, d), new String[] {c.path(), error, null, null});
    }

    private static Report read(String json) {
        try {
            return ReportReader.read(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
        } catch (ReportException e) {
            throw new IllegalStateException("a report written by this job does not read back: " + e.getMessage(), e);
        }
    }

    private static Instant startTime(JobOptions o) {
        return o.generatedAt != null ? o.generatedAt : Instant.now().truncatedTo(ChronoUnit.SECONDS);
    }

    /**
     * Starts loading the pack(s) the verb names: one for a scan, before and after for a diff. The settings are read
     * as the session will read them (spark-submit's {@code --conf} and {@code -Dspark.*} reach both).
     */
    static PackLoad packLoad(JobOptions o, Instant at) {
        boolean oneThread = oneThreadTasks(new org.apache.spark.SparkConf());
        if (o.verb.equals("diff")) {
            return PackLoad.start(List.of(o.packBefore(), o.packAfter()),
                    Arrays.asList(o.formulaBefore(), o.formulaAfter()), at, oneThread);
        }
        return PackLoad.start(List.of(o.packBefore()), Arrays.asList(o.formulaBefore()), at, oneThread);
    }

    /**
     * Whether each scan keeps to its task's thread: Spark gives a task {@code spark.task.cpus} cores (1 unless set),
     * and runs as many tasks at once as an executor has cores, so a scan that also used the engine's shared analysis
     * threads (one per processor of the machine) would take cores Spark has given to other tasks, or that a
     * container's CPU limit does not have. With {@code spark.task.cpus} above 1 a scan may use those threads too.
     * The rows are the same either way.
     */
    static boolean oneThreadTasks(org.apache.spark.SparkConf conf) {
        return conf.getInt("spark.task.cpus", 1) <= 1;
    }

    /**
     * Contiguous id-sorted slices, one per partition, so that the output's files and rows are in id order. Spark hands
     * out a stage's tasks in partition order, so the large slices of {@link #sliceSizes} run first and the small ones
     * last.
     */
    private static JavaRDD<List<Component>> slices(SparkSession spark, List<Component> components, int partitionSize) {
        JavaSparkContext context = JavaSparkContext.fromSparkContext(spark.sparkContext());
        List<Integer> sizes = partitionSize > 0 ? fixedSizes(components.size(), partitionSize)
                : sliceSizes(components.size(), context.defaultParallelism());
        List<List<Component>> slices = new ArrayList<>(sizes.size());
        int from = 0;
        for (int size : sizes) {
            slices.add(new ArrayList<>(components.subList(from, from + size)));
            from += size;
        }
        // As many partitions as elements: Spark's parallelize then puts exactly one slice in each, in order.
        return context.parallelize(slices, Math.max(1, slices.size()));
    }

    /** Each slice, when the partition size is not given, holds about this share of the components still left per core. */
    static final int SHARE_PER_CORE = 2;
    static final int MIN_PARTITION = 16;
    static final int MAX_PARTITION = 1_000;

    /**
     * The components per task when {@code --partition-size} is not given: each slice holds 1/({@value #SHARE_PER_CORE}
     * × cores) of the components not yet handed out, between {@value #MIN_PARTITION} and {@value #MAX_PARTITION}
     * (guided scheduling). Every task pays a fixed cost for its output file (a Parquet writer, the commit, Hadoop's
     * permission calls, which fork {@code chmod} without its native library: about 0.1 s of CPU per task on one
     * machine), so the slices are large while much is left; they shrink towards the end, so that the last task, which
     * may run while the other cores have nothing left, is short. For the 1,961 skills of the ClawHub mirror on two
     * cores: 16 tasks, from 491 components down to 16 and 12.
     */
    static List<Integer> sliceSizes(int components, int cores) {
        long per = (long) Math.max(1, cores) * SHARE_PER_CORE;
        List<Integer> sizes = new ArrayList<>();
        int left = components;
        while (left > 0) {
            int size = (int) Math.min(left, Math.max(MIN_PARTITION, Math.min(MAX_PARTITION, (left + per - 1) / per)));
            sizes.add(size);
            left -= size;
        }
        return sizes;
    }

    /** {@code --partition-size N}: slices of N components, the last one holding the rest. */
    static List<Integer> fixedSizes(int components, int size) {
        List<Integer> sizes = new ArrayList<>();
        for (int left = components; left > 0; left -= size) {
            sizes.add(Math.min(size, left));
        }
        return sizes;
    }

    private static void checkOutput(SparkSession spark, String output, boolean overwrite) throws JobException {
        try {
            Path p = new Path(output);
            FileSystem fs = p.getFileSystem(spark.sparkContext().hadoopConfiguration());
            if (fs.exists(p) && !overwrite) {
                throw new JobException("the output " + output + " exists; remove it or give --overwrite");
            }
        } catch (IOException | IllegalArgumentException e) {
            throw new JobException("cannot write to " + output + ": " + ComponentReader.oneLine(e));
        }
    }

    private static void write(Dataset<Row> table, String output, String format, boolean overwrite) {
        var w = table.write().mode(overwrite ? SaveMode.Overwrite : SaveMode.ErrorIfExists);
        if (format.equals("jsonl")) {
            w.json(output);
        } else {
            w.parquet(output);
        }
    }

    private static void writeText(Configuration conf, String file, String text) throws JobException {
        try {
            Path p = new Path(file);
            try (OutputStream out = p.getFileSystem(conf).create(p, true)) {
                out.write(text.getBytes(StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new JobException("cannot write " + file + ": " + ComponentReader.oneLine(e));
        }
    }
}
