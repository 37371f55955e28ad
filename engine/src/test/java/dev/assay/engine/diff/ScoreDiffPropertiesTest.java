package dev.assay.engine.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.formula.Formula;
import dev.assay.engine.model.Evidence;
import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Report;
import dev.assay.engine.model.Severity;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class ScoreDiffPropertiesTest {

    private static final Formula FORMULA = load();

    private static Formula load() {
        try {
            return TwoVersions.formula();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Provide
    Arbitrary<List<Finding>> findings() {
        Arbitrary<Finding> one = Combinators.combine(
                Arbitraries.of("R-A", "R-B", "R-C", "R-D"),
                Arbitraries.of(Severity.values()),
                Arbitraries.of("a.js", "b.js", "c.py"),
                Arbitraries.of(Finding.ACTIVE, Finding.ACTIVE, Finding.NEEDS_REVIEW),
                Arbitraries.integers().between(1, 4))
                .as((id, sev, subject, status, line) -> Made.finding(id, sev, subject, status,
                        Evidence.at(subject, line, "snippet " + line)));
        // Reports hold one finding per rule, subject and status.
        return one.list().ofMaxSize(12).map(list -> {
            Map<String, Finding> unique = new LinkedHashMap<>();
            list.forEach(f -> unique.putIfAbsent(f.id() + "/" + f.subject() + "/" + f.status(), f));
            return new ArrayList<>(unique.values());
        });
    }

    private static Report report(List<Finding> findings, String rulesHash, String digest) {
        return Made.report(FORMULA, "demo", "1.0.0", rulesHash, digest, findings);
    }

    @Property(tries = 200)
    void movesAddUpAndEveryFindingIsAccountedFor(@ForAll("findings") List<Finding> before,
            @ForAll("findings") List<Finding> after, @ForAll boolean packChanged) {
        Report a = report(before, "sha256:aa", "sha256:11");
        Report b = report(after, packChanged ? "sha256:bb" : "sha256:aa", packChanged ? "sha256:11" : "sha256:22");
        TargetDiff d = ScoreDiff.reports(a, b, null, FormulaRegistryHolder.REGISTRY).targets().get(0);

        assertEquals(b.score().subtract(a.score()), d.delta());
        BigDecimal sum = d.moves().stream().map(ScoreMove::delta).reduce(BigDecimal.ZERO, BigDecimal::add);
        assertEquals(0, sum.compareTo(d.delta()), d.moves().toString());
        if (d.moves().isEmpty()) {
            assertEquals(a.level(), b.level());
        } else {
            assertEquals(b.score(), d.moves().get(d.moves().size() - 1).to());
            assertEquals(b.level(), d.moves().get(d.moves().size() - 1).levelTo());
            assertEquals(a.score(), d.moves().get(0).from());
        }
        long added = d.findings().stream().filter(c -> c.change() == FindingChange.Change.ADDED).count();
        long removed = d.findings().stream().filter(c -> c.change() == FindingChange.Change.REMOVED).count();
        long changed = d.findings().size() - added - removed;
        assertEquals(before.size(), d.unchangedFindings() + changed + removed);
        assertEquals(after.size(), d.unchangedFindings() + changed + added);
        for (FindingChange c : d.findings()) {
            Cause.Kind expected = packChanged ? Cause.Kind.RULE : Cause.Kind.INPUT;
            assertTrue(c.causes().stream().allMatch(x -> x.kind() == expected), c.causes().toString());
        }
        for (ScoreMove m : d.moves()) {
            assertTrue(m.label().startsWith("rule "), "the formula did not change: " + m.label());
        }
    }

    @Property(tries = 100)
    void swappingTheSidesMirrorsTheDiff(@ForAll("findings") List<Finding> before, @ForAll("findings") List<Finding> after) {
        Report a = report(before, "sha256:aa", "sha256:11");
        Report b = report(after, "sha256:aa", "sha256:22");
        TargetDiff forward = ScoreDiff.reports(a, b, null, FormulaRegistryHolder.REGISTRY).targets().get(0);
        TargetDiff back = ScoreDiff.reports(b, a, null, FormulaRegistryHolder.REGISTRY).targets().get(0);
        assertEquals(forward.delta().negate(), back.delta());
        assertEquals(forward.unchangedFindings(), back.unchangedFindings());
        assertEquals(forward.findings().stream().filter(c -> c.change() == FindingChange.Change.ADDED).count(),
                back.findings().stream().filter(c -> c.change() == FindingChange.Change.REMOVED).count());
    }

    /** The test formula in a registry, so that report diffs can re-evaluate scores exactly. */
    static final class FormulaRegistryHolder {
        static final dev.assay.engine.formula.FormulaRegistry REGISTRY = registry();

        private static dev.assay.engine.formula.FormulaRegistry registry() {
            try {
                return dev.assay.engine.formula.FormulaRegistry.of(List.of(FORMULA));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
