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
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A derivation inserts only the facts some pattern of the pack can match (CompiledPack, FactReach). For every shipped
 * pack version, over the labelled samples, the real components kept in this module (GitHub samples and the npm
 * tarballs of MCP servers) and the example OpenClaw home, the detections must be exactly those of a derivation that
 * inserts every fact of every class a pattern names, and the comparison must have left facts out and found things.
 */
class FactReachSamenessTest {

    private static final Path MODULE = Path.of("").toAbsolutePath();

    @Test
    void leavingOutFactsNoPatternCanMatchChangesNoDetectionOfAnyShippedPack() throws Exception {
        List<Path> targets = targets();
        PackRegistry packs = PackRegistry.shipped();
        long facts = 0;
        long inserted = 0;
        long detections = 0;
        List<Scanner> scanners = new ArrayList<>();
        for (ShippedPackIndex.Entry e : packs.available()) {
            scanners.add(Scanner.builder().pack(e.ref()).registries(packs, FormulaRegistry.shipped()).build());
        }
        for (Path target : targets) {
            // One read for every pack; each pack is given all of it (more than its own extractors make: the same
            // input either way, and more for its patterns to be tested against).
            Extraction x = Scanner.extract(target, scanners);
            List<Fact> all = new ArrayList<>();
            x.facts().values().forEach(all::addAll);
            x.components().values().forEach(all::addAll);
            for (Scanner scanner : scanners) {
                CompiledPack pack = scanner.pack();
                List<String> expected = sorted(pack.derive(all, false));
                assertEquals(expected, sorted(pack.derive(all, true)),
                        pack.pack().manifest().ref() + " on " + MODULE.relativize(target));
                facts += all.size();
                inserted += pack.reachable(all).size();
                detections += expected.size();
            }
        }
        int packsCompared = scanners.size();
        System.out.printf("FactReachSamenessTest: %d packs x %d targets: %d facts given, %d inserted, %d detections%n",
                packsCompared, targets.size(), facts, inserted, detections);
        assertTrue(packsCompared >= 7, "shipped pack versions compared: " + packsCompared);
        // Worth something only when facts were left out and the rules still found things.
        assertTrue(detections > 300, "detections compared: " + detections);
        assertTrue(inserted > 1_000 && facts - inserted > 10_000, "facts: " + facts + ", inserted: " + inserted);
    }

    private static List<String> sorted(CompiledPack.Derivation d) {
        List<String> out = new ArrayList<>();
        d.detections().forEach(x -> out.add(x.toString()));
        out.sort(null);
        out.add("stopped=" + d.stopped());
        return out;
    }

    static List<Path> targets() throws IOException {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> s = Files.walk(MODULE.resolve("corpus/skilltotal"), 2)) {
            s.filter(p -> MODULE.resolve("corpus/skilltotal").relativize(p).getNameCount() == 2 && Files.isDirectory(p))
                    .sorted().forEach(out::add);
        }
        try (Stream<Path> s = Files.list(MODULE.resolve("corpus/real-detectors/github"))) {
            s.filter(Files::isDirectory).sorted().forEach(out::add);
        }
        Path tarballs = MODULE.resolve("real-npm/tarballs");
        if (Files.isDirectory(tarballs)) {
            try (Stream<Path> s = Files.list(tarballs)) {
                s.filter(p -> p.toString().endsWith(".tgz")).sorted().forEach(out::add);
            }
        }
        out.add(MODULE.getParent().resolve("examples/openclaw-home"));
        return out;
    }
}
