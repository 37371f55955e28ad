package dev.assay.engine.report;

import dev.assay.engine.NothingFound;
import dev.assay.engine.model.Attestation;
import dev.assay.engine.model.Coverage;
import dev.assay.engine.model.Details;
import dev.assay.engine.model.Evidence;
import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Report;
import dev.assay.engine.model.TargetInfo;
import dev.assay.engine.model.Triage;
import dev.assay.engine.spi.Recognition;
import dev.assay.engine.spi.SkippedFile;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The GitHub-flavoured Markdown report. Every report string goes through {@link #md(String)} (prose, table cells) or
 * {@link #code(String)} (snippets), so hostile text can neither end a table cell, nor open a link, emphasis, code or an
 * HTML tag, nor carry control characters. Report strings never start a line: each sits after a fixed prefix.
 */
final class MarkdownReport {

    private final StringBuilder out = new StringBuilder(4096);

    private MarkdownReport() {
    }

    static String render(Report r) {
        MarkdownReport m = new MarkdownReport();
        m.summary(r);
        m.findingsTable("Findings", r.findings(), "F", "No findings.");
        m.details(r.findings(), "F");
        if (!r.needsReview().isEmpty()) {
            m.findingsTable("Needs review", r.needsReview(), "R", "");
            m.line("These findings are shown for a person to judge; they do not count towards the score.");
            m.blank();
            m.details(r.needsReview(), "R");
        }
        m.rejectedInline(r);
        m.coverage(r.coverage());
        m.versions(r);
        String text = m.out.toString();
        return text.endsWith("\n\n") ? text.substring(0, text.length() - 1) : text;
    }

    private void summary(Report r) {
        TargetInfo target = r.target();
        line("# Assay report: " + md(target == null ? "unknown" : Describe.orUnknown(target.path())));
        blank();
        line("| Item | Value |");
        line("|---|---|");
        if (target != null) {
            row("Target", md(Describe.orUnknown(target.path()))
                    + (Describe.text(target.kind()).isBlank() ? "" : " (" + md(target.kind()) + ")"));
            if (target.digest() != null && !target.digest().isBlank()) {
                row("Digest", md(target.digest()));
            }
        }
        row("Scorer", md(Describe.orUnknown(r.scorer())));
        row("Score", md(Describe.scoreOf(r)));
        row("Level", md(NothingFound.of(r) == null ? Describe.orUnknown(r.level()) : "none"));
        if (r.verdict() != null && !r.verdict().isBlank()) {
            row("Verdict", md(r.verdict()));
        }
        Attestation a = r.attestation();
        String attestation = a == null ? "unknown" : a.eligible() ? "eligible" : "not eligible";
        if (a != null && !a.reasons().isEmpty()) {
            List<String> reasons = new ArrayList<>();
            a.reasons().forEach(reason -> reasons.add(md(reason)));
            attestation += ": " + String.join("; ", reasons);
        }
        row("Attestation", attestation);
        row("Findings", md(String.join(" · ", Describe.counts(r))));
        row("Needs review", String.valueOf(r.needsReview().size()));
        if (!r.capabilities().isEmpty()) {
            row("Capabilities", md(String.join(", ", r.capabilities())));
        }
        blank();
    }

    private void findingsTable(String title, List<Finding> findings, String prefix, String whenEmpty) {
        line("## " + title + " (" + findings.size() + ")");
        blank();
        if (findings.isEmpty()) {
            line(whenEmpty);
            blank();
            return;
        }
        line("| # | Severity | ID | Title | Subject | Location |");
        line("|---|---|---|---|---|---|");
        for (int i = 0; i < findings.size(); i++) {
            Finding f = findings.get(i);
            String location = "";
            if (!f.evidence().isEmpty()) {
                location = md(Describe.location(f.evidence().get(0)));
                if (f.evidence().size() > 1) {
                    location += " (+" + (f.evidence().size() - 1) + " more)";
                }
            }
            line("| " + prefix + (i + 1) + " | " + md(Describe.severity(f)) + " | " + md(f.id()) + " | " + md(f.title())
                    + " | " + md(f.subject()) + " | " + location + " |");
        }
        blank();
    }

    private void details(List<Finding> findings, String prefix) {
        for (int i = 0; i < findings.size(); i++) {
            Finding f = findings.get(i);
            line("### " + prefix + (i + 1) + ". " + md(Describe.severity(f).toUpperCase(Locale.ROOT)) + " " + md(f.id())
                    + ": " + md(f.title()));
            blank();
            item("Category", md(f.category()));
            item("Threat class", md(f.threatClass()));
            item("Capability", md(f.capability()));
            item("Subject", md(f.subject()));
            item("Message", md(f.message()));
            if (!f.details().isEmpty()) {
                line("- **Details:**");
                for (Map.Entry<String, Object> d : f.details().entrySet()) {
                    line("  - " + md(d.getKey()) + ": " + md(Details.text(d.getValue())));
                }
            }
            if (!f.evidence().isEmpty()) {
                line("- **Evidence:**");
                for (Evidence e : f.evidence()) {
                    String snippet = e.snippet().isEmpty() ? "" : " — " + code(e.snippet());
                    line("  - " + md(Describe.location(e)) + snippet);
                }
            }
            item("Remediation", md(f.remediation()));
            item("Controls", md(String.join(", ", f.controls())));
            if (!f.fingerprint().isEmpty()) {
                item("Fingerprint", code(f.fingerprint()));
            }
            blank();
        }
    }

    private void rejectedInline(Report r) {
        List<Triage.RejectedInline> rejected = Describe.rejectedInline(r);
        if (rejected.isEmpty()) {
            return;
        }
        line("## Inline suppressions rejected (" + rejected.size() + ")");
        blank();
        line("These `assay-ignore` comments suppressed nothing:");
        blank();
        for (Triage.RejectedInline ri : rejected) {
            line("- " + md(Describe.rejectedInline(ri)));
        }
        blank();
    }

    private void coverage(Coverage c) {
        line("## Coverage");
        blank();
        if (c == null) {
            line("Unknown.");
            blank();
            return;
        }
        List<SkippedFile> skipped = c.filesSkipped();
        line(Describe.plural(c.filesIndexed(), "file", "files") + " read, " + skipped.size() + " skipped.");
        blank();
        recognition(c.recognition());
        if (skipped.isEmpty()) {
            return;
        }
        line("| Skipped | Reason |");
        line("|---|---|");
        int listed = Math.min(skipped.size(), Describe.SKIPPED_LISTED);
        for (int i = 0; i < listed; i++) {
            SkippedFile s = skipped.get(i);
            line("| " + md(s.file()) + " | " + md(s.reason()) + " |");
        }
        blank();
        if (skipped.size() > listed) {
            line("… and " + (skipped.size() - listed) + " more skipped.");
            blank();
        }
    }

    private void recognition(Recognition r) {
        if (r == null) {
            return;
        }
        List<String> found = Describe.found(r);
        line("- **Found:**" + (found.isEmpty() ? " nothing recognised" : ""));
        for (String f : found) {
            line("  - " + md(f));
        }
        if (!r.notFound().isEmpty()) {
            line("- **Looked for, not present:** " + md(Describe.notFound(r)));
        }
        blank();
    }

    private void versions(Report r) {
        line("## Versions");
        blank();
        line("| Component | Version |");
        line("|---|---|");
        row("Scanner", md(Describe.orUnknown(r.scannerVersion())));
        row("Rule pack", md(Describe.pack(r)));
        row("Rules hash", md(Describe.orUnknown(r.rulesHash())));
        row("Formula", md(Describe.formula(r)));
        row("Formula hash", md(Describe.orUnknown(r.formulaHash())));
        row("Schema", md(Describe.orUnknown(r.schemaVersion())));
        if (r.generatedAt() != null && !r.generatedAt().isBlank()) {
            row("Generated", md(r.generatedAt()));
        }
        blank();
    }

    /**
     * Inline Markdown text that renders exactly as the input reads: one line, controls made visible, HTML characters as
     * entities, the pipe as an entity (so it never splits a table cell, not even after a backslash), and every character
     * that starts emphasis, code, links, strike-through, math or a heading closer escaped with a backslash.
     */
    static String md(String s) {
        String line = Plain.oneLine(s);
        StringBuilder b = new StringBuilder(line.length() + 16);
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            switch (c) {
                case '&':
                    b.append("&amp;");
                    break;
                case '<':
                    b.append("&lt;");
                    break;
                case '>':
                    b.append("&gt;");
                    break;
                case '|':
                    b.append("&#124;");
                    break;
                case '\\':
                case '`':
                case '*':
                case '_':
                case '[':
                case ']':
                case '~':
                case '#':
                case '$':
                case '!':
                    b.append('\\').append(c);
                    break;
                default:
                    b.append(c);
            }
        }
        return b.toString();
    }

    /**
     * A code span holding {@code s} literally: the fence is one backtick longer than the longest backtick run inside,
     * and padded when the content touches a backtick. Used outside tables only, where a raw pipe is harmless.
     */
    static String code(String s) {
        String line = Plain.oneLine(s);
        if (line.isEmpty()) {
            return "";
        }
        int longest = 0;
        int run = 0;
        for (int i = 0; i < line.length(); i++) {
            run = line.charAt(i) == '`' ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        String fence = "`".repeat(longest + 1);
        boolean pad = line.startsWith("`") || line.endsWith("`");
        return pad ? fence + " " + line + " " + fence : fence + line + fence;
    }

    private void row(String name, String value) {
        line("| " + name + " | " + value + " |");
    }

    private void item(String label, String value) {
        if (!value.isEmpty()) {
            line("- **" + label + ":** " + value);
        }
    }

    private void line(String s) {
        out.append(s).append('\n');
    }

    private void blank() {
        out.append('\n');
    }
}
