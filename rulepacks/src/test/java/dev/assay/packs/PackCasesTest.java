package dev.assay.packs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.Scanner;
import dev.assay.engine.authoring.CaseOutcome;
import dev.assay.engine.authoring.FixtureCase;
import dev.assay.engine.authoring.LintResult;
import dev.assay.engine.authoring.PackLinter;
import dev.assay.engine.authoring.PackTester;
import dev.assay.engine.authoring.PackTests;
import dev.assay.engine.authoring.TestResult;
import dev.assay.engine.model.Report;
import dev.assay.engine.pack.CompiledPack;
import dev.assay.engine.pack.DirectoryPackFiles;
import dev.assay.engine.pack.PackRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs every shipped pack's tests (fixture cases, inline annotations, facts cases) with the engine's pack tester
 * against the precompiled pack, checks that the DRL-compiled pack finds the same, and lints every shipped pack
 * (which includes: every rule has a test where it must fire and one where it must not).
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

    private static String ref(Path dir) {
        return dir.getParent().getFileName() + "@" + dir.getFileName();
    }

    @TestFactory
    Stream<DynamicTest> everyCaseOfEveryPack() throws Exception {
        PackRegistry registry = PackRegistry.shipped();
        List<DynamicTest> tests = new ArrayList<>();
        for (Path dir : packVersions()) {
            CompiledPack shipped = registry.load(ref(dir));
            assertTrue(shipped.precompiled(), "shipped packs must load from the build-time model");
            TestResult result = new PackTester().test(dir, shipped);
            tests.add(DynamicTest.dynamicTest(ref(dir) + " test files", () ->
                    assertTrue(result.problems().isEmpty(), String.join("\n", result.lines()))));
            for (CaseOutcome o : result.outcomes()) {
                tests.add(DynamicTest.dynamicTest(ref(dir) + " " + o.name(), () ->
                        assertTrue(o.passed(), String.join("\n", result.lines()))));
            }
        }
        assertTrue(!tests.isEmpty(), "no packs found under " + PACKS);
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> precompiledAndDrlCompiledAgree() throws Exception {
        PackRegistry registry = PackRegistry.shipped();
        List<DynamicTest> tests = new ArrayList<>();
        for (Path dir : packVersions()) {
            CompiledPack shipped = registry.load(ref(dir));
            CompiledPack fromDrl = registry.fromFolder(dir);
            DirectoryPackFiles files = DirectoryPackFiles.open(dir);
            for (FixtureCase c : PackTests.read(files).cases()) {
                tests.add(DynamicTest.dynamicTest(ref(dir) + " " + c.name(), () -> {
                    Path target = c.materialise(files, tmp);
                    Report precompiled = Scanner.builder().pack(shipped).clock(FIXED).build().scan(target);
                    Report viaDrl = Scanner.builder().pack(fromDrl).clock(FIXED).build().scan(target);
                    assertEquals(precompiled.findings(), viaDrl.findings(), c.name() + ": precompiled and DRL-compiled packs disagree");
                    assertEquals(precompiled.rulesHash(), viaDrl.rulesHash(), "the same pack content must hash the same");
                }));
            }
        }
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> everyShippedPackLintsClean() throws Exception {
        List<DynamicTest> tests = new ArrayList<>();
        for (Path dir : packVersions()) {
            tests.add(DynamicTest.dynamicTest(ref(dir), () -> {
                LintResult r = new PackLinter().lint(dir);
                assertTrue(r.clean(), String.join("\n", r.lines()));
            }));
        }
        return tests.stream();
    }
}
