package dev.assay.engine.batch;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Runs a function over a list on a fixed number of threads and hands the results to a consumer in list order, on the
 * calling thread, as soon as each prefix of the list is done. At most a few items per thread are in flight, so a
 * long list does not hold all its results in memory. Output order never depends on timing.
 */
public final class Parallel {

    /** How many items per thread may be started ahead of the one the consumer waits for. */
    static final int AHEAD_PER_JOB = 4;

    private Parallel() {
    }

    /**
     * Applies {@code work} to every item with {@code jobs} threads (1 runs everything on the calling thread) and gives
     * each result to {@code sink} in item order. {@code work} should not throw: an exception it throws is rethrown
     * here after the remaining work is cancelled, as is one thrown by {@code sink}.
     *
     * @throws InterruptedException when the calling thread is interrupted while waiting; the remaining work is cancelled
     */
    public static <T, R> void forEachInOrder(List<T> items, int jobs, Function<? super T, ? extends R> work,
            Consumer<? super R> sink) throws InterruptedException {
        Objects.requireNonNull(work, "work");
        Objects.requireNonNull(sink, "sink");
        if (jobs < 1) {
            throw new IllegalArgumentException("jobs must be at least 1, not " + jobs);
        }
        if (jobs == 1 || items.size() <= 1) {
            for (T item : items) {
                if (Thread.interrupted()) {
                    throw new InterruptedException("batch interrupted");
                }
                sink.accept(work.apply(item));
            }
            return;
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(jobs, items.size()), threads());
        Deque<Future<? extends R>> inFlight = new ArrayDeque<>();
        int next = 0;
        int window = jobs * AHEAD_PER_JOB;
        try {
            while (next < items.size() || !inFlight.isEmpty()) {
                while (next < items.size() && inFlight.size() < window) {
                    T item = items.get(next++);
                    inFlight.add(pool.submit(() -> work.apply(item)));
                }
                Future<? extends R> head = inFlight.removeFirst();
                R result;
                try {
                    result = head.get();
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    if (cause instanceof RuntimeException re) {
                        throw re;
                    }
                    if (cause instanceof Error err) {
                        throw err;
                    }
                    throw new IllegalStateException(cause);
                } catch (CancellationException e) {
                    throw new IllegalStateException("batch work was cancelled", e);
                }
                sink.accept(result);
            }
        } finally {
            inFlight.forEach(f -> f.cancel(true));
            pool.shutdownNow();
        }
    }

    private static ThreadFactory threads() {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, "assay-batch-" + n.incrementAndGet());
            // A scan stuck in a hostile target must not keep the JVM alive once the caller has given up on it.
            t.setDaemon(true);
            return t;
        };
    }
}
