package dev.assay.engine.batch;

import dev.assay.engine.ScanException;
import dev.assay.engine.Scanner;
import dev.assay.engine.model.Report;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Scans many targets with one {@link Scanner} in one process: the compiled pack, formula and extractors are shared,
 * each target gets its own rule session, and {@code jobs} targets are scanned at a time. A target that cannot be
 * scanned (missing, unreadable, an extractor or rule failure) becomes a {@link Result} with an error; it never stops the
 * batch. Results reach the consumer in the order the targets were given, whatever finished first.
 */
public final class BatchScanner {

    private final Scanner scanner;
    private final int jobs;

    /**
     * @param jobs how many targets to scan at once, at least 1
     */
    public BatchScanner(Scanner scanner, int jobs) {
        this.scanner = Objects.requireNonNull(scanner, "scanner");
        if (jobs < 1) {
            throw new IllegalArgumentException("jobs must be at least 1, not " + jobs);
        }
        this.jobs = jobs;
    }

    /** One target's outcome: its report, or a one-line error. {@code index} is the target's position in the batch. */
    public record Result(int index, Path target, Report report, String error) {
        public Result {
            if ((report == null) == (error == null)) {
                throw new IllegalArgumentException("a result has either a report or an error");
            }
        }

        public boolean ok() {
            return report != null;
        }
    }

    /** How a batch went: targets given, scanned, and failed. */
    public record Summary(int total, int scanned, int failed) {
    }

    /** Told after each target finishes, from the thread that scanned it: targets done so far, failed so far, total. */
    @FunctionalInterface
    public interface Progress {
        void update(int done, int failed, int total);
    }

    public Summary scan(List<Path> targets, Consumer<Result> sink) throws InterruptedException {
        return scan(targets, sink, (done, failed, total) -> { });
    }

    /**
     * Scans every target and gives each result to {@code sink} in target order, on the calling thread.
     *
     * @throws InterruptedException when interrupted while waiting; targets not yet scanned are abandoned
     */
    public Summary scan(List<Path> targets, Consumer<Result> sink, Progress progress) throws InterruptedException {
        Objects.requireNonNull(sink, "sink");
        Objects.requireNonNull(progress, "progress");
        List<Integer> indexes = new ArrayList<>();
        for (int i = 0; i < targets.size(); i++) {
            indexes.add(i);
        }
        AtomicInteger done = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        int total = targets.size();
        int[] counts = new int[2];
        Parallel.forEachInOrder(indexes, jobs, i -> {
            Result r = scanOne(i, targets.get(i));
            int f = r.ok() ? failed.get() : failed.incrementAndGet();
            progress.update(done.incrementAndGet(), f, total);
            return r;
        }, r -> {
            counts[r.ok() ? 0 : 1]++;
            sink.accept(r);
        });
        return new Summary(total, counts[0], counts[1]);
    }

    private Result scanOne(int index, Path target) {
        try {
            return new Result(index, target, scanner.scan(target), null);
        } catch (ScanException e) {
            return new Result(index, target, null, oneLine(e.getMessage()));
        } catch (RuntimeException | StackOverflowError e) {
            // A bug or a pathological target must cost this target only, and say what happened.
            return new Result(index, target, null, "internal error: " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + oneLine(e.getMessage())));
        }
    }

    private static String oneLine(String s) {
        return s == null ? "unknown error" : s.lines().findFirst().orElse("").strip();
    }
}
