package dev.assay.formulaspecs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.formula.Formula;
import dev.assay.engine.formula.FormulaEngine;
import dev.assay.engine.formula.FormulaException;
import dev.assay.engine.formula.FormulaRegistry;
import dev.assay.engine.formula.FormulaResult;
import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Severity;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Properties of agent-security-score@1 that spec 000 states in words. */
class AgentSecurityScorePropertiesTest {

    private static final BigDecimal FORTY = BigDecimal.valueOf(40);
    private static final BigDecimal SEVENTY = BigDecimal.valueOf(70);

    private final Formula formula;

    AgentSecurityScorePropertiesTest() throws FormulaException {
        formula = FormulaRegistry.shipped().resolve("agent-security-score@1");
    }

    @Provide
    Arbitrary<List<Finding>> findings() {
        return Findings.lists();
    }

    @Provide
    Arbitrary<Finding> finding() {
        return Findings.any();
    }

    private FormulaResult score(List<Finding> findings) {
        return FormulaEngine.evaluate(formula, findings);
    }

    private static boolean anyActiveCritical(List<Finding> findings) {
        return findings.stream().anyMatch(f -> f.severity() == Severity.CRITICAL && Finding.ACTIVE.equals(f.status()));
    }

    @Property
    void orderNeverChangesTheResult(@ForAll("findings") List<Finding> findings, @ForAll long seed) {
        List<Finding> shuffled = new ArrayList<>(findings);
        Collections.shuffle(shuffled, new Random(seed));
        assertEquals(score(findings), score(shuffled));
    }

    @Property
    void addingAFindingNeverRaisesTheScore(@ForAll("findings") List<Finding> findings, @ForAll("finding") Finding extra) {
        List<Finding> more = new ArrayList<>(findings);
        more.add(extra);
        assertTrue(score(more).score().compareTo(score(findings).score()) <= 0);
    }

    @Property
    void anyCriticalCapsAtForty(@ForAll("findings") List<Finding> findings) {
        if (anyActiveCritical(findings)) {
            assertTrue(score(findings).score().compareTo(FORTY) <= 0);
        }
    }

    @Property
    void scoreStaysWithinZeroToHundred(@ForAll("findings") List<Finding> findings) {
        BigDecimal s = score(findings).score();
        assertTrue(s.signum() >= 0 && s.compareTo(BigDecimal.valueOf(100)) <= 0, s::toPlainString);
    }

    @Property
    void attestationIffSeventyAndNoCritical(@ForAll("findings") List<Finding> findings) {
        FormulaResult r = score(findings);
        boolean expected = r.score().compareTo(SEVENTY) >= 0 && !anyActiveCritical(findings);
        assertEquals(expected, r.attestation().eligible(), r.attestation().reasons()::toString);
    }

    /** The spec's own pseudocode, computed independently of the interpreter. */
    @Property
    void matchesTheSpecPseudocode(@ForAll("findings") List<Finding> findings) {
        int penalty = 0;
        for (Finding f : findings) {
            if (Finding.ACTIVE.equals(f.status())) {
                penalty += switch (f.severity()) {
                    case CRITICAL -> 40;
                    case HIGH -> 15;
                    case MEDIUM -> 5;
                    case LOW -> 1;
                    case INFO -> 0;
                };
            }
        }
        int expected = Math.max(0, Math.min(100, 100 - penalty));
        if (anyActiveCritical(findings)) {
            expected = Math.min(expected, 40);
        }
        assertEquals(BigDecimal.valueOf(expected), score(findings).score());
    }

    @Property
    void needsReviewFindingsChangeNothing(@ForAll("findings") List<Finding> findings, @ForAll("finding") Finding extra) {
        List<Finding> more = new ArrayList<>(findings);
        more.add(Findings.of(extra.id(), extra.severity(), extra.threatClass(), Finding.NEEDS_REVIEW));
        FormulaResult before = score(findings);
        FormulaResult after = score(more);
        assertEquals(before.score(), after.score());
        assertEquals(before.level(), after.level());
        assertEquals(before.attestation(), after.attestation());
    }
}
