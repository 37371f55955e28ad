package dev.assay.safetycard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.assay.safetycard.model.RepoPaths;
import dev.assay.safetycard.score.Permalinks;
import dev.assay.safetycard.validate.Location;
import dev.assay.safetycard.validate.Locator;
import dev.assay.safetycard.validate.Violation;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Small parts: repository paths, permalinks, locations and violation lines. */
class UnitsTest {

    @Test
    void repoPaths() {
        for (String ok : new String[] {"src/a.py", "README.md", ".github/workflows/ci.yml", "a..b/c", "src/..hidden"}) {
            assertEquals(Optional.empty(), RepoPaths.problem(ok), ok);
        }
        for (String bad : new String[] {"", "/etc/passwd", "\\\\host\\share", "~/x", "C:/x", "c:\\x", "../x", "a/../../x",
                "a\\..\\x", "a/..", "a\u0000b", "a\nb"}) {
            assertTrue(RepoPaths.problem(bad).isPresent(), bad);
        }
        assertEquals(Optional.empty(), RepoPaths.scopeProblem("src/smolagents/agents.py src/smolagents/tools.py"));
        assertEquals(Optional.empty(), RepoPaths.scopeProblem(""));
        assertEquals(Optional.empty(), RepoPaths.scopeProblem("examples/ README.md docs/"));
        assertTrue(RepoPaths.scopeProblem("src -e x").isPresent());
        assertTrue(RepoPaths.scopeProblem("src ../../etc").isPresent());
        assertTrue(RepoPaths.scopeProblem("'../x'").isPresent());
    }

    @Test
    void permalinks() {
        String c = "c30b115286e000e98711fae5e85993547b73d826";
        assertEquals("https://github.com/o/r/blob/" + c + "/src/a.py#L3-L9",
                Permalinks.of("https://github.com/o/r", c, "src/a.py", 3, 9).orElseThrow());
        assertEquals("https://github.com/o/r/blob/" + c + "/a.py#L3",
                Permalinks.of("https://github.com/o/r.git/", c, "a.py", 3, 3).orElseThrow());
        assertEquals("https://github.com/o/r/blob/" + c + "/my%20dir/a%28b%29.py#L1",
                Permalinks.of("https://github.com/o/r", c, "my dir/a(b).py", 1, 1).orElseThrow());
        assertEquals(Optional.empty(), Permalinks.of("https://gitlab.com/o/r", c, "a.py", 1, 1));
        assertEquals(Optional.empty(), Permalinks.of("https://github.com/o/r/tree/main", c, "a.py", 1, 1));
        assertEquals(Optional.empty(), Permalinks.of("https://github.com/o/r", "main", "a.py", 1, 1));
    }

    @Test
    void locationsNameCriterionMechanismParameterAndEvidence() throws Exception {
        Locator l = new Locator(new ObjectMapper().readTree("{\"criteria\":[{\"id\":\"C1\"},{\"id\":\"C4\"}]}"));
        Location loc = l.locate("criteria.1.alt.parameters.D.evidence.2.file", 120);
        assertEquals("C4", loc.criterion());
        assertEquals("alt", loc.mechanism());
        assertEquals("D", loc.parameter());
        assertEquals(2, loc.evidenceIndex());
        assertEquals("C4 alt D evidence[2] (criteria.1.alt.parameters.D.evidence.2.file, line 120)", loc.describe());
        assertEquals("C1 S (criteria.0.parameters.S.level)", l.locate("criteria.0.parameters.S.level", 0).describe());
        assertEquals("criteria[7]", l.locate("criteria.7.id", 3).criterion());
        assertEquals("C1 evidence[0] (criteria.0.absence_evidence.0, line 9)", l.locate("criteria.0.absence_evidence.0", 9).describe());
        assertEquals("fixes.2.criterion, line 4", l.locate("fixes.2.criterion", 4).describe());
        assertEquals(1, l.locate("critical_findings.0.evidence.1.file", 0).evidenceIndex());
        assertEquals("line 1", new Locator(null).locate("", 1).describe());
    }

    @Test
    void violationLinesAreSingleCleanLines() {
        Violation v = Violation.error("SC-X", Location.of("id", 2), "bad\nvalue \u001b[2J\u202eend", "Fix\tit.");
        assertEquals("error SC-X at id, line 2: bad value ?[2J?end. Fix: Fix it.", v.render());
        String longText = "x".repeat(1_000);
        assertTrue(Violation.error("SC-X", Location.of("", 0), longText, "").message().length() <= Violation.MAX_TEXT);
        assertFalse(Violation.warning("SC-Y", Location.of("", 0), "m", "").isError());
        assertTrue(Violation.error("SC-B", Location.of("", 0), "m", "").compareTo(Violation.warning("SC-A", Location.of("", 0), "m", "")) < 0,
                "errors sort before warnings");
    }
}
