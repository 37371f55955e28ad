package dev.assay.engine.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.assay.engine.formula.Formula;
import dev.assay.engine.model.Evidence;
import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Severity;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DiffWritersTest {

    @TempDir
    static Path root;

    static DiffResult packs;
    static DiffResult hostile;

    @BeforeAll
    static void setUp() throws Exception {
        Formula f = TwoVersions.formula();
        var v1 = TwoVersions.scanner(TwoVersions.compile(root.resolve("packs"), "1.0.0"), f);
        var v2 = TwoVersions.scanner(TwoVersions.compile(root.resolve("packs"), "1.1.0"), f);
        Path t1 = TwoVersions.target(root, "t1", Map.of("app.conf", "token = demo-tok-abcd1234\npassword = hunter2\n"));
        Path t3 = TwoVersions.target(root, "t3", Map.of("app.conf", "name = demo\n"));
        packs = ScoreDiff.scanners(v1, v2, List.of(t1, t3, root.resolve("missing")), 1);

        String evil = "x\u001b[31mred\u202e|<img src=x>`[link](https://evil.invalid)`";
        Finding a = Made.finding("DEMO-A", Severity.HIGH, evil, Finding.ACTIVE, Evidence.at(evil + ".js", 3, evil));
        Finding b = Made.finding("DEMO-B", Severity.LOW, "ok", Finding.ACTIVE, Evidence.at("b.js", 1, "fine"));
        hostile = ScoreDiff.reports(Made.report(f, "demo", "1.0.0", "sha256:aa", "sha256:11", List.of(b)),
                Made.report(f, "demo", "1.0.0", "sha256:aa", "sha256:22", List.of(a, b)), null, null);
    }

    @Test
    void textShowsSidesSummaryScorePathFindingsAndCauses() {
        String text = DiffWriters.render(packs, DiffFormat.TEXT);
        assertTrue(text.startsWith("Assay diff\n  before: pack demo@1.0.0 (sha256:"), text);
        assertTrue(text.contains("\nPack changes (demo@1.0.0 → demo@1.1.0):\n"
                + "  removed  DEMO-OLD\n"
                + "  changed  DEMO-READABLE: severity low → medium\n"
                + "  added    DEMO-SECRET-WORD\n"), text);
        assertTrue(text.contains("Summary: 3 targets, 2 changed, 2 moved score, 1 changed level, 1 failed\n"), text);
        assertTrue(text.contains("    rule DEMO-SECRET-WORD: -15 in total, 1 target, 1 added, 1 level change\n"), text);
        assertTrue(text.contains(": 84 good → 65 weak (-19)\n"
                + "  verdict: eligible for attestation → not eligible for attestation: score 65 is below 70\n"
                + "  score path:\n"
                + "    84 → 80 (-4)  rule DEMO-READABLE\n"
                + "      because rule DEMO-READABLE changed in demo@1.1.0: severity low → medium\n"
                + "    80 → 65 (-15, level good → weak)  rule DEMO-SECRET-WORD\n"), text);
        assertTrue(text.contains("  findings: 1 added, 0 removed, 1 changed, 1 unchanged\n"), text);
        assertTrue(text.contains("    + DEMO-SECRET-WORD [high, risky_construct] on app.conf\n"
                + "        app.conf:2  password = hunter2\n"
                + "        cause: rule DEMO-SECRET-WORD is new in demo@1.1.0 (high, risky_construct)\n"), text);
        assertTrue(text.contains("missing: failed: "), text);
        assertTrue(text.endsWith("\n"));
        assertFalse(text.contains("\r"));
    }

    @Test
    void markdownHasTablesForSidesMovesAndFindings() {
        String md = DiffWriters.render(packs, DiffFormat.MARKDOWN);
        assertTrue(md.startsWith("# Assay diff\n\n| | before | after |\n|---|---|---|\n| Pack | demo@1.0.0 | demo@1.1.0 |\n"), md);
        assertTrue(md.contains("| rule DEMO\\-SECRET\\-WORD | 80 → 65 (-15) | good → weak |") || md.contains(
                "| rule DEMO-SECRET-WORD | 80 → 65 (-15) | good → weak |"), md);
        assertTrue(md.contains("| added | DEMO-SECRET-WORD \\[high, risky\\_construct\\] on app.conf |"), md);
        assertTrue(md.contains("## Pack changes"), md);
    }

    @Test
    void jsonCarriesEverythingAndReadsBack() throws Exception {
        String json = DiffWriters.render(packs, DiffFormat.JSON);
        JsonNode root = new ObjectMapper().readTree(json);
        assertEquals("1.0", root.get("schemaVersion").asText());
        assertEquals("demo", root.get("before").get("pack").asText());
        assertEquals(3, root.get("targets").size());
        JsonNode t1 = root.get("targets").get(0);
        assertEquals(-19, t1.get("delta").asInt());
        assertEquals("added", t1.get("findings").get(1).get("change").asText());
        assertEquals("rule", t1.get("findings").get(1).get("causes").get(0).get("kind").asText());
        assertEquals("DEMO-SECRET-WORD", t1.get("findings").get(1).get("after").get("id").asText());
        assertTrue(t1.get("findings").get(1).get("before").isNull());
        assertEquals("rule DEMO-SECRET-WORD", t1.get("moves").get(1).get("label").asText());
        assertTrue(root.get("targets").get(2).has("error"));
        assertFalse(root.get("targets").get(2).has("findings"), "a failed target carries its error only");
        assertEquals(2, root.get("summary").get("changed").asInt());
        assertEquals("DEMO-SECRET-WORD", root.get("summary").get("causes").get(0).get("ref").asText());
        assertFalse(json.contains("\r"));
        assertEquals(json, DiffWriters.render(packs, DiffFormat.JSON), "rendering is a pure function");
    }

    @Test
    void hostileStringsCannotSteerATerminalOrOpenMarkup() {
        String text = DiffWriters.render(hostile, DiffFormat.TEXT);
        assertFalse(text.contains("\u001b"), text);
        assertFalse(text.contains("\u202e"), text);
        assertTrue(text.contains("x\\x1b[31mred\\u{202e}"), text);
        String md = DiffWriters.render(hostile, DiffFormat.MARKDOWN);
        assertFalse(md.contains("\u001b"));
        assertFalse(md.contains("<img"), md);
        assertFalse(md.contains("](https://"), md);
        assertTrue(md.contains("&lt;img src=x&gt;"), md);
        for (String line : md.split("\n")) {
            if (line.startsWith("| added")) {
                // Every '|' inside a cell is escaped: the row has exactly its 6 unescaped separators.
                assertEquals(6, line.replace("\\|", "").chars().filter(c -> c == '|').count(), line);
            }
        }
    }

    @Test
    void formatsParseByName() {
        assertEquals(DiffFormat.MARKDOWN, DiffFormat.parse(" Markdown "));
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> DiffFormat.parse("sarif"));
        assertEquals("unknown diff format 'sarif' (expected text, json, markdown or html)", e.getMessage());
    }
}
