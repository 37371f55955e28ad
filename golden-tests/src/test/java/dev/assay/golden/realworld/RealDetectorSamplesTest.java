package dev.assay.golden.realworld;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.assay.engine.model.Evidence;
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
 * (labelled in {@code corpus/clawhub/labels.yaml}); npm packages are the tarballs of {@code real-npm/packages.tsv};
 * GitHub components are copies checked in under {@code corpus/real-detectors/github} with their licence and
 * provenance ({@code github/provenance.yaml}).
 */
class RealDetectorSamplesTest {

    private static final Path GOLDEN = Path.of("").toAbsolutePath();
    private static final Path NPM = GOLDEN.resolve("real-npm");
    private static final Path GITHUB = GOLDEN.resolve("corpus/real-detectors/github");
    /** Labels of a real positive that say it is harmful; "benign" needs the detector's benignPositives reason. */
    private static final List<String> HARMFUL = List.of("malicious", "suspicious", "vulnerable");
    private static final List<Detector> DETECTORS = new ArrayList<>();
    private static String pack;
    private static RealWorldLabels labels;
    private static Map<String, RealNpmPackages.Package> npm;
    private static JsonNode github;
    private static Path mirror;
    private static Scanner scanner;
    private static final Map<String, Report> REPORTS = new TreeMap<>();

    record Detector(String rule, List<String> fires, List<String> quiet, String gap, String benignPositives) {
    }

    @BeforeAll
    static void load() throws Exception {
        JsonNode root = new ObjectMapper(new YAMLFactory())
                .readTree(Files.readString(GOLDEN.resolve("corpus/real-detectors/samples.yaml")));
        pack = root.path("pack").asText();
        for (JsonNode d : root.path("detectors")) {
            DETECTORS.add(new Detector(d.path("rule").asText(), strings(d.path("fires")), strings(d.path("quiet")),
                    d.path("gap").asText(""), d.path("benignPositives").asText("")));
        }
        github = new ObjectMapper(new YAMLFactory()).readTree(Files.readString(GITHUB.resolve("provenance.yaml")))
                .path("samples");
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

    /**
     * Positives are labelled harmful (or benign where the detector says why its technique is not harm by itself),
     * look-alikes benign; npm samples are listed in packages.tsv, GitHub samples in provenance.yaml.
     */
    @Test
    void samplesAreLabelledOrListed() {
        Map<String, String> label = new TreeMap<>();
        labels.skills().forEach(s -> label.put(s.path(), s.label()));
        for (Detector d : DETECTORS) {
            for (String s : d.fires()) {
                String l = labelOf(s, label);
                assertTrue(HARMFUL.contains(l) || (l.equals("benign") && d.benignPositives().length() > 10),
                        d.rule() + ": positive " + s + " is labelled " + l);
            }
            for (String s : d.quiet()) {
                String l = labelOf(s, label);
                if (s.startsWith("clawhub:")) {
                    assertEquals("benign", l, d.rule() + ": look-alike " + s);
                } else {
                    assertFalse(l.equals("malicious"), d.rule() + ": look-alike " + s + " is labelled " + l);
                }
            }
        }
    }

    /** Each GitHub copy names its repository, files, commits, licence, date and changes, and ships its licence. */
    @Test
    void githubSamplesCarryTheirLicenceAndProvenance() {
        assertTrue(github.size() > 0, "no GitHub samples in provenance.yaml");
        github.properties().forEach(e -> {
            JsonNode p = e.getValue();
            String name = e.getKey();
            for (String field : List.of("repo", "licence", "read", "changes", "label", "reason")) {
                assertFalse(p.path(field).asText("").isBlank(), name + ": no " + field);
            }
            assertTrue(p.path("licence").asText().matches("(?s)(MIT|Apache-2\\.0|BSD).*"),
                    name + ": licence " + p.path("licence").asText());
            assertTrue(Files.isRegularFile(GITHUB.resolve(name).resolve("LICENSE")), name + ": no LICENSE file");
            assertTrue(p.path("files").size() > 0, name + ": no files");
            for (JsonNode f : p.path("files")) {
                assertTrue(f.path("commit").asText().matches("[0-9a-f]{40}"), name + ": commit of " + f);
                assertTrue(Files.isRegularFile(GITHUB.resolve(name).resolve(f.path("here").asText())),
                        name + ": missing " + f.path("here").asText());
            }
        });
    }

    private static String labelOf(String sample, Map<String, String> clawhub) {
        if (sample.startsWith("clawhub:")) {
            return String.valueOf(clawhub.get(sample.substring(8)));
        }
        if (sample.startsWith("github:")) {
            JsonNode p = github.path(sample.substring(7));
            assertFalse(p.isMissingNode(), sample + " not in github/provenance.yaml");
            return p.path("label").asText();
        }
        assertTrue(sample.startsWith("npm:"), "unknown sample kind: " + sample);
        RealNpmPackages.Package p = npm.get(sample.substring(4));
        assertNotNull(p, sample + " not in packages.tsv");
        return p.label();
    }

    @TestFactory
    Stream<DynamicTest> eachRuleFiresOnItsPositivesAndNotOnItsLookAlikes() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Detector d : DETECTORS) {
            for (String s : d.fires()) {
                tests.add(DynamicTest.dynamicTest(d.rule() + " fires on " + s, () -> {
                    assertTrue(active(report(s), d.rule()), d.rule() + " is not active on " + s);
                    if (d.rule().startsWith("ST-TAINT-")) {
                        namesSourceAndSink(report(s), d.rule(), s);
                    }
                }));
            }
            for (String s : d.quiet()) {
                tests.add(DynamicTest.dynamicTest(d.rule() + " quiet on " + s,
                        () -> assertFalse(active(report(s), d.rule()), d.rule() + " is active on " + s)));
            }
        }
        return tests.stream();
    }

    /**
     * A taint finding names its source line and its sink line, and both are among its evidence (a finding that
     * merges similar flows keeps the details of one of them and the evidence of all).
     */
    private static void namesSourceAndSink(Report r, String rule, String sample) {
        Finding f = r.findings().stream().filter(x -> x.id().equals(rule) && Finding.ACTIVE.equals(x.status()))
                .findFirst().orElseThrow();
        for (String key : List.of("sourceLine", "sinkLine")) {
            Object line = f.details().get(key);
            assertTrue(line != null && f.evidence().stream().anyMatch(e -> namesLine(line, e)),
                    rule + " on " + sample + ": " + key + " " + line + " is not in the evidence " + f.evidence());
        }
    }

    /** "12" or "lib/send.js:12" (a flow across files) names the evidence's line. */
    private static boolean namesLine(Object line, Evidence e) {
        String s = String.valueOf(line);
        return s.equals(String.valueOf(e.lineStart())) || s.equals(e.file() + ":" + e.lineStart());
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
        if (sample.startsWith("github:")) {
            target = GITHUB.resolve(sample.substring(7));
            assertTrue(Files.isDirectory(target), sample + ": no folder " + target);
        } else if (sample.startsWith("clawhub:")) {
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
