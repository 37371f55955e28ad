package dev.assay.golden.realworld;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.model.Report;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Holds recall, precision and the benign flag rate of the SkillTotal packs on real ClawHub skills labelled by hand
 * ({@code corpus/clawhub/labels.yaml}), read from the mirror at {@code ../shared/corpora/clawhub} (CI has it there).
 */
class RealWorldCorpusTest {

    private static final Path REPO = Path.of("").toAbsolutePath().getParent();
    private static RealWorldLabels labels;
    private static Path mirror;
    private static int mirrorSize;
    private static final Map<String, Map<String, Report>> REPORTS = new TreeMap<>();

    @BeforeAll
    static void scanLabelled() throws Exception {
        labels = RealWorldLabels.load(Path.of("").toAbsolutePath().resolve("corpus/clawhub/labels.yaml"));
        mirror = RealWorldLabels.findMirror(REPO);
        assertNotNull(mirror, "the ClawHub mirror (shared/corpora/clawhub/skills beside the repository) is missing;"
                + " give it with -Dassay.clawhub=DIR");
        mirrorSize = RealWorldRunner.allSkills(mirror).size();
        List<String> paths = labels.skills().stream().map(RealWorldLabels.Skill::path).toList();
        for (String pack : labels.packs()) {
            REPORTS.put(pack, RealWorldRunner.scan(mirror, paths, pack));
        }
    }

    @TestFactory
    Stream<DynamicTest> eachPackHoldsItsFiguresOnRealSkills() {
        return labels.packs().stream().map(pack -> DynamicTest.dynamicTest(pack, () -> {
            RealWorldEvaluation.Figures f = RealWorldEvaluation.evaluate(labels, REPORTS.get(pack), mirrorSize);
            assertEquals(List.of(), f.shortfalls(labels.thresholds().get(pack)), f.summary());
        }));
    }

    @Test
    void labelsAreUniqueAndNameFoldersOfTheMirror() {
        TreeSet<String> seen = new TreeSet<>();
        for (RealWorldLabels.Skill s : labels.skills()) {
            assertTrue(seen.add(s.path()), "labelled twice: " + s.path());
            assertTrue(Files.isDirectory(mirror.resolve(s.path())), "not in the mirror: " + s.path());
        }
    }

    @Test
    void theSampleHasEveryKindOfSkill() {
        for (String label : RealWorldLabels.LABELS) {
            long n = labels.skills().stream().filter(s -> s.label().equals(label)).count();
            assertTrue(n >= 5, label + ": " + n + " skills");
        }
    }

    /** The check can fail: calling a caught malicious skill benign turns it into a false alarm. */
    @Test
    void relabellingACaughtMaliciousSkillAsBenignIsAFalseAlarm() {
        String latest = labels.packs().get(0);
        Map<String, Report> reports = REPORTS.get(latest);
        RealWorldLabels.Skill hit = labels.skills().stream()
                .filter(s -> s.label().equals("malicious") && RealWorldEvaluation.flagged(reports.get(s.path())))
                .findFirst().orElseThrow();
        List<RealWorldLabels.Skill> changed = new ArrayList<>();
        for (RealWorldLabels.Skill s : labels.skills()) {
            changed.add(s == hit ? new RealWorldLabels.Skill(s.path(), "benign", "relabelled by the test") : s);
        }
        RealWorldEvaluation.Figures f = RealWorldEvaluation.evaluate(
                new RealWorldLabels(labels.packs(), labels.thresholds(), changed), reports, mirrorSize);
        assertTrue(f.falseAlarms().contains(hit.path()));
        assertFalse(f.shortfalls(new RealWorldLabels.Thresholds(0, 1.0, 0.0)).isEmpty());
    }
}
