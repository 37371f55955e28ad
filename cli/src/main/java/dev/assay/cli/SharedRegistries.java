package dev.assay.cli;

import dev.assay.engine.ScanException;
import dev.assay.engine.Scanner;
import dev.assay.engine.ScorerSelector;
import dev.assay.engine.formula.FormulaRegistry;
import dev.assay.engine.pack.PackException;
import dev.assay.engine.pack.LocatedYaml;
import dev.assay.engine.pack.PackRegistry;
import dev.assay.engine.pack.ShippedPackIndex;
import dev.assay.engine.spi.Extractor;
import dev.assay.engine.spi.Limits;
import dev.assay.engine.spi.TargetOpener;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
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

    /**
     * Starts loading, on daemon threads, the newest pack of {@code scorer} (or, when it is null, of the scorer that
     * {@code target} calls for) and the pack it scores components with, the formulas and the extractors.
     */
    static void prefetch(String scorer, Path target) {
        Thread pack = new Thread(() -> {
            try {
                String chosen = scorer != null ? scorer
                        : ScorerSelector.shipped().select(target, Limits.defaults()).scorer();
                PackRegistry registry = packs();
                registry.available().stream().filter(e -> e.scorer().equals(chosen)).reduce((a, b) -> b)
                        .flatMap(SharedRegistries::componentPack)
                        .ifPresent(ref -> start(new Thread(() -> {
                            try {
                                registry.load(ref);
                            } catch (PackException | RuntimeException e) {
                                // As above.
                            }
                        }, "assay-prefetch-component-pack")));
                registry.forScorer(chosen);
            } catch (PackException | ScanException | RuntimeException e) {
                // Ignored on purpose: the scan reports it when it does the same itself.
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
        start(pack);
        start(formula);
    }

    private static void start(Thread thread) {
        thread.setDaemon(true);
        synchronized (PREFETCH) {
            PREFETCH.add(thread);
        }
        thread.start();
    }

    /**
     * The pack that a shipped pack scores its components with ({@code components.pack} in its pack.yaml), read straight
     * from the class path so that it can load on another core while the pack itself loads.
     */
    private static Optional<String> componentPack(ShippedPackIndex.Entry entry) {
        try (InputStream in = PackRegistry.class.getClassLoader().getResourceAsStream(entry.root() + "pack.yaml")) {
            if (in == null) {
                return Optional.empty();
            }
            String ref = LocatedYaml.parse(in.readAllBytes()).root().path("components").path("pack").asText("");
            return ref.isBlank() ? Optional.empty() : Optional.of(ref);
        } catch (IOException | LocatedYaml.SyntaxError | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * Waits for the prefetch threads, if any, so that the scan takes the loaded pack from the registry instead of
     * loading it a second time in parallel. Returns at once when nothing was prefetched.
     */
    static void awaitPrefetch() {
        // A prefetch thread may start another (the component pack) before it ends: join until none is left.
        for (int joined = 0;; joined++) {
            Thread next;
            synchronized (PREFETCH) {
                if (joined >= PREFETCH.size()) {
                    return;
                }
                next = PREFETCH.get(joined);
            }
            try {
                next.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
