package dev.assay.spark;

import dev.assay.engine.ScanException;
import dev.assay.engine.Scanner;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * The driver's pack load, started on its own thread before Spark's session: Spark's start-up keeps one core busy for
 * a few seconds, and loading the pack (and learning its {@link PackIdentity}) meanwhile uses another. The result does
 * not depend on which thread loads it: the same references give the same identities and the same scanners, offered
 * to the tasks that run in this JVM ({@link ExecutorEngine#offer}).
 */
final class PackLoad {

    private final CompletableFuture<List<PackIdentity>> identities;

    private PackLoad(CompletableFuture<List<PackIdentity>> identities) {
        this.identities = identities;
    }

    /**
     * Starts loading each {@code packRefs[i]} with {@code formulaRefs[i]} (null: the pack's own formula), reports
     * stamped with {@code generatedAt}.
     */
    static PackLoad start(List<String> packRefs, List<String> formulaRefs, Instant generatedAt, boolean oneThread) {
        CompletableFuture<List<PackIdentity>> f = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                List<PackIdentity> ids = new ArrayList<>();
                for (int i = 0; i < packRefs.size(); i++) {
                    ids.add(load(packRefs.get(i), formulaRefs.get(i), generatedAt, oneThread));
                }
                f.complete(ids);
            } catch (ScanException | RuntimeException | Error e) {
                f.completeExceptionally(e);
            }
        }, "assay-pack-load");
        t.setDaemon(true); // a failed session start must not be kept waiting for it
        t.start();
        return new PackLoad(f);
    }

    /** The {@code i}th identity, waiting for the load; a pack that does not load is the job's one-line error. */
    PackIdentity identity(int i) throws JobException {
        try {
            return identities.get().get(i);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new JobException("interrupted while loading the pack");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof ScanException) {
                throw new JobException(cause.getMessage());
            }
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            throw (Error) cause;
        }
    }

    private static PackIdentity load(String packRef, String formulaRef, Instant at, boolean oneThread)
            throws ScanException {
        Scanner scanner = ExecutorEngine.build(packRef, formulaRef, at, oneThread);
        PackIdentity identity = PackIdentity.of(packRef, formulaRef, scanner);
        // In local mode the driver is the executor: its tasks then use this scanner instead of loading the pack again.
        ExecutorEngine.offer(identity, at, oneThread, scanner);
        return identity;
    }
}
