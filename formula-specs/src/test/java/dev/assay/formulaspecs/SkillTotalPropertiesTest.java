package dev.assay.formulaspecs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.formula.Formula;
import dev.assay.engine.formula.FormulaEngine;
import dev.assay.engine.formula.FormulaException;
import dev.assay.engine.formula.FormulaRegistry;
import dev.assay.engine.formula.FormulaResult;
import dev.assay.engine.model.Finding;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Properties of skilltotal@1 that spec 001 states in words. */
class SkillTotalPropertiesTest {

    private final Formula formula;

    SkillTotalPropertiesTest() throws FormulaException {
        formula = FormulaRegistry.shipped().resolve("skilltotal@1");
    }

    @Provide
    Arbitrary<List<Finding>> findings() {
        return Findings.lists();
    }

    private FormulaResult score(List<Finding> findings) {
        return FormulaEngine.evaluate(formula, findings);
    }

    @Property
    void scoreStaysWithinZeroToHundred(@ForAll("findings") List<Finding> findings) {
        BigDecimal s = score(findings).score();
        assertTrue(s.signum() >= 0 && s.compareTo(BigDecimal.valueOf(100)) <= 0, s::toPlainString);
    }

    @Property
    void repeatingFindingsNeverChangesTheScore(@ForAll("findings") List<Finding> findings) {
        List<Finding> twice = new ArrayList<>(findings);
        twice.addAll(findings);
        assertEquals(score(findings).score(), score(twice).score());
        assertEquals(score(findings).level(), score(twice).level());
    }

    @Property
    void capabilityFindingsScoreZero(@ForAll("findings") List<Finding> findings) {
        List<Finding> capabilities = findings.stream()
                .map(f -> Findings.of(f.id(), f.severity(), "capability", f.status())).toList();
        FormulaResult r = score(capabilities);
        assertEquals(BigDecimal.ZERO, r.score());
        assertEquals("low", r.level());
    }

    /** min(100, sum of one weight per distinct risk rule), computed independently of the interpreter. */
    @Property
    void matchesTheSpecDefinition(@ForAll("findings") List<Finding> findings) {
        Map<String, Integer> perRule = new TreeMap<>();
        for (Finding f : findings) {
            boolean risk = f.threatClass().equals("malicious_indicator") || f.threatClass().equals("risky_construct");
            if (risk && Finding.ACTIVE.equals(f.status())) {
                int weight = switch (f.severity()) {
                    case CRITICAL -> 30;
                    case HIGH -> 20;
                    case MEDIUM -> 10;
                    case LOW -> 3;
                    case INFO -> 0;
                };
                perRule.merge(f.id(), weight, Math::max);
            }
        }
        int expected = Math.min(100, perRule.values().stream().mapToInt(Integer::intValue).sum());
        FormulaResult r = score(findings);
        assertEquals(BigDecimal.valueOf(expected), r.score());
        String level = expected >= 75 ? "critical" : expected >= 50 ? "high" : expected >= 25 ? "medium" : "low";
        assertEquals(level, r.level());
    }
}
