package dev.assay.golden.bench;

import dev.assay.engine.Extraction;
import dev.assay.engine.ScanException;
import dev.assay.engine.Scanner;
import dev.assay.engine.model.Report;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.treesitter.TSLanguage;
import org.treesitter.TSParser;
import org.treesitter.TSTree;
import org.treesitter.TreeSitterJavascript;
import org.treesitter.TreeSitterPython;

/**
 * In-process scan benchmarks (run by {@code bench/components.sh}; not tests). Every mode writes its synthetic input
 * under the given folder first (see {@link SyntheticComponents}), then measures with {@link System#nanoTime()}.
 *
 * <pre>
 *   ScanBenchmarks throughput DIR COUNT REPS PACK   one warm-up pass, then REPS timed passes over COUNT components
 *   ScanBenchmarks memory DIR COUNT EVERY PACK      one pass over COUNT components; heap after GC and RSS every EVERY
 *   ScanBenchmarks tree DIR MEGABYTES REPS PACK     scan of a large tree vs bare tree-sitter parsing of its files
 * </pre>
 */
public final class ScanBenchmarks {

    private ScanBenchmarks() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 5) {
            System.err.println("usage: ScanBenchmarks throughput|memory|tree DIR N M PACK");
            System.exit(2);
        }
        Path dir = Path.of(args[1]);
        int n = Integer.parseInt(args[2]);
        int m = Integer.parseInt(args[3]);
        String pack = args[4];
        switch (args[0]) {
            case "throughput" -> throughput(dir, n, m, pack);
            case "memory" -> memory(dir, n, m, pack);
            case "tree" -> tree(dir, n, m, pack);
            default -> {
                System.err.println("unknown mode " + args[0]);
                System.exit(2);
            }
        }
    }

    private static void throughput(Path dir, int count, int reps, String pack) throws IOException, ScanException {
        List<Path> components = SyntheticComponents.components(dir, count);
        Scanner scanner = Scanner.builder().pack(pack).build();
        double warm = pass(scanner, components);
        System.out.printf(Locale.ROOT, "warm-up pass: %d components in %.3f s (%.1f/s)%n", count, warm, count / warm);
        double[] rates = new double[reps];
        for (int r = 0; r < reps; r++) {
            double s = pass(scanner, components);
            rates[r] = count / s;
            System.out.printf(Locale.ROOT, "pass %d: %.3f s, %.1f components/s%n", r + 1, s, rates[r]);
        }
        System.out.printf(Locale.ROOT, "RESULT throughput median %.1f components/s (min %.1f, max %.1f) over %d passes"
                + " of %d components%n", median(rates), min(rates), max(rates), reps, count);
    }

    private static double pass(Scanner scanner, List<Path> components) throws ScanException {
        long t0 = System.nanoTime();
        long sink = 0;
        for (Path c : components) {
            sink += scanner.scan(c).findings().size();
        }
        long t1 = System.nanoTime();
        if (sink < 0) {
            throw new IllegalStateException(); // keeps the scans from being optimised away
        }
        return (t1 - t0) / 1e9;
    }

    private static void memory(Path dir, int count, int every, String pack) throws IOException, ScanException {
        // Only the files are kept, not the list of their paths: the scan asks each Path for its string form, which a
        // JDK Path caches in itself, so a list held for the whole run would grow by that string (about 80 bytes) per
        // component scanned and show as heap growth that is the benchmark's, not the scanner's.
        SyntheticComponents.components(dir, count);
        Scanner scanner = Scanner.builder().pack(pack).build();
        System.out.println("| components scanned | heap used after GC (MB) | RSS (MB) | seconds since start |");
        System.out.println("|---|---|---|---|");
        long t0 = System.nanoTime();
        sample(0, t0);
        for (int i = 0; i < count; i++) {
            Report r = scanner.scan(SyntheticComponents.component(dir, i));
            if (r.findings().size() < 0) {
                throw new IllegalStateException();
            }
            if ((i + 1) % every == 0) {
                sample(i + 1, t0);
            }
        }
    }

    private static void sample(int scanned, long t0) throws IOException {
        System.gc();
        System.gc();
        long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        System.out.printf(Locale.ROOT, "| %d | %.1f | %.1f | %.1f |%n", scanned, heap / 1048576.0, rssKb() / 1024.0,
                (System.nanoTime() - t0) / 1e9);
    }

    private static long rssKb() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        return -1;
    }

    private static void tree(Path dir, int megabytes, int reps, String pack) throws IOException, ScanException {
        List<Path> files = SyntheticComponents.tree(dir, megabytes);
        List<byte[]> sources = new ArrayList<>(files.size());
        long bytes = 0;
        for (Path f : files) {
            byte[] b = Files.readAllBytes(f);
            sources.add(b);
            bytes += b.length;
        }
        // The binding's bare parse (its bundled, unoptimised natives) is the old floor; with the own -O2 tree-sitter
        // components.sh measures the floor from C instead and turns this one off (-Dbench.bindingParse=false).
        boolean bindingParse = !"false".equals(System.getProperty("bench.bindingParse"));
        System.out.printf(Locale.ROOT, "tree: %d files, %.1f MB%n", files.size(), bytes / 1048576.0);
        Scanner scanner = Scanner.builder().pack(pack).build();
        double[] parse = new double[reps];
        double[] scan = new double[reps];
        double[] scanCpu = new double[reps];
        double[] extract = new double[reps];
        Report last = null;
        for (int r = -1; r < reps; r++) { // r = -1: untimed warm-up of both
            System.gc();
            double p = bindingParse ? bareParse(files, sources) : Double.NaN;
            System.gc();
            long c0 = processCpuNanos();
            long t0 = System.nanoTime();
            Extraction x = scanner.extract(dir); // scan = extract + report, timed apart to show where the time goes
            long t1 = System.nanoTime();
            last = scanner.report(x);
            double s = (System.nanoTime() - t0) / 1e9;
            double c = (processCpuNanos() - c0) / 1e9;
            double e = (t1 - t0) / 1e9;
            System.out.printf(Locale.ROOT, "%s: bare parse %.3f s, scan %.3f s, cpu %.3f s (extract %.3f s, derive and"
                    + " score %.3f s)%n", r < 0 ? "warm-up" : "rep " + (r + 1), p, s, c, e, s - e);
            if (r >= 0) {
                parse[r] = p;
                scan[r] = s;
                scanCpu[r] = c;
                extract[r] = e;
            }
        }
        System.out.printf(Locale.ROOT, "coverage: %d files indexed, %d skipped %s%n",
                last.coverage().filesIndexed(), last.coverage().filesSkipped().size(),
                last.coverage().filesSkipped().stream().limit(3).toList());
        System.out.printf(Locale.ROOT, "RESULT tree %.1f MB: scan median %.3f s, cpu median %.3f s (extract median"
                + " %.3f s)%s%n", bytes / 1048576.0, median(scan), median(scanCpu), median(extract), bindingParse
                ? String.format(Locale.ROOT, "; binding bare parse median %.3f s, ratio scan/parse %.2f",
                        median(parse), median(scan) / median(parse)) : "");
    }

    /** CPU time of the whole process (every thread, the collector's and compiler's included). */
    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** One parser per language, each file parsed once from a String, trees dropped: the floor a scanner cannot beat. */
    private static double bareParse(List<Path> files, List<byte[]> sources) {
        TSParser py = parser(new TreeSitterPython());
        TSParser js = parser(new TreeSitterJavascript());
        long nodes = 0;
        long t0 = System.nanoTime();
        for (int i = 0; i < files.size(); i++) {
            TSParser p = files.get(i).toString().endsWith(".py") ? py : js;
            TSTree tree = p.parseString(null, new String(sources.get(i), StandardCharsets.UTF_8));
            nodes += tree.getRootNode().getChildCount();
        }
        double s = (System.nanoTime() - t0) / 1e9;
        if (nodes < 0) {
            throw new IllegalStateException();
        }
        return s;
    }

    private static TSParser parser(TSLanguage language) {
        TSParser p = new TSParser();
        if (!p.setLanguage(language)) {
            throw new IllegalStateException("grammar did not load");
        }
        return p;
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    private static double min(double[] v) {
        return Arrays.stream(v).min().orElse(Double.NaN);
    }

    private static double max(double[] v) {
        return Arrays.stream(v).max().orElse(Double.NaN);
    }
}
