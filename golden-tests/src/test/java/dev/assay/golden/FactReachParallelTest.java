package dev.assay.golden;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.Extraction;
import dev.assay.engine.Scanner;
import dev.assay.engine.fact.Fact;
import dev.assay.engine.formula.FormulaRegistry;
import dev.assay.engine.pack.CompiledPack;
import dev.assay.engine.pack.PackRegistry;
import dev.assay.engine.pack.ShippedPackIndex;
import dev.assay.golden.bench.SyntheticComponents;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A large derivation of a precompiled pack tests which facts a pattern can reach on every core
 * ({@code FactReach.testAll}, each worker with its own view of the session's rule context). For every shipped pack
 * version, over the labelled samples, the real components of this module, the example OpenClaw home and a 3 MB
 * synthetic source tree together (many tasks, and enough text that the session's text work is done up front), the
 * facts kept must be exactly those the one-thread test keeps, in the same order.
 */
class FactReachParallelTest {

    @TempDir
    Path dir;

    @Test
    void testingFactsOnEveryCoreKeepsExactlyTheFactsTheOneThreadTestKeeps() throws Exception {
        List<Path> targets = new ArrayList<>(FactReachSamenessTest.targets());
        Path tree = dir.resolve("tree");
        SyntheticComponents.tree(tree, 3);
        targets.add(tree);
        PackRegistry packs = PackRegistry.shipped();
        List<Scanner> scanners = new ArrayList<>();
        for (ShippedPackIndex.Entry e : packs.available()) {
            scanners.add(Scanner.builder().pack(e.ref()).registries(packs, FormulaRegistry.shipped()).build());
        }
        List<Fact> all = new ArrayList<>();
        for (Path target : targets) {
            Extraction x = Scanner.extract(target, scanners);
            x.facts().values().forEach(all::addAll);
            x.components().values().forEach(all::addAll);
        }
        long kept = 0;
        for (Scanner scanner : scanners) {
            CompiledPack pack = scanner.pack();
            List<Fact> expected = pack.reachable(all);
            List<Fact> parallel = pack.reachableOnEveryCore(all);
            assertEquals(expected.size(), parallel.size(), pack.pack().manifest().ref());
            for (int i = 0; i < expected.size(); i++) {
                assertTrue(expected.get(i) == parallel.get(i), pack.pack().manifest().ref() + ": fact " + i);
            }
            kept += expected.size();
        }
        System.out.printf("FactReachParallelTest: %d packs x %d facts, %d kept%n", scanners.size(), all.size(), kept);
        assertTrue(scanners.size() >= 7, "shipped pack versions compared: " + scanners.size());
        assertTrue(all.size() > 50_000 && kept > 1_000 && kept < all.size() * scanners.size() / 2,
                "facts: " + all.size() + ", kept: " + kept);
    }
}
