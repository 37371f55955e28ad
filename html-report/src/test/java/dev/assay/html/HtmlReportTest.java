package dev.assay.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.model.Attestation;
import dev.assay.engine.model.Coverage;
import dev.assay.engine.model.Evidence;
import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Report;
import dev.assay.engine.model.Severity;
import dev.assay.engine.model.TargetInfo;
import dev.assay.engine.model.Triage;
import dev.assay.engine.spi.SkippedFile;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class HtmlReportTest {

    static final String SCRIPT = "<script>document.title='pwned'</script>";
    static final String SVG = "<svg onload=alert(1)><foreignObject><iframe src=\"https://evil.invalid/\"></iframe></svg>";
    static final String JS_URL = "javascript:alert(document.cookie)";
    static final String BIDI = "invoice\u202Egpj.exe\u200B\u2066x\u2069\uFEFF";

    static Finding finding(String id, Severity s, String status, String file, String snippet) {
        return new Finding(id, "Title " + SCRIPT, s, "malicious", "check-" + id, "shell", List.of("ASI04", "<b>c</b>"),
                "subject " + JS_URL, "message " + SVG, "fix it " + SCRIPT, status,
                List.of(new Evidence(file, 7, 7, snippet), new Evidence(file, 0, 0, "mode 0644")), "fp-" + id);
    }

    static Report hostile(Triage triage) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (Severity s : Severity.values()) {
            counts.put(s.id(), 0);
        }
        counts.put("critical", 1);
        counts.put("high", 1);
        List<Finding> active = List.of(
                finding("ST-ONE", Severity.CRITICAL, Finding.ACTIVE, "<img src=x onerror=alert(1)>.md", SCRIPT),
                finding("ST-TWO", Severity.HIGH, Finding.ACTIVE, JS_URL + ".md", SVG + BIDI));
        List<Finding> review = List.of(finding("ST-REVIEW", Severity.MEDIUM, Finding.NEEDS_REVIEW, BIDI, "\"'`=&"));
        return new Report(Report.SCHEMA_VERSION, "assay/0.1.0", "skilltotal", "skilltotal", 1, "sha256:f", "skilltotal",
                "1.3.0", "sha256:r", new TargetInfo("skills/" + SCRIPT + BIDI, "directory", "sha256:d"),
                new BigDecimal("82"), "critical", new Attestation(false, List.of("reason " + SCRIPT)),
                "critical risk " + SVG, counts, active, review, List.of("shell", "net<x>"),
                new Coverage(3, List.of(new SkippedFile(JS_URL + "/" + SCRIPT, "too large " + BIDI))),
                "2026-01-01T00:00:00Z", triage);
    }

    @Test
    void hostileStringsAreEscapedAndMadeVisible() {
        Triage triage = new Triage(1, 1, List.of(
                new Triage.Triaged(Finding.SUPPRESSED, "reason " + SCRIPT, ".assay.yaml", "2027-01-01",
                        finding("ST-SUPP", Severity.HIGH, Finding.SUPPRESSED, "a.md", "x")),
                new Triage.Triaged(Finding.BASELINE, "accepted in baseline", "b.json", null,
                        finding("ST-BASE", Severity.LOW, Finding.BASELINE, "b.md", "y"))),
                List.of(new Triage.Expired("ST-OLD", "**/" + SCRIPT, null, "old " + SCRIPT, "2020-01-01", ".assay.yaml")),
                List.of(new Triage.BaselineEntry("fp-gone", "ST-GONE", "gone " + SCRIPT, "c.md")));
        String page = HtmlReport.scan(hostile(triage));
        assertInert(page);
        for (String id : List.of("ST-ONE", "ST-TWO", "ST-REVIEW", "ST-SUPP", "ST-BASE", "ST-GONE", "ST-OLD")) {
            assertTrue(page.contains(id), id);
        }
        assertTrue(page.contains("&lt;script&gt;"), "script text shown escaped");
        assertTrue(page.contains("⟦U+202E⟧") && page.contains("⟦U+200B⟧") && page.contains("⟦U+FEFF⟧"),
                "bidi and zero-width characters are shown as marks");
        assertFalse(page.contains("\u202E") || page.contains("\u200B") || page.contains("\u2066"));
        assertTrue(page.contains("id=\"score\">82<"), "the score");
        assertTrue(page.contains("1 suppressed and 1 baselined are not scored"));
        assertTrue(page.contains("Expired suppressions") && page.contains("Fixed since the baseline"));
    }

    @Test
    void indexLinksArePercentEncodedAndSortable() {
        Report r = hostile(null);
        String page = HtmlReport.index(List.of(
                IndexEntry.scanned("b " + SCRIPT, JS_URL + ".html", r),
                IndexEntry.failed(BIDI, "cannot read " + SCRIPT),
                IndexEntry.scanned("a", "a.html", r)));
        assertInert(page);
        assertTrue(page.contains("href=\"./javascript%3Aalert%28document.cookie%29.html\""), page);
        assertTrue(page.contains("id=\"by-score\"") && page.contains("id=\"by-name\"") && page.contains("id=\"by-score-desc\""));
        assertTrue(page.contains("id=\"level-histogram\""));
    }

    @Test
    void pagesAreDeterministicAndAllowOnlyTheirStylesheet() {
        String a = HtmlReport.scan(hostile(null));
        assertEquals(a, HtmlReport.scan(hostile(null)));
        Matcher style = Pattern.compile("<style>(.*?)</style>", Pattern.DOTALL).matcher(a);
        assertTrue(style.find());
        assertTrue(a.contains("style-src '" + Pages.sha256(style.group(1)) + "'"), "the CSP hash is the inline stylesheet's");
        assertTrue(a.contains("default-src 'none'"));
    }

    @Test
    void arcFollowsTheScore() {
        assertEquals("", ScanPage.arc(BigDecimal.ZERO, BigDecimal.valueOf(100)));
        assertEquals("M 10 62 A 50 50 0 0 1 110.00 62.00", ScanPage.arc(BigDecimal.valueOf(100), BigDecimal.valueOf(100)));
        assertEquals("M 10 62 A 50 50 0 0 1 60.00 12.00", ScanPage.arc(BigDecimal.valueOf(50), BigDecimal.valueOf(100)));
    }

    /** No element, attribute or URL that a target string could have introduced. */
    static void assertInert(String page) {
        assertEquals(1, count(page, "<meta http-equiv=\"Content-Security-Policy\""));
        assertEquals(0, count(page.toLowerCase(java.util.Locale.ROOT), "<script"));
        assertEquals(0, count(page.toLowerCase(java.util.Locale.ROOT), "<iframe"));
        assertEquals(0, count(page.toLowerCase(java.util.Locale.ROOT), "<img"));
        assertEquals(0, count(page.toLowerCase(java.util.Locale.ROOT), "onerror="));
        assertEquals(0, count(page.toLowerCase(java.util.Locale.ROOT), "onload="));
        assertEquals(0, count(page, "href=\"javascript:"));
        assertEquals(0, count(page, "src="));
        assertTrue(page.endsWith("</html>\n"));
    }

    static int count(String s, String part) {
        int n = 0;
        for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }
}
