package dev.assay.golden.realworld;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Report;
import dev.assay.engine.Scanner;
import dev.assay.golden.realnpm.RealNpmPackages;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Holds each issue 10 detector on real public components ({@code corpus/real-detectors/samples.yaml}): the rule is
 * active on its real positives and not active on its real benign look-alikes. ClawHub skills come from the mirror
 * (labelled in {@code corpus/clawhub/labels.yaml}); npm packages are the tarballs of {@code real-npm/packages.tsv}.
 */
class RealDetectorSamplesTest {

    private static final Path GOLDEN = Path.of("").toAbsolutePath();
    private static final Path NPM = GOLDEN.resolve("real-npm");
    private static final List<Detector> DETECTORS = new ArrayList<>();
    private static String pack;
    private static RealWorldLabels labels;
    private static Map<String, RealNpmPackages.Package> npm;
    private static Path mirror;
    private static Scanner scanner;
    private static final Map<String, Report> REPORTS = new TreeMap<>();

    record Detector(String rule, List<String> fires, List<String> quiet, String gap) {
    }

    @BeforeAll
    static void load() throws Exception {
        JsonNode root = new ObjectMapper(new YAMLFactory())
                .readTree(Files.readString(GOLDEN.resolve("corpus/real-detectors/samples.yaml")));
        pack = root.path("pack").asText();
        for (JsonNode d : root.path("detectors")) {
            DETECTORS.add(new Detector(d.path("rule").asText(), strings(d.path("fires")), strings(d.path("quiet")),
                    d.path("gap").asText("")));
        }
        labels = RealWorldLabels.load(GOLDEN.resolve("corpus/clawhub/labels.yaml"));
        npm = new TreeMap<>();
        for (RealNpmPackages.Package p : RealNpmPackages.load(NPM)) {
            npm.put(p.name() + "@" + p.version(), p);
        }
        mirror = RealWorldLabels.findMirror(GOLDEN.getParent());
        scanner = Scanner.builder().pack(pack).clock(Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC))
                .build();
    }

    private static List<String> strings(JsonNode list) {
        List<String> out = new ArrayList<>();
        list.forEach(n -> out.add(n.asText()));
        return out;
    }

    @Test
    void everyDetectorHasLookAlikesAndAPositiveOrASaidGap() {
        assertTrue(DETECTORS.size() >= 10, "detectors: " + DETECTORS.size());
        for (Detector d : DETECTORS) {
            assertFalse(d.quiet().isEmpty(), d.rule() + ": no real benign look-alike");
            assertTrue(!d.fires().isEmpty() || d.gap().length() > 10, d.rule() + ": no real positive and no gap said");
        }
    }

    /** Positives from the mirror are labelled harmful, look-alikes benign; npm samples are listed in packages.tsv. */
    @Test
    void samplesAreLabelledOrListed() {
        Map<String, String> label = new TreeMap<>();
        labels.skills().forEach(s -> label.put(s.path(), s.label()));
        for (Detector d : DETECTORS) {
            for (String s : d.fires()) {
                if (s.startsWith("clawhub:")) {
                    assertTrue(List.of("malicious", "suspicious").contains(label.get(s.substring(8))),
                            d.rule() + ": positive " + s + " is labelled " + label.get(s.substring(8)));
                } else {
                    assertNotNull(npm.get(s.substring(4)), d.rule() + ": " + s + " not in packages.tsv");
                }
            }
            for (String s : d.quiet()) {
                if (s.startsWith("clawhub:")) {
                    assertEquals("benign", label.get(s.substring(8)), d.rule() + ": look-alike " + s);
                } else {
                    assertTrue(s.startsWith("npm:") && npm.containsKey(s.substring(4)), d.rule() + ": " + s);
                    assertFalse(npm.get(s.substring(4)).label().equals("malicious"), d.rule() + ": look-alike " + s);
                }
            }
        }
    }

    @TestFactory
    Stream<DynamicTest> eachRuleFiresOnItsPositivesAndNotOnItsLookAlikes() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Detector d : DETECTORS) {
            for (String s : d.fires()) {
                tests.add(DynamicTest.dynamicTest(d.rule() + " fires on " + s,
                        () -> assertTrue(active(report(s), d.rule()), d.rule() + " is not active on " + s)));
            }
            for (String s : d.quiet()) {
                tests.add(DynamicTest.dynamicTest(d.rule() + " quiet on " + s,
                        () -> assertFalse(active(report(s), d.rule()), d.rule() + " is active on " + s)));
            }
        }
        return tests.stream();
    }

    private static boolean active(Report r, String rule) {
        return r.findings().stream().anyMatch(f -> f.id().equals(rule) && Finding.ACTIVE.equals(f.status()));
    }

    private static synchronized Report report(String sample) throws Exception {
        Report cached = REPORTS.get(sample);
        if (cached != null) {
            return cached;
        }
        Path target;
        if (sample.startsWith("clawhub:")) {
            assertNotNull(mirror, "the ClawHub mirror (shared/corpora/clawhub/skills beside the repository) is missing");
            target = mirror.resolve(sample.substring(8));
        } else {
            RealNpmPackages.Package p = npm.get(sample.substring(4));
            target = NPM.resolve("tarballs").resolve(p.tarballName());
            if (!Files.isRegularFile(target)) {
                String msg = "tarball of " + p + " not fetched: run golden-tests/real-npm/fetch.sh (needs npm)";
                if ("required".equals(System.getenv("ASSAY_REAL_NPM"))) {
                    fail(msg);
                }
                Assumptions.abort(msg + "; skipped because ASSAY_REAL_NPM is not 'required'");
            }
            assertEquals(p.integrity(), RealNpmPackages.integrityOf(target), p + ": tarball does not match packages.tsv");
        }
        Report r = scanner.scan(target);
        assertEquals(pack, r.pack() + "@" + r.packVersion());
        REPORTS.put(sample, r);
        return r;
    }
}
