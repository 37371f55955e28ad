package dev.assay.cli;

import dev.assay.engine.Scanner;
import java.io.ByteArrayInputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * Warm-scan benchmark (run by {@code bench/startup.sh}, not by the test suite): scans one target many times in one JVM
 * and prints the median of the last runs, once through the engine API with a scanner built once (what a long-lived
 * service pays per scan) and once through the whole command line in-process (which also loads the pack, resolves the
 * formula and renders the report each time).
 *
 * <p>Usage: {@code WarmScanBenchmark TARGET [RUNS [MEASURED]]}, defaults 100 runs of each, of which the last 40 are
 * measured; the two kinds of run alternate.
 * Output, one line per figure: {@code <name> median_ms=<x> p90_ms=<y> measured=<n> of=<runs>}.
 */
public final class WarmScanBenchmark {

    private WarmScanBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 1 || args.length > 3) {
            throw new IllegalArgumentException("usage: WarmScanBenchmark TARGET [RUNS [MEASURED]]");
        }
        Path target = Path.of(args[0]);
        if (!Files.exists(target)) {
            throw new IllegalArgumentException("no such target: " + target);
        }
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 100;
        int measured = args.length > 2 ? Integer.parseInt(args[2]) : Math.min(40, runs);
        if (runs < 1 || measured < 1 || measured > runs) {
            throw new IllegalArgumentException("need 1 <= MEASURED <= RUNS");
        }

        Scanner scanner = Scanner.builder().scorer(Defaults.SCORER).build();
        String[] cli = {"scan", target.toString()};
        long[] engine = new long[runs];
        long[] whole = new long[runs];
        // Interleaved, so that both figures see the same JIT state: the early runs warm up the code both share.
        for (int i = 0; i < runs; i++) {
            long start = System.nanoTime();
            scanner.scan(target);
            engine[i] = System.nanoTime() - start;

            start = System.nanoTime();
            int code = Main.run(cli, new ByteArrayInputStream(new byte[0]), OutputStream.nullOutputStream(),
                    OutputStream.nullOutputStream());
            whole[i] = System.nanoTime() - start;
            if (code != ExitCode.OK) {
                throw new IllegalStateException("assay scan exited with " + code);
            }
        }
        print("warm-engine-scan", engine, measured);
        print("warm-cli-scan", whole, measured);
    }

    private static void print(String name, long[] nanos, int measured) {
        long[] tail = Arrays.copyOfRange(nanos, nanos.length - measured, nanos.length);
        Arrays.sort(tail);
        double median = tail.length % 2 == 1 ? tail[tail.length / 2]
                : (tail[tail.length / 2 - 1] + tail[tail.length / 2]) / 2.0;
        double p90 = tail[Math.min(tail.length - 1, (int) Math.ceil(tail.length * 0.9) - 1)];
        System.out.println(String.format(Locale.ROOT, "%s median_ms=%.2f p90_ms=%.2f measured=%d of=%d", name,
                median / 1e6, p90 / 1e6, measured, nanos.length));
    }
}
