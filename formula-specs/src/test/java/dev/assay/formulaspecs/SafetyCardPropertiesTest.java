package dev.assay.formulaspecs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.formula.CriteriaResult;
import dev.assay.engine.formula.CriterionRating;
import dev.assay.engine.formula.CriterionRating.Mechanism;
import dev.assay.engine.formula.CriterionRating.Parameter;
import dev.assay.engine.formula.Formula;
import dev.assay.engine.formula.FormulaEngine;
import dev.assay.engine.formula.FormulaException;
import dev.assay.engine.formula.FormulaRegistry;
import java.math.BigDecimal;
import java.math.RoundingMode;
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

/** Properties of safetycard@1 over random valid scorecards, checked against the method as written in spec 002. */
class SafetyCardPropertiesTest {

    private static final BigDecimal[] FRACTIONS = {new BigDecimal("0"), new BigDecimal("0.25"), new BigDecimal("0.5"),
        new BigDecimal("0.75"), new BigDecimal("1")};
    private static final Map<String, BigDecimal> WEIGHTS = Map.of("S", new BigDecimal("0.30"), "C", new BigDecimal("0.30"),
            "D", new BigDecimal("0.20"), "B", new BigDecimal("0.20"));

    private final Formula formula;

    SafetyCardPropertiesTest() throws FormulaException {
        formula = FormulaRegistry.shipped().resolve("safetycard@1");
    }

    /** Levels that respect the method's limits: C and D at most one above S. */
    private static Arbitrary<int[]> levels() {
        return Arbitraries.integers().between(0, 4).flatMap(s -> Combinators.combine(
                Arbitraries.integers().between(0, Math.min(4, s + 1)),
                Arbitraries.integers().between(0, Math.min(4, s + 1)),
                Arbitraries.integers().between(0, 4)).as((c, d, b) -> new int[] {s, c, d, b}));
    }

    private static Mechanism mechanism(int[] l, List<String> caps) {
        Map<String, Parameter> p = new LinkedHashMap<>();
        String[] ids = {"S", "C", "D", "B"};
        for (int i = 0; i < 4; i++) {
            p.put(ids[i], Parameter.verified(l[i]));
        }
        return new Mechanism("", p, caps);
    }

    private static Arbitrary<CriterionRating> criterion(int n) {
        String id = "C" + n;
        Arbitrary<List<String>> caps = Arbitraries.of(List.of(), List.of("G1"), List.of("G2"), List.of("G1", "G2"));
        Arbitrary<CriterionRating> rated = Combinators.combine(levels(), caps, levels(), Arbitraries.integers().between(0, 2))
                .as((main, mainCaps, alt, shape) -> new CriterionRating(id, false, mechanism(main, mainCaps),
                        shape == 0 ? mechanism(alt, List.of()) : null));
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(6, rated),
                net.jqwik.api.Tuple.of(1, Arbitraries.just(CriterionRating.absent(id))));
    }

    @Provide
    Arbitrary<List<CriterionRating>> scorecards() {
        List<Arbitrary<CriterionRating>> all = new ArrayList<>();
        for (int n = 1; n <= 10; n++) {
            all.add(criterion(n));
        }
        return Combinators.combine(all).as(List::copyOf);
    }

    private static BigDecimal mechanismScore(String criterion, Mechanism m, boolean alt) {
        BigDecimal raw = BigDecimal.ZERO;
        for (Map.Entry<String, Parameter> e : m.parameters().entrySet()) {
            raw = raw.add(WEIGHTS.get(e.getKey()).multiply(FRACTIONS[e.getValue().level()]).setScale(4, RoundingMode.HALF_UP));
        }
        BigDecimal cap = null;
        if (alt || m.caps().contains("G1")) {
            cap = new BigDecimal("0.50");
        }
        if (m.caps().contains("G2")
                || (!alt && criterion.equals("C5") && m.parameters().get("B").level() == 0)) {
            cap = new BigDecimal("0.25");
        }
        return (cap != null && cap.compareTo(raw) < 0 ? cap : raw).setScale(3, RoundingMode.HALF_UP);
    }

    @Property
    void matchesTheMethodAsWritten(@ForAll("scorecards") List<CriterionRating> card) throws FormulaException {
        CriteriaResult r = FormulaEngine.evaluateCriteria(formula, card);
        BigDecimal total = BigDecimal.ZERO;
        for (int i = 0; i < card.size(); i++) {
            CriterionRating c = card.get(i);
            BigDecimal expected;
            if (c.structuralAbsence()) {
                expected = BigDecimal.ONE;
            } else {
                expected = mechanismScore(c.id(), c.mechanism(), false);
                if (c.alternative() != null) {
                    expected = expected.max(mechanismScore(c.id(), c.alternative(), true));
                }
            }
            assertEquals(0, expected.compareTo(r.criteria().get(i).score()), c.id() + " " + r.explanation());
            total = total.add(expected);
        }
        assertEquals(total.setScale(1, RoundingMode.HALF_UP), r.score());
        double t = total.doubleValue();
        String band = t >= 8.45 ? "hardened" : t >= 6.95 ? "strong" : t >= 4.95 ? "moderate" : "weak";
        assertEquals(band, r.band().id());
    }

    @Property
    void scoresStayWithinTheirRanges(@ForAll("scorecards") List<CriterionRating> card) throws FormulaException {
        CriteriaResult r = FormulaEngine.evaluateCriteria(formula, card);
        assertTrue(r.score().signum() >= 0 && r.score().compareTo(BigDecimal.TEN) <= 0);
        for (CriteriaResult.Criterion c : r.criteria()) {
            assertTrue(c.score().signum() >= 0 && c.score().compareTo(BigDecimal.ONE) <= 0, c.toString());
            if (c.cap() != null) {
                assertTrue(c.score().compareTo(c.cap().max()) <= 0, c.toString());
            }
        }
    }

    @Property
    void anAlternativeNeverLowersACriterion(@ForAll("scorecards") List<CriterionRating> card) throws FormulaException {
        List<CriterionRating> withoutAlternatives = card.stream()
                .map(c -> new CriterionRating(c.id(), c.structuralAbsence(), c.mechanism(), null)).toList();
        CriteriaResult with = FormulaEngine.evaluateCriteria(formula, card);
        CriteriaResult without = FormulaEngine.evaluateCriteria(formula, withoutAlternatives);
        for (int i = 0; i < card.size(); i++) {
            assertTrue(with.criteria().get(i).score().compareTo(without.criteria().get(i).score()) >= 0);
        }
    }

    @Property
    void orderOfCriteriaDoesNotMatter(@ForAll("scorecards") List<CriterionRating> card) throws FormulaException {
        List<CriterionRating> reversed = new ArrayList<>(card);
        java.util.Collections.reverse(reversed);
        assertEquals(FormulaEngine.evaluateCriteria(formula, card), FormulaEngine.evaluateCriteria(formula, reversed));
    }
}
