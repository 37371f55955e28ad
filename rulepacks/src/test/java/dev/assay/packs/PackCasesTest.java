package dev.assay.packs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.Scanner;
import dev.assay.engine.authoring.CaseOutcome;
import dev.assay.engine.authoring.FactsCase;
import dev.assay.engine.authoring.FixtureCase;
import dev.assay.engine.authoring.LintResult;
import dev.assay.engine.authoring.PackLinter;
import dev.assay.engine.authoring.PackTester;
import dev.assay.engine.authoring.Problem;
import dev.assay.engine.authoring.PackTests;
import dev.assay.engine.authoring.TestResult;
import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Report;
import dev.assay.engine.pack.CompiledPack;
import dev.assay.engine.pack.DirectoryPackFiles;
import dev.assay.engine.pack.PackRegistry;
import dev.assay.engine.rules.Detection;
import dev.assay.engine.rules.RuleContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
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

    /**
     * Released versions that predate the message checks and cannot change: their rules without a message template (so
     * their findings show no message, or only a note), and the advisory rule whose DRL computes advisory ids that no
     * template shows. Later versions give each of these rules a message.
     */
    static final Set<String> AGENT_SECURITY_1_X_WITHOUT_MESSAGES = Set.of("ASS-NET-FUNNEL-NOAUTH", "ASS-NET-FUNNEL",
            "ASS-NET-CONTROLUI-NO-ORIGINS", "ASS-NET-CONTROLUI-INSECURE-AUTH", "ASS-TOOL-ELEVATED",
            "ASS-TOOL-BYPASS-PERMISSIONS", "ASS-TOOL-ALL-PROJECT-MCP", "ASS-COMP-KNOWN-MALICIOUS",
            "ASS-ID-DEVICE-AUTH-DISABLED", "ASS-AUDIT-REDACTION-OFF", "ASS-VER-KNOWN-VULNERABLE", "ASS-SEC-LIVE-LEAKED",
            "ASS-EGRESS-NO-ALLOWLIST", "ASS-MEM-OPEN-CHANNEL-WRITES");
    static final Map<String, Set<String>> KNOWN_MESSAGE_GAPS = Map.of(
            "agent-security@1.0.0", AGENT_SECURITY_1_X_WITHOUT_MESSAGES,
            "agent-security@1.1.0", AGENT_SECURITY_1_X_WITHOUT_MESSAGES);

    private static boolean knownGap(String ref, Problem p) {
        return KNOWN_MESSAGE_GAPS.getOrDefault(ref, Set.of()).contains(p.ruleId())
                && (p.message().endsWith("has no message, so its findings do not say what was found")
                        || p.message().contains("but neither its message nor its details use it"));
    }

    @TestFactory
    Stream<DynamicTest> everyShippedPackLintsClean() throws Exception {
        List<DynamicTest> tests = new ArrayList<>();
        for (Path dir : packVersions()) {
            String ref = ref(dir);
            tests.add(DynamicTest.dynamicTest(ref, () -> {
                LintResult r = new PackLinter().lint(dir);
                List<String> left = r.problems().stream().filter(p -> !knownGap(ref, p)).map(Problem::render).toList();
                assertTrue(left.isEmpty(), String.join("\n", left));
                Set<String> gaps = new TreeSet<>();
                r.problems().stream().filter(p -> knownGap(ref, p)).forEach(p -> gaps.add(p.ruleId()));
                assertEquals(new TreeSet<>(KNOWN_MESSAGE_GAPS.getOrDefault(ref, Set.of())), gaps,
                        ref + ": the recorded message gaps must be exactly the ones lint finds");
            }));
        }
        return tests.stream();
    }

    /**
     * The catalogue check: every finding of every fixture case and every detection of every facts case, in every shipped
     * pack, says what it found: a non-empty message with no unfilled {placeholder}. Released versions may lack a message
     * only for their recorded gaps.
     */
    @TestFactory
    Stream<DynamicTest> everyRuleRendersItsMessage() throws Exception {
        PackRegistry registry = PackRegistry.shipped();
        List<DynamicTest> tests = new ArrayList<>();
        for (Path dir : packVersions()) {
            String ref = ref(dir);
            CompiledPack shipped = registry.load(ref);
            DirectoryPackFiles files = DirectoryPackFiles.open(dir);
            PackTests packTests = PackTests.read(files);
            tests.add(DynamicTest.dynamicTest(ref + " messages", () -> {
                List<String> bad = new ArrayList<>();
                Set<String> rendered = new TreeSet<>();
                for (FixtureCase c : packTests.cases()) {
                    Path target = c.materialise(files, tmp.resolve(ref.replace('@', '-')));
                    Report report = Scanner.builder().pack(shipped).clock(FIXED).build().scan(target);
                    List<Finding> all = new ArrayList<>(report.findings());
                    all.addAll(report.needsReview());
                    for (Finding f : all) {
                        check(shipped, c.name(), f.id(), f.message(), bad, rendered);
                    }
                }
                for (FactsCase c : packTests.factsCases()) {
                    for (Detection d : shipped.derive(c.facts()).detections()) {
                        if (!Detection.SUPERSEDED.equals(d.status())) {
                            check(shipped, c.file(), d.ruleId(), d.message() + d.note(), bad, rendered);
                        }
                    }
                }
                assertTrue(bad.isEmpty(), String.join("\n", bad));
                assertFalse(rendered.isEmpty(), ref + ": no case renders any message");
            }));
        }
        return tests.stream();
    }

    /** A placeholder of the rule's template still in the message was never filled (a value may hold other braces). */
    private static void check(CompiledPack pack, String where, String ruleId, String message, List<String> bad,
            Set<String> rendered) {
        String ref = pack.pack().manifest().id() + "@" + pack.pack().manifest().version();
        List<String> unfilled = RuleContext.placeholders(pack.pack().rule(ruleId).map(r -> r.message()).orElse(""))
                .stream().map(p -> "{" + p + "}").filter(message::contains).toList();
        if (message.isBlank()) {
            if (!KNOWN_MESSAGE_GAPS.getOrDefault(ref, Set.of()).contains(ruleId)) {
                bad.add(ref + " " + where + ": " + ruleId + " has an empty message");
            }
        } else if (!unfilled.isEmpty()) {
            bad.add(ref + " " + where + ": " + ruleId + " leaves " + unfilled + " unfilled in: " + message);
        } else {
            rendered.add(ruleId);
        }
    }
}
