package dev.assay.spark;

import dev.assay.engine.ScanException;
import dev.assay.engine.spi.Limits;
import dev.assay.engine.Scanner;
import dev.assay.engine.formula.FormulaRegistry;
import dev.assay.engine.pack.PackException;
import dev.assay.engine.pack.PackRegistry;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;

/**
 * The engine as one executor JVM holds it: one scanner per pack identity and report time, built on first use by
 * whichever task needs it and then shared by every task in the JVM (a scanner is thread-safe). Nothing compiled is
 * ever serialised: only the {@link PackIdentity} travels, and the scanner built here is checked against it.
 */
final class ExecutorEngine {

    private static final ConcurrentHashMap<Key, Scanner> SCANNERS = new ConcurrentHashMap<>();
    private static volatile PackRegistry packs;
    private static volatile FormulaRegistry formulas;
    private static volatile Configuration hadoop;

    /** {@code oneThread}: each scan on its task's thread alone ({@link ScanJob#oneThreadTasks}). */
    private record Key(PackIdentity identity, Instant generatedAt, boolean oneThread) {
    }

    private ExecutorEngine() {
    }

    /**
     * The scanner for an identity; {@code generatedAt} stamps every report of the job (the job's start), so that a
     * rerun of a task gives the same row.
     *
     * @throws IllegalStateException when this JVM resolves the pack to something else than the driver did: a
     *                               deployment error that must fail the job, not become rows
     */
    static Scanner scanner(PackIdentity identity, Instant generatedAt, boolean oneThread) {
        Scanner s = SCANNERS.computeIfAbsent(new Key(identity, generatedAt, oneThread),
                k -> build(k.identity(), k.generatedAt(), k.oneThread()));
        String mismatch = identity.mismatch(s);
        if (mismatch != null) {
            throw new IllegalStateException(mismatch);
        }
        return s;
    }

    /**
     * Keeps a scanner the driver built for {@code identity}, for tasks that run in the driver's JVM (local mode), so
     * that one JVM loads a pack once. A cluster's executors are other JVMs and build their own.
     */
    static void offer(PackIdentity identity, Instant generatedAt, boolean oneThread, Scanner scanner) {
        SCANNERS.putIfAbsent(new Key(identity, generatedAt, oneThread), scanner);
    }

    /**
     * The Hadoop configuration tasks open components with: one per JVM, since every new one parses Hadoop's default
     * resources again on first use (tens of milliseconds for each task otherwise).
     */
    static Configuration hadoopConfiguration() {
        Configuration c = hadoop;
        if (c == null) {
            synchronized (ExecutorEngine.class) {
                if (hadoop == null) {
                    hadoop = new Configuration();
                }
                c = hadoop;
            }
        }
        return c;
    }

    /** The CLI's bounds, with each scan on its task's thread alone when {@code oneThread}. */
    static Limits limits(boolean oneThread) {
        return Limits.defaults().withOneThread(oneThread);
    }

    /** Builds a scanner on the driver (to learn the identity) or on an executor. */
    static Scanner build(String packRef, String formulaRef, Instant generatedAt, boolean oneThread)
            throws ScanException {
        Scanner.Builder b = Scanner.builder().pack(packRef).registries(packs(), formulas())
                .clock(Clock.fixed(generatedAt, ZoneOffset.UTC)).limits(limits(oneThread));
        if (formulaRef != null) {
            b.formula(formulaRef);
        }
        return b.build();
    }

    private static Scanner build(PackIdentity identity, Instant generatedAt, boolean oneThread) {
        try {
            return build(identity.packRef(), identity.formulaRef(), generatedAt, oneThread);
        } catch (ScanException e) {
            throw new IllegalStateException("cannot load " + identity.packRef() + " on this executor: " + e.getMessage(), e);
        }
    }

    private static PackRegistry packs() throws ScanException {
        PackRegistry p = packs;
        if (p == null) {
            synchronized (ExecutorEngine.class) {
                if (packs == null) {
                    try {
                        packs = PackRegistry.shipped();
                    } catch (PackException e) {
                        throw new ScanException(e.getMessage(), e);
                    }
                }
                p = packs;
            }
        }
        return p;
    }

    private static FormulaRegistry formulas() {
        FormulaRegistry f = formulas;
        if (f == null) {
            synchronized (ExecutorEngine.class) {
                if (formulas == null) {
                    formulas = FormulaRegistry.shipped();
                }
                f = formulas;
            }
        }
        return f;
    }
}
