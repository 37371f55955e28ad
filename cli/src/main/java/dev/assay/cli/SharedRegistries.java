package dev.assay.cli;

import dev.assay.engine.Scanner;
import dev.assay.engine.formula.FormulaRegistry;
import dev.assay.engine.pack.PackException;
import dev.assay.engine.pack.PackRegistry;
import dev.assay.engine.spi.Extractor;
import dev.assay.engine.spi.TargetOpener;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * The shipped pack and formula registries, created once per JVM and shared by every in-process run of the command
 * line, so that a shipped pack is loaded once (a second {@code Main.run} in the same JVM scans without reloading
 * rules). Pack folders named with {@code --pack} are not loaded through these: their content may change between runs.
 *
 * <p>{@link #prefetch} lets a fresh process load the rules on other cores while the main thread parses arguments;
 * it only ever saves time: failures there are ignored and show up, with their one-line message, when the command
 * itself asks for the same thing.
 */
final class SharedRegistries {

    private static PackRegistry packs;
    private static FormulaRegistry formulas;
    private static final List<Thread> PREFETCH = new ArrayList<>();
    private static String prefetchedScorer;

    private SharedRegistries() {
    }

    static synchronized PackRegistry packs() throws PackException {
        if (packs == null) {
            packs = PackRegistry.shipped();
        }
        return packs;
    }

    static synchronized FormulaRegistry formulas() {
        if (formulas == null) {
            formulas = FormulaRegistry.shipped();
        }
        return formulas;
    }

    /** Starts loading the newest pack of {@code scorer}, the formulas and the extractors on daemon threads. */
    static void prefetch(String scorer) {
        Thread pack = new Thread(() -> {
            try {
                packs().forScorer(scorer);
            } catch (PackException | RuntimeException e) {
                // Ignored on purpose: the scan reports it when it loads the pack itself.
            }
        }, "assay-prefetch-pack");
        Thread formula = new Thread(() -> {
            try {
                formulas();
                // Instantiating the providers loads and initialises the extractor classes (and their bundled tables)
                // that the scan's own ServiceLoader will ask for next.
                ServiceLoader.load(TargetOpener.class, Scanner.class.getClassLoader()).forEach(p -> { });
                ServiceLoader.load(Extractor.class, Scanner.class.getClassLoader()).forEach(p -> { });
            } catch (RuntimeException | ServiceConfigurationError e) {
                // As above.
            }
        }, "assay-prefetch-formulas-extractors");
        synchronized (PREFETCH) {
            prefetchedScorer = scorer;
            PREFETCH.add(pack);
            PREFETCH.add(formula);
        }
        for (Thread t : List.of(pack, formula)) {
            t.setDaemon(true);
            t.start();
        }
    }

    /**
     * Waits for a prefetch of this scorer's pack to finish, so that the scan takes the loaded pack from the registry
     * instead of loading it a second time in parallel. Returns at once when nothing was prefetched for it.
     */
    static void awaitPrefetch(String scorer) {
        List<Thread> threads;
        synchronized (PREFETCH) {
            if (!scorer.equals(prefetchedScorer)) {
                return;
            }
            threads = List.copyOf(PREFETCH);
        }
        for (Thread t : threads) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
