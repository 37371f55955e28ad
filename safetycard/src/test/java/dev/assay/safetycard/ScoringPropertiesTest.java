package dev.assay.safetycard;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.engine.formula.CriteriaResult;
import dev.assay.engine.formula.FormulaException;
import dev.assay.safetycard.model.CapListing;
import dev.assay.safetycard.model.CriterionCard;
import dev.assay.safetycard.model.EvidenceItem;
import dev.assay.safetycard.model.Mechanism;
import dev.assay.safetycard.model.ParameterRating;
import dev.assay.safetycard.model.RuleOfTwo;
import dev.assay.safetycard.model.Scorecard;
import dev.assay.safetycard.score.CardScorer;
import dev.assay.safetycard.validate.Violation;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Assume;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * Properties of SafetyCard scoring over generated ratings that respect the method's limits: raising any level never
 * lowers a criterion or the total, listing a cap never raises them, and totals stay within 0–10. And over arbitrary
 * edits of a valid scorecard: whatever validation lets through, the formula scores.
 */
class ScoringPropertiesTest {

    static final List<String> IDS = List.of("C1", "C2", "C3", "C4", "C5", "C6", "C7", "C8", "C9", "C10");
    static final List<String> PARAMS = List.of("S", "C", "D", "B");
    static final Map<String, List<String>> OWN_CAPS = Map.of("C1", List.of("C1-SELFESC", "C1-PASSTHRU"),
            "C2", List.of("C2-SELFAPPROVE", "C2-POWERBYPASS"), "C4", List.of("C4-HOSTROOT"),
            "C5", List.of("C5-WORSTCASE", "C5-PUBLICTRIGGER"), "C6", List.of("C6-REPOCONFIG"), "C7", List.of("C7-RCELOAD"),
            "C8", List.of("C8-MODELSECRETS"));
    static final List<EvidenceItem> EVIDENCE = List.of(new EvidenceItem.Search("rg -n x", "src", 0, ""));

    /** One parameter as generated: a level 0–4 or SA, and whether it is inferred (only up to L2). */
    record P(int level, boolean sa, boolean inferred) {
        ParameterRating rating(String id) {
            return new ParameterRating(id, sa ? ParameterRating.ABSENT_LEVEL : level, sa, inferred ? "inferred" : "verified",
                    "finding", "", EVIDENCE);
        }
    }

    /** One criterion as generated. */
    record Crit(String id, boolean absent, Map<String, P> main, Map<String, P> alt, List<String> caps) {
    }

    @Provide
    Arbitrary<List<Crit>> cards() {
        List<Arbitrary<Crit>> each = new ArrayList<>();
        for (String id : IDS) {
            each.add(criterion(id));
        }
        return Combinators.combine(each).as(list -> list);
    }

    static Arbitrary<Crit> criterion(String id) {
        List<String> caps = new ArrayList<>(List.of("G1", "G2"));
        caps.addAll(OWN_CAPS.getOrDefault(id, List.of()));
        return Combinators.combine(Arbitraries.integers().between(0, 9), mechanism(), mechanism(),
                Arbitraries.of(true, false), Arbitraries.subsetOf(caps))
                .as((absent, main, alt, hasAlt, chosen) -> new Crit(id, absent == 0, main, hasAlt ? alt : null,
                        List.copyOf(new java.util.TreeSet<>(chosen))));
    }

    static Arbitrary<Map<String, P>> mechanism() {
        Arbitrary<Integer> level = Arbitraries.integers().between(0, 4);
        Arbitrary<Integer> roll = Arbitraries.integers().between(0, 9);
        return Combinators.combine(level, level, level, level, roll, roll, roll, roll).as((s, c, d, b, r1, r2, r3, r4) -> {
            Map<String, P> m = new LinkedHashMap<>();
            m.put("S", param(s, r1));
            int cap = m.get("S").sa() ? 4 : Math.min(4, m.get("S").level() + 1);
            m.put("C", param(Math.min(c, cap), r2));
            m.put("D", param(Math.min(d, cap), r3));
            m.put("B", param(b, r4));
            return m;
        });
    }

    /** roll 0: SA; 1–2: inferred (level limited to 2); otherwise verified. */
    static P param(int level, int roll) {
        if (roll == 0) {
            return new P(4, true, false);
        }
        boolean inferred = roll <= 2;
        return new P(inferred ? Math.min(level, 2) : level, false, inferred);
    }

    static Scorecard card(List<Crit> crits) {
        List<CriterionCard> out = new ArrayList<>();
        for (Crit c : crits) {
            if (c.absent()) {
                out.add(new CriterionCard(c.id(), "s", "", true, EVIDENCE, null, null, List.of()));
                continue;
            }
            out.add(new CriterionCard(c.id(), "s", "", false, List.of(), mech("", c.main()),
                    c.alt() == null ? null : mech("alt", c.alt()), c.caps().stream().map(id -> new CapListing(id, "r")).toList()));
        }
        return new Scorecard("x", "x", "https://example.invalid/x", null, "d", "coding", "0".repeat(40), null, "2026-01-01",
                "c", Map.of(), "h", out, List.of(), new RuleOfTwo("u", "s", "e", false), List.of(), List.of(), List.of("l"), null);
    }

    static Mechanism mech(String label, Map<String, P> params) {
        Map<String, ParameterRating> out = new LinkedHashMap<>();
        params.forEach((k, v) -> out.put(k, v.rating(k)));
        return new Mechanism(label, out);
    }

    static CriteriaResult score(List<Crit> crits) throws FormulaException {
        return CardScorer.score(Fixtures.card().formula(), card(crits));
    }

    @Property(tries = 300)
    void totalsStayWithinZeroAndTen(@ForAll("cards") List<Crit> crits) throws FormulaException {
        CriteriaResult r = score(crits);
        assertTrue(r.score().signum() >= 0 && r.score().compareTo(BigDecimal.TEN) <= 0, r.score().toString());
        for (CriteriaResult.Criterion c : r.criteria()) {
            assertTrue(c.score().signum() >= 0 && c.score().compareTo(BigDecimal.ONE) <= 0, c.id() + " " + c.score());
        }
        if (r.applicable().percent() != null) {
            assertTrue(r.applicable().percent() >= 0 && r.applicable().percent() <= 100);
        }
    }

    @Property(tries = 300)
    void raisingAnyLevelNeverLowersACriterionOrTheTotal(@ForAll("cards") List<Crit> crits,
            @ForAll @IntRange(min = 0, max = 9) int which, @ForAll @IntRange(min = 0, max = 3) int param,
            @ForAll boolean onAlt) throws FormulaException {
        Crit c = crits.get(which);
        Map<String, P> target = onAlt && c.alt() != null ? c.alt() : c.main();
        String p = PARAMS.get(param);
        P old = target.get(p);
        Assume.that(!c.absent() && !old.sa() && old.level() < 4);
        int raised = old.level() + 1;
        P s = target.get("S");
        Assume.that(!(p.equals("C") || p.equals("D")) || s.sa() || raised <= s.level() + 1);
        CriteriaResult before = score(crits);
        Map<String, P> changed = new LinkedHashMap<>(target);
        changed.put(p, new P(raised, false, old.inferred() && raised <= 2));
        List<Crit> after = new ArrayList<>(crits);
        after.set(which, target == c.main() ? new Crit(c.id(), false, changed, c.alt(), c.caps())
                : new Crit(c.id(), false, c.main(), changed, c.caps()));
        CriteriaResult r = score(after);
        assertTrue(r.criteria().get(which).score().compareTo(before.criteria().get(which).score()) >= 0,
                c.id() + " " + p + " L" + old.level() + "->L" + raised + ": " + before.criteria().get(which).score() + " -> "
                        + r.criteria().get(which).score());
        assertTrue(r.score().compareTo(before.score()) >= 0);
    }

    @Property(tries = 300)
    void listingACapNeverRaises(@ForAll("cards") List<Crit> crits, @ForAll @IntRange(min = 0, max = 9) int which,
            @ForAll @IntRange(min = 0, max = 3) int pick) throws FormulaException {
        Crit c = crits.get(which);
        List<String> valid = new ArrayList<>(List.of("G1", "G2"));
        valid.addAll(OWN_CAPS.getOrDefault(c.id(), List.of()));
        String cap = valid.get(pick % valid.size());
        Assume.that(!c.absent() && !c.caps().contains(cap));
        CriteriaResult before = score(crits);
        List<String> caps = new ArrayList<>(c.caps());
        caps.add(cap);
        List<Crit> after = new ArrayList<>(crits);
        after.set(which, new Crit(c.id(), false, c.main(), c.alt(), caps));
        CriteriaResult r = score(after);
        assertTrue(r.criteria().get(which).score().compareTo(before.criteria().get(which).score()) <= 0);
        assertTrue(r.score().compareTo(before.score()) <= 0);
    }

    /** Arbitrary edits of a valid scorecard's levels, statuses and caps. */
    record Edit(int criterion, int param, int level, boolean inferred, boolean sa, int cap) {
    }

    @Provide
    Arbitrary<List<Edit>> edits() {
        return Combinators.combine(Arbitraries.integers().between(0, 9), Arbitraries.integers().between(0, 3),
                Arbitraries.integers().between(-1, 6), Arbitraries.of(true, false), Arbitraries.integers().between(0, 7)
                        .map(i -> i == 0), Arbitraries.integers().between(-1, 12))
                .as(Edit::new).list().ofMinSize(1).ofMaxSize(6);
    }

    static final List<String> ALL_CAPS = List.of("G1", "G2", "C1-SELFESC", "C1-PASSTHRU", "C2-SELFAPPROVE", "C2-POWERBYPASS",
            "C4-HOSTROOT", "C5-WORSTCASE", "C5-PUBLICTRIGGER", "C6-REPOCONFIG", "C7-RCELOAD", "C8-MODELSECRETS", "X9");

    @Property(tries = 25)
    void whateverValidationAcceptsTheFormulaScores(@ForAll("edits") List<Edit> edits) throws Exception {
        ObjectNode card = (ObjectNode) new ObjectMapper().readTree(Fixtures.bytes("validation/valid.json"));
        ArrayNode criteria = (ArrayNode) card.path("criteria");
        for (Edit e : edits) {
            ObjectNode c = (ObjectNode) criteria.get(e.criterion());
            if (c.has("parameters")) {
                ObjectNode p = (ObjectNode) c.path("parameters").path(PARAMS.get(e.param()));
                if (e.sa()) {
                    p.put("level", "SA");
                } else {
                    p.put("level", e.level());
                }
                p.put("status", e.inferred() ? "inferred" : "verified");
            }
            if (e.cap() >= 0) {
                c.withArray("caps").addObject().put("id", ALL_CAPS.get(e.cap())).put("reason", "a reason");
            }
        }
        SafetyCard.Outcome o = Fixtures.card().score(Fixtures.parse("edited.json", card.toString()));
        Set<String> ids = new java.util.TreeSet<>(o.validation().violations().stream().map(Violation::id).toList());
        assertFalse(ids.contains("SC-FORMULA"), "validation let through what the formula refuses: " + o.validation().violations());
        assertFalse(ids.contains("SC-BIND"));
        assertFalse(ids.contains("SC-ENTRY-SCHEMA"));
        assertTrue(o.scored() != o.validation().hasErrors(), "scored exactly when there is no error");
        if (o.scored()) {
            assertTrue(o.result().score().signum() >= 0 && o.result().score().compareTo(BigDecimal.TEN) <= 0);
        }
    }
}
