package dev.assay.engine.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.Extraction;
import dev.assay.engine.Scanner;
import dev.assay.engine.formula.Formula;
import dev.assay.engine.model.Report;
import dev.assay.engine.model.TargetInfo;
import dev.assay.engine.pack.CompiledPack;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScoreDiffTest {

    @TempDir
    static Path root;

    static Scanner v1;
    static Scanner v2;
    static Path t1;
    static Path t2;
    static Path t3;
    static Path missing;

    @BeforeAll
    static void setUp() throws Exception {
        Formula f = TwoVersions.formula();
        CompiledPack p1 = TwoVersions.compile(root.resolve("packs"), "1.0.0");
        CompiledPack p2 = TwoVersions.compile(root.resolve("packs"), "1.1.0");
        v1 = TwoVersions.scanner(p1, f);
        v2 = TwoVersions.scanner(p2, f);
        t1 = TwoVersions.target(root, "t1", Map.of("app.conf", "token = demo-tok-abcd1234\npassword = hunter2\n"));
        t2 = TwoVersions.target(root, "t2", Map.of("app.conf", "token = demo-tok-abcd1234\npassword = x\n",
                "notes.txt", "legacy-flag on\n"));
        t3 = TwoVersions.target(root, "t3", Map.of("app.conf", "name = demo\n"));
        missing = root.resolve("no-such-target");
    }

    private static BigDecimal n(int v) {
        return BigDecimal.valueOf(v);
    }

    private static TargetDiff find(DiffResult r, Path target) {
        return r.targets().stream().filter(t -> t.target().equals(target.toString())).findFirst().orElseThrow();
    }

    @Test
    void twoPackVersionsOverManyTargetsAttributeEveryChangeToARule() throws Exception {
        DiffResult r = ScoreDiff.scanners(v1, v2, List.of(t1, t2, t3, missing), 2);

        assertEquals("demo@1.0.0", r.before().packRef());
        assertEquals("demo@1.1.0", r.after().packRef());
        assertEquals(List.of("DEMO-OLD removed", "DEMO-READABLE changed", "DEMO-SECRET-WORD added"),
                r.ruleChanges().stream().map(c -> c.ruleId() + " " + c.change()).toList());
        assertEquals(List.of(new FieldChange("severity", "low", "medium")), r.ruleChanges().get(1).fields());
        assertTrue(r.formulaChanges().isEmpty());
        assertEquals(List.of(t1.toString(), t2.toString(), t3.toString(), missing.toString()),
                r.targets().stream().map(TargetDiff::target).toList(), "targets keep the order they were given in");

        // t1: 100-15-1 = 84 (good) → 100-15-5-15 = 65 (weak).
        TargetDiff d1 = find(r, t1);
        assertEquals(n(84), d1.before().score());
        assertEquals(n(65), d1.after().score());
        assertEquals(n(-19), d1.delta());
        assertTrue(d1.levelChanged());
        assertEquals(List.of("changed DEMO-READABLE", "added DEMO-SECRET-WORD"),
                d1.findings().stream().map(c -> c.change().id() + " " + c.ruleId()).toList());
        FindingChange readable = d1.findings().get(0);
        assertEquals(List.of(new FieldChange("severity", "low", "medium")), readable.fields());
        assertEquals(List.of(new Cause(Cause.Kind.RULE, "DEMO-READABLE",
                "rule DEMO-READABLE changed in demo@1.1.0: severity low → medium")), readable.causes());
        FindingChange secret = d1.findings().get(1);
        assertEquals("rule DEMO-SECRET-WORD is new in demo@1.1.0 (high, risky_construct)", secret.causes().get(0).detail());
        assertNull(secret.before());
        assertEquals("app.conf", secret.after().evidence().get(0).file());
        assertEquals(2, secret.after().evidence().get(0).lineStart());
        assertEquals(1, d1.unchangedFindings(), "DEMO-TOKEN is the same on both sides");

        assertEquals(List.of("rule DEMO-READABLE 84 → 80 good → good", "rule DEMO-SECRET-WORD 80 → 65 good → weak"),
                d1.moves().stream().map(m -> m.label() + " " + m.from() + " → " + m.to() + " " + m.levelFrom() + " → "
                        + m.levelTo()).toList());

        // t2: 100-15-1-1-5 = 78 → 100-15-5-5-15 = 60; DEMO-OLD's removal gives back 5 first (rule-id order).
        TargetDiff d2 = find(r, t2);
        assertEquals(List.of(n(5), n(-8), n(-15)), d2.moves().stream().map(ScoreMove::delta).toList());
        assertEquals(d2.delta(), d2.moves().stream().map(ScoreMove::delta).reduce(BigDecimal.ZERO, BigDecimal::add));
        assertEquals("rule DEMO-OLD was removed in demo@1.1.0", d2.findings().stream()
                .filter(c -> c.change() == FindingChange.Change.REMOVED).findFirst().orElseThrow().causes().get(0).detail());

        TargetDiff d3 = find(r, t3);
        assertEquals(n(99), d3.before().score());
        assertEquals(n(95), d3.after().score());
        assertFalse(d3.levelChanged());

        TargetDiff failed = find(r, missing);
        assertTrue(failed.failed());
        assertTrue(failed.error().contains("not a folder"), failed.error());

        DiffSummary s = r.summary();
        assertEquals(4, s.targets());
        assertEquals(1, s.failed());
        assertEquals(3, s.changed());
        assertEquals(3, s.scoreChanged());
        assertEquals(2, s.levelChanged());
        assertEquals(List.of(t1.toString(), t2.toString(), t3.toString()),
                s.largestMoves().stream().map(DiffSummary.Move::target).toList(), "largest move first");
        assertEquals(List.of("rule DEMO-SECRET-WORD", "rule DEMO-READABLE"), s.largestMoves().get(0).causes());
        DiffSummary.Impact top = s.causes().get(0);
        assertEquals("DEMO-SECRET-WORD", top.ref());
        assertEquals(n(-30), top.scoreMove());
        assertEquals(2, top.targets());
        assertEquals(2, top.added());
        assertEquals(2, top.levelChanges());
        DiffSummary.Impact readableImpact = s.causes().stream().filter(i -> i.ref().equals("DEMO-READABLE")).findFirst()
                .orElseThrow();
        assertEquals(3, readableImpact.targets());
        assertEquals(4, readableImpact.changed(), "one finding per readable file: 1 + 2 + 1");
        assertEquals(n(-16), readableImpact.scoreMove());
    }

    @Test
    void eachTargetIsExtractedOnceForBothSides() throws Exception {
        int before = CountingExtractor.RUNS.get();
        ScoreDiff.scanners(v1, v2, List.of(t1, t2, t3), 1);
        assertEquals(3, CountingExtractor.RUNS.get() - before);
    }

    @Test
    void extractThenReportIsExactlyAScan() throws Exception {
        for (Path t : List.of(t1, t2, t3)) {
            Extraction x = v2.extract(t);
            assertEquals(v2.scan(t), v2.report(x));
            Extraction shared = Scanner.extract(t, List.of(v1, v2));
            assertEquals(v1.scan(t), v1.report(shared));
            assertEquals(v2.scan(t), v2.report(shared));
        }
    }

    @Test
    void aDiffOfOneSideWithItselfShowsNoChange() throws Exception {
        DiffResult r = ScoreDiff.scanners(v2, v2, List.of(t1, t2), 1);
        assertTrue(r.ruleChanges().isEmpty());
        assertEquals(0, r.summary().changed());
        assertTrue(r.targets().stream().allMatch(t -> t.findings().isEmpty() && t.moves().isEmpty()));
        assertTrue(r.summary().causes().isEmpty());
    }

    @Test
    void aFormulaChangeIsAttributedToTheFormula() throws Exception {
        Formula f2 = TwoVersions.formulaV2("  high: 15\n", "  high: 20\n");
        Scanner v2f = TwoVersions.scanner(v2.pack(), f2);
        DiffResult r = ScoreDiff.scanners(v1, v2f, List.of(t1), 1);
        TargetDiff d = r.targets().get(0);
        // Rules first under the old formula (84 → 80 → 65), then the new weights over the new findings: 100-20-5-20 = 55.
        assertEquals(List.of("rule DEMO-READABLE", "rule DEMO-SECRET-WORD", "formula agent-security-score@2"),
                d.moves().stream().map(ScoreMove::label).toList());
        ScoreMove last = d.moves().get(2);
        assertEquals(n(65), last.from());
        assertEquals(n(55), last.to());
        assertEquals(Cause.Kind.FORMULA, last.causes().get(0).kind());
        assertEquals(n(55), d.after().score());
    }

    @Test
    void reportsFromAnotherTargetAttributeChangesToTheInput() throws Exception {
        Report a = withDigest(v2.scan(t3), "sha256:aaaa");
        Report b = withDigest(v2.scan(t1), "sha256:bbbb");
        DiffResult r = ScoreDiff.reports(a, b, null, null);
        TargetDiff d = r.targets().get(0);
        assertEquals(t3 + " → " + t1, d.target());
        assertFalse(d.findings().isEmpty());
        for (FindingChange c : d.findings()) {
            assertEquals(List.of(Cause.Kind.INPUT), c.causes().stream().map(Cause::kind).toList(), c.toString());
            assertEquals("target", c.causes().get(0).ref());
        }
        assertEquals(1, d.moves().size(), "without formulas at hand the move is one step");
        assertEquals(d.delta(), d.moves().get(0).delta());
    }

    @Test
    void reportsOfTwoPackVersionsWithoutThePacksAtHandSayThePackChanged() throws Exception {
        DiffResult r = ScoreDiff.reports(v1.scan(t1), v2.scan(t1), null, null);
        assertTrue(r.ruleChanges().isEmpty(), "rule definitions are not available without a registry");
        for (FindingChange c : r.targets().get(0).findings()) {
            assertEquals(Cause.Kind.RULE, c.causes().get(0).kind());
            assertTrue(c.causes().get(0).detail().startsWith("pack demo@1.0.0 ("), c.causes().get(0).detail());
        }
        assertEquals(n(-19), r.targets().get(0).delta());
    }

    static Report withDigest(Report r, String digest) {
        return new Report(r.schemaVersion(), r.scannerVersion(), r.scorer(), r.formula(), r.formulaVersion(),
                r.formulaHash(), r.pack(), r.packVersion(), r.rulesHash(),
                new TargetInfo(r.target().path(), r.target().kind(), digest), r.score(), r.level(), r.attestation(),
                r.verdict(), r.counts(), r.findings(), r.needsReview(), r.capabilities(), r.coverage(), r.generatedAt());
    }
}
