package dev.assay.golden.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.Scanner;
import dev.assay.engine.model.Report;
import dev.assay.engine.pack.RuleDefinition;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Holds the detection figures of the SkillTotal packs on the labelled corpus ({@code corpus/skilltotal}): each pack in
 * labels.yaml must reach the precision and recall recorded there, per technique and overall. Also checks that the
 * labels and the folders agree and that each technique has at least two positives and two benign look-alikes.
 */
class CorpusPrecisionRecallTest {

    private static final Path CORPUS = Path.of("").toAbsolutePath().resolve("corpus/skilltotal");
    private static CorpusLabels labels;
    private static final Map<String, Map<String, Report>> REPORTS = new TreeMap<>();

    @BeforeAll
    static void scanCorpus() throws Exception {
        labels = CorpusLabels.load(CORPUS);
        for (String pack : labels.packs()) {
            REPORTS.put(pack, CorpusRunner.scanAll(labels, pack));
        }
    }

    @TestFactory
    Stream<DynamicTest> eachPackMeetsItsThresholds() {
        return labels.packs().stream().map(pack -> DynamicTest.dynamicTest(pack, () -> {
            Map<String, CorpusLabels.Threshold> min = labels.thresholdsFor(pack);
            Set<String> expectedKeys = new TreeSet<>(labels.techniques().keySet());
            expectedKeys.add(CorpusLabels.OVERALL);
            assertEquals(expectedKeys, min.keySet(), "labels.yaml needs a threshold per technique and overall");
            CorpusEvaluation.Result r = CorpusEvaluation.evaluate(pack, labels, REPORTS.get(pack));
            assertEquals(List.of(), r.shortfalls(min), () -> CorpusEvaluation.table(r, min));
        }));
    }

    @Test
    void everyFolderIsLabelledAndEveryLabelHasAFolder() throws Exception {
        List<String> labelled = labels.components().stream().map(CorpusLabels.Component::path).sorted().toList();
        assertEquals(labels.componentFoldersOnDisk(), labelled);
    }

    @Test
    void eachTechniqueHasTwoPositivesAndTwoLookalikes() {
        for (String t : labels.techniques().keySet()) {
            long positives = labels.components().stream().filter(c -> c.techniques().contains(t)).count();
            long lookalikes = labels.components().stream()
                    .filter(c -> c.techniques().isEmpty() && t.equals(c.lookalikeOf())).count();
            assertTrue(positives >= 2, t + ": " + positives + " positives");
            assertTrue(lookalikes >= 2, t + ": " + lookalikes + " benign look-alikes");
        }
    }

    @Test
    void everyDetectingRuleExistsInTheLatestPack() throws Exception {
        String latest = labels.packs().get(0);
        Set<String> ids = Scanner.builder().pack(latest).build().pack().pack().rules().stream()
                .map(RuleDefinition::id).collect(Collectors.toCollection(TreeSet::new));
        for (CorpusLabels.Technique t : labels.techniques().values()) {
            for (String rule : t.detectedBy()) {
                assertTrue(ids.contains(rule), t.id() + ": " + rule + " is not a rule of " + latest);
            }
        }
    }

    /** The check can fail: a detected positive relabelled as benign turns its hit into a false alarm. */
    @Test
    void relabellingADetectedPositiveAsBenignLowersPrecision() throws Exception {
        String latest = labels.packs().get(0);
        Map<String, Set<String>> detected = CorpusEvaluation.detected(labels, REPORTS.get(latest));
        CorpusLabels.Component hit = labels.components().stream()
                .filter(c -> !c.techniques().isEmpty() && detected.get(c.path()).containsAll(c.techniques()))
                .findFirst().orElseThrow();
        List<CorpusLabels.Component> changed = new ArrayList<>();
        for (CorpusLabels.Component c : labels.components()) {
            changed.add(c == hit ? new CorpusLabels.Component(c.path(), Set.of(), c.techniques().iterator().next()) : c);
        }
        CorpusLabels relabelled = new CorpusLabels(labels.root(), labels.scoredThreatClasses(), labels.packs(),
                labels.techniques(), changed, labels.thresholds());
        CorpusEvaluation.Result r = CorpusEvaluation.evaluate(latest, relabelled, REPORTS.get(latest));
        assertTrue(r.overall().falseAlarms().stream().anyMatch(m -> m.endsWith(hit.path())));
        assertFalse(r.shortfalls(labels.thresholdsFor(latest)).isEmpty());
    }

    @Test
    void scoresAreRepeatable() throws Exception {
        String latest = labels.packs().get(0);
        Map<String, Report> again = CorpusRunner.scanAll(labels, latest);
        for (var e : REPORTS.get(latest).entrySet()) {
            Report a = e.getValue();
            Report b = again.get(e.getKey());
            assertEquals(a.score(), b.score(), e.getKey());
            assertEquals(a.findings().stream().map(f -> f.id() + "@" + f.fingerprint()).toList(),
                    b.findings().stream().map(f -> f.id() + "@" + f.fingerprint()).toList(), e.getKey());
        }
    }
}
