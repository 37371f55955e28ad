package dev.assay.packs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.Scanner;
import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Report;
import dev.assay.engine.pack.CompiledPack;
import dev.assay.engine.pack.PackRegistry;
import dev.assay.engine.pack.RuleDefinition;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs every shipped pack's fixture cases against the precompiled pack, checks that the DRL-compiled pack agrees, and
 * that every rule has a case where it must fire and one where it must stay quiet.
 */
class PackCasesTest {

    private static final Path PACKS = Path.of("").toAbsolutePath();
    private static final Clock FIXED = Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path tmp;

    static List<Path> packVersions() throws IOException {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> s = Files.walk(PACKS, 2)) {
            s.filter(p -> Files.isRegularFile(p.resolve("pack.yaml"))).sorted().forEach(out::add);
        }
        return out;
    }

    @TestFactory
    Stream<DynamicTest> everyCaseOfEveryPack() throws Exception {
        PackRegistry registry = PackRegistry.shipped();
        List<DynamicTest> tests = new ArrayList<>();
        for (Path dir : packVersions()) {
            String ref = dir.getParent().getFileName() + "@" + dir.getFileName();
            CompiledPack shipped = registry.load(ref);
            CompiledPack fromDrl = registry.fromFolder(dir);
            for (PackCase c : PackCase.all(dir)) {
                tests.add(DynamicTest.dynamicTest(ref + " " + c.name(), () -> check(shipped, fromDrl, c)));
            }
        }
        assertTrue(!tests.isEmpty(), "no pack cases found under " + PACKS);
        return tests.stream();
    }

    private void check(CompiledPack shipped, CompiledPack fromDrl, PackCase c) throws Exception {
        assertTrue(shipped.precompiled(), "shipped packs must load from the build-time model");
        Path target = c.materialise(tmp);
        Report report = Scanner.builder().pack(shipped).clock(FIXED).build().scan(target);
        Set<String> fired = report.findings().stream().map(Finding::id).collect(Collectors.toCollection(TreeSet::new));
        for (String id : c.ruleid()) {
            assertTrue(fired.contains(id), c.name() + ": " + id + " must fire; fired: " + fired);
        }
        for (String id : c.ok()) {
            assertTrue(!fired.contains(id), c.name() + ": " + id + " must not fire; evidence: "
                    + report.findings().stream().filter(f -> f.id().equals(id)).map(Finding::evidence).toList());
        }
        Set<String> reviewed = report.needsReview().stream().map(Finding::id)
                .collect(Collectors.toCollection(TreeSet::new));
        for (String id : c.review()) {
            assertTrue(reviewed.contains(id) && !fired.contains(id), c.name() + ": " + id
                    + " must be in needs-review only; needs-review: " + reviewed + ", findings: " + fired);
        }
        if (c.score() != null) {
            assertEquals(c.score().intValue(), report.score().intValue(), c.name() + ": score; findings " + fired);
        }
        if (c.level() != null) {
            assertEquals(c.level(), report.level(), c.name() + ": level; findings " + fired);
        }
        if (c.verdict() != null) {
            assertTrue(report.verdict().contains(c.verdict()), c.name() + ": verdict '" + report.verdict()
                    + "' lacks '" + c.verdict() + "'; findings " + fired);
        }
        if (c.attestation() != null) {
            assertEquals(c.attestation(), report.attestation().eligible(), c.name() + ": attestation");
        }
        Report viaDrl = Scanner.builder().pack(fromDrl).clock(FIXED).build().scan(target);
        assertEquals(report.findings(), viaDrl.findings(), c.name() + ": precompiled and DRL-compiled packs disagree");
        assertEquals(report.needsReview(), viaDrl.needsReview(), c.name() + ": precompiled and DRL-compiled packs disagree");
        assertEquals(report.rulesHash(), viaDrl.rulesHash(), "the same pack content must hash the same");
    }

    @TestFactory
    Stream<DynamicTest> everyRuleHasBothKindsOfCase() throws Exception {
        PackRegistry registry = PackRegistry.shipped();
        List<DynamicTest> tests = new ArrayList<>();
        for (Path dir : packVersions()) {
            String ref = dir.getParent().getFileName() + "@" + dir.getFileName();
            List<PackCase> cases = PackCase.all(dir);
            Set<String> fire = new TreeSet<>();
            Set<String> quiet = new TreeSet<>();
            cases.forEach(c -> {
                fire.addAll(c.ruleid());
                fire.addAll(c.review());
                quiet.addAll(c.ok());
            });
            for (RuleDefinition r : registry.load(ref).pack().rules()) {
                tests.add(DynamicTest.dynamicTest(ref + " " + r.id(), () -> {
                    assertTrue(fire.contains(r.id()), r.id() + " has no case where it must fire (ruleid or review)");
                    assertTrue(quiet.contains(r.id()), r.id() + " has no case where it must stay quiet (ok)");
                }));
            }
        }
        return tests.stream();
    }
}
