package dev.assay.extract.component;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads that parse and analyse source files, one per processor, shared by every scan in the process (so that
 * a batch of parallel scans does not multiply them). Parsing is most of the work of a large component, and each file
 * is parsed on its own, so a large component is parsed and analysed on all cores while its facts are still emitted in
 * path order by the scan's own thread. On one processor, or for a scan whose limits keep it on one thread
 * ({@link dev.assay.engine.spi.Limits#oneThread()}), the work runs on the caller's thread.
 */
final class SourceAnalysisPool {

    private static final int THREADS = Runtime.getRuntime().availableProcessors();
    private static final ExecutorService POOL = THREADS <= 1 ? null : Executors.newFixedThreadPool(THREADS, daemons());

    private SourceAnalysisPool() {
    }

    /** Runs the analysis on the pool, or at once on this thread when there is no pool or the scan keeps to one thread. */
    static <T> Future<T> submit(Callable<T> analysis, boolean oneThread) {
        if (POOL == null || oneThread) {
            try {
                return CompletableFuture.completedFuture(analysis.call());
            } catch (Exception e) {
                return CompletableFuture.failedFuture(e);
            }
        }
        return POOL.submit(analysis);
    }

    /** How many files a scan reads ahead of the one it emits: enough to keep every thread busy, few enough trees. */
    static int filesAhead(boolean oneThread) {
        return POOL == null || oneThread ? 0 : 2 * THREADS;
    }

    private static java.util.concurrent.ThreadFactory daemons() {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, "assay-source-analysis-" + n.incrementAndGet());
            t.setDaemon(true); // never keeps the process alive
            return t;
        };
    }
}
