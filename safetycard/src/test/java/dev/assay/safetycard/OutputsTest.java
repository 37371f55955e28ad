package dev.assay.safetycard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.safetycard.render.ScorecardTemplate;
import dev.assay.safetycard.score.Json;
import dev.assay.safetycard.validate.Validation;
import dev.assay.safetycard.validate.Violation;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The score table, report.md with its safe setup, and the authoring template. */
class OutputsTest {

    static SafetyCard.Outcome example() {
        return Fixtures.card().score(Fixtures.read("example-scorecard.json"));
    }

    static SafetyCard.Outcome valid() {
        return Fixtures.card().score(Fixtures.read("validation/valid.json"));
    }

    @Test
    void theTableShowsEveryCriterionTheCountedMechanismAndTheTotals() {
        SafetyCard.Outcome o = example();
        String table = Fixtures.card().table(o.card(), o.result());
        assertTrue(table.startsWith("SafetyCard: smolagents at c30b115, scored 2026-10-03 (safetycard@1)"), table);
        List<String> lines = table.lines().toList();
        String c4 = lines.stream().filter(l -> l.startsWith("C4 ")).findFirst().orElseThrow();
        assertTrue(c4.contains("default") && c4.contains("L1  L2  L2  L0") && c4.contains("0.325"), c4);
        String alt = lines.get(lines.indexOf(c4) + 1);
        assertTrue(alt.contains("alt *") && alt.contains("L4  L3  L0  L2") && alt.contains("G1 <= 0.50") && alt.contains("0.500"), alt);
        String c6 = lines.stream().filter(l -> l.startsWith("C6 ")).findFirst().orElseThrow();
        assertTrue(c6.contains("C6-REPOCONFIG <= 0.25") && c6.contains("0.250"), c6);
        assertTrue(table.contains("Total 2.2 of 10.0: Minimal (weak, red)"), table);
        assertTrue(table.contains("Applicable criteria (surface present): 10, 2.18 of 10.0 (22%)"), table);
    }

    @Test
    void theReportLeadsWithTheSurfaceAndLinksEvidenceAtTheCommit() {
        SafetyCard.Outcome o = example();
        String md = Fixtures.card().report(o.card(), o.result(), List.of(), false);
        assertTrue(md.startsWith("# smolagents: SafetyCard 2.2 / 10.0 (Minimal)\n"), md.substring(0, 80));
        assertTrue(md.indexOf("## Agent surface") < md.indexOf("## Score"));
        assertTrue(md.contains("| Code or shell execution | yes |"));
        assertTrue(md.contains("[src/smolagents/agents.py:1535](https://github.com/huggingface/smolagents/blob/"
                + "c30b115286e000e98711fae5e85993547b73d826/src/smolagents/agents.py#L1535) contains `= \"local\"`"), md);
        assertTrue(md.contains("### C4 Code-execution isolation: 0.500 / 1.000"), md);
        assertTrue(md.contains("**Opt-in alternative: opt-in E2B remote sandbox (executor_type='e2b')**"), md);
        assertTrue(md.contains("Cap applied: **C6-REPOCONFIG** (at most 0.25): load_dotenv()"), md);
        assertTrue(md.contains("| Make a sandboxed executor the default and require an explicit unsafe flag for local execution. | C4 D | L0 to L3 | 0.15 |"), md);
        assertTrue(md.contains("This review describes commit `c30b115286e000e98711fae5e85993547b73d826`"), md);
        assertFalse(md.contains("## Safest setup"), "the example has no safe setup");
    }

    @Test
    void theSafeSetupIsRenderedWithWhatEachStepTracesTo() {
        SafetyCard.Outcome o = valid();
        String md = Fixtures.card().report(o.card(), o.result(), List.of(), true);
        int at = md.indexOf("## Safest setup");
        assertTrue(at > 0, md);
        String setup = md.substring(at, md.indexOf("## Re-audit log"));
        assertTrue(setup.contains("1. **Give the agent a token scoped to one repository** (outside the tool)"), setup);
        assertTrue(setup.contains("Traces to: C1 B gap: The next level needs one more enforced element."), setup);
        assertTrue(setup.contains("2. **Switch on the container sandbox** (switch on)"), setup);
        assertTrue(setup.contains("Traces to: C4 opt-in alternative: opt-in container sandbox"), setup);
        assertTrue(setup.contains("Traces to: C10 S at L2: The code shows what this level describes."), setup);
        assertTrue(setup.contains("Traces to: limitation: The hosted web version was not reviewed."), setup);
        assertTrue(setup.contains("contains `sandbox`"), setup);
        assertTrue(setup.contains("it does not change any score"), setup);
        assertTrue(md.contains("Every citation and search was checked against a clone at that commit."));
        // The website entry has no place for it: the schema forbids unknown keys.
        assertFalse(o.entry().has("safe_setup"));
    }

    @Test
    void scorecardTextRendersAsTextNotMarkup() throws Exception {
        ObjectNode card = (ObjectNode) new ObjectMapper().readTree(Fixtures.bytes("validation/valid.json"));
        card.put("headline", "<script>alert(1)</script> | pipes\nand a second line");
        ((ObjectNode) card.path("criteria").get(0).path("parameters").path("S")).put("finding", "a | b <img src=x>");
        SafetyCard.Outcome o = Fixtures.card().score(Fixtures.parse("markup.json", card.toString()));
        assertTrue(o.scored(), o.validation().violations().toString());
        String md = Fixtures.card().report(o.card(), o.result(), o.validation().warnings(), false);
        assertFalse(md.contains("<script>"));
        assertFalse(md.contains("<img"));
        assertTrue(md.contains("> &lt;script&gt;alert(1)&lt;/script&gt; | pipes and a second line"), md);
        assertTrue(md.contains("| a \\| b &lt;img src=x&gt; |"), md);
    }

    @Test
    void theTemplateHasTheFormatsShapeAndValidationListsWhatIsLeftToWrite() {
        String json = Json.pretty(ScorecardTemplate.build(Fixtures.card().catalog(), Fixtures.card().formula()));
        Validation v = Fixtures.card().validator().validate(Fixtures.parse("scorecard.json", json));
        Set<String> ids = v.violations().stream().map(Violation::id).collect(Collectors.toCollection(TreeSet::new));
        assertTrue(v.hasErrors(), "an unfilled template is not a scorecard");
        Set<String> fillIn = Set.of("SC-TEXT-EMPTY", "SC-EVIDENCE-EMPTY", "SC-CAPABILITY-VALUE", "SC-CATEGORY", "SC-ID-SLUG",
                "SC-REPO-URL", "SC-PINNED-COMMIT", "SC-SCORED-DATE", "SC-GAP-MISSING", "SC-CRITICAL-MISSING-BLAST");
        assertTrue(fillIn.containsAll(ids), "only fill-in problems, got " + ids);
        assertTrue(ids.containsAll(Set.of("SC-TEXT-EMPTY", "SC-EVIDENCE-EMPTY", "SC-CAPABILITY-VALUE")), ids.toString());
        assertEquals(40, v.errors().stream().filter(e -> e.id().equals("SC-EVIDENCE-EMPTY")).count(), "one per parameter");
    }
}
