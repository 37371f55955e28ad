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
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The plain-text report for a terminal: about 100 columns, no colours, every report string made visible-safe. */
final class TextReport {

    static final int WIDTH = 100;
    private static final String FINDING_INDENT = "    ";
    private static final int LABEL_WIDTH = 14;

    private final StringBuilder out = new StringBuilder(4096);

    private TextReport() {
    }

    static String render(Report r) {
        TextReport t = new TextReport();
        t.header(r);
        t.findings(r);
        t.needsReview(r);
        t.rejectedInline(r);
        t.coverage(r.coverage());
        t.versions(r);
        return t.out.toString();
    }

    private void header(Report r) {
        heading("Assay report", '=');
        TargetInfo target = r.target();
        if (target == null) {
            field("", "target", "unknown");
        } else {
            String kind = Describe.text(target.kind()).isBlank() ? "" : " (" + Plain.oneLine(target.kind()) + ")";
            field("", "target", Plain.oneLine(Describe.orUnknown(target.path())) + kind);
            if (target.digest() != null && !target.digest().isBlank()) {
                field("", "digest", Plain.oneLine(target.digest()));
            }
        }
        field("", "scorer", Plain.oneLine(Describe.orUnknown(r.scorer())));
        boolean scored = NothingFound.of(r) == null;
        String level = !scored || r.level() == null || r.level().isBlank() ? "" : ", level " + Plain.oneLine(r.level());
        field("", "score", Describe.scoreOf(r) + level);
        if (r.verdict() != null && !r.verdict().isBlank()) {
            field("", "verdict", Plain.oneLine(r.verdict()));
        }
        Attestation a = r.attestation();
        field("", "attestation", a == null ? "unknown" : a.eligible() ? "eligible" : "not eligible");
        if (a != null) {
            for (String reason : a.reasons()) {
                wrapped(" ".repeat(LABEL_WIDTH + 2) + "- ", " ".repeat(LABEL_WIDTH + 4), Plain.oneLine(reason));
            }
        }
        field("", "findings", Plain.oneLine(String.join(", ", Describe.counts(r))));
        field("", "needs review", String.valueOf(r.needsReview().size()));
        if (!r.capabilities().isEmpty()) {
            field("", "capabilities", Plain.oneLine(String.join(", ", r.capabilities())));
        }
    }

    private void findings(Report r) {
        blank();
        heading("Findings (" + r.findings().size() + ")", '-');
        if (r.findings().isEmpty()) {
            blank();
            line("No findings.");
            return;
        }
        for (Map.Entry<String, List<Finding>> group : Describe.byCategory(r.findings()).entrySet()) {
            blank();
            String heading = "[" + Plain.oneLine(group.getKey()) + "] " + Describe.plural(group.getValue().size(), "finding", "findings");
            wrapped("", "  ", heading);
            for (Finding f : group.getValue()) {
                finding(f);
            }
        }
    }

    private void needsReview(Report r) {
        if (r.needsReview().isEmpty()) {
            return;
        }
        blank();
        heading("Needs review (" + r.needsReview().size() + ", not scored)", '-');
        for (Finding f : r.needsReview()) {
            finding(f);
        }
    }

    /** Inline suppression comments that suppressed nothing: one line each, so an author sees why. */
    private void rejectedInline(Report r) {
        List<Triage.RejectedInline> rejected = Describe.rejectedInline(r);
        if (rejected.isEmpty()) {
            return;
        }
        blank();
        heading("Inline suppressions rejected (" + rejected.size() + ", nothing suppressed)", '-');
        blank();
        for (Triage.RejectedInline ri : rejected) {
            wrapped("  - ", "    ", Plain.oneLine(Describe.rejectedInline(ri)));
        }
    }

    private void finding(Finding f) {
        blank();
        String head = "  " + Describe.severity(f).toUpperCase(Locale.ROOT) + "  " + Plain.oneLine(f.id(), 60);
        wrapped(head + "  ", "    ", Plain.oneLine(f.title()));
        if (!f.subject().isEmpty()) {
            field(FINDING_INDENT, "subject", Plain.oneLine(f.subject()));
        }
        if (!f.message().isEmpty()) {
            field(FINDING_INDENT, "message", Plain.oneLine(f.message()));
        }
        for (Map.Entry<String, Object> d : f.details().entrySet()) {
            field(FINDING_INDENT, Plain.oneLine(d.getKey(), LABEL_WIDTH - 2), Plain.oneLine(Details.text(d.getValue())));
        }
        String valueIndent = " ".repeat(FINDING_INDENT.length() + LABEL_WIDTH);
        for (int i = 0; i < f.evidence().size(); i++) {
            Evidence e = f.evidence().get(i);
            field(FINDING_INDENT, i == 0 ? "evidence" : "", Plain.oneLine(Describe.location(e)));
            if (!e.snippet().isEmpty()) {
                String prefix = valueIndent + "| ";
                for (String piece : Plain.chop(Plain.oneLine(e.snippet()), WIDTH - prefix.length())) {
                    line(prefix + piece);
                }
            }
        }
        if (!f.remediation().isEmpty()) {
            field(FINDING_INDENT, "remediation", Plain.oneLine(f.remediation()));
        }
        if (!f.controls().isEmpty()) {
            field(FINDING_INDENT, "controls", Plain.oneLine(String.join(", ", f.controls())));
        }
    }

    private void coverage(Coverage c) {
        blank();
        if (c == null) {
            line("Coverage: unknown");
            return;
        }
        List<SkippedFile> skipped = c.filesSkipped();
        line("Coverage: " + Describe.plural(c.filesIndexed(), "file", "files") + " read, " + skipped.size() + " skipped");
        int listed = Math.min(skipped.size(), Describe.SKIPPED_LISTED);
        for (int i = 0; i < listed; i++) {
            SkippedFile s = skipped.get(i);
            wrapped("  - ", "    ", Plain.oneLine(Describe.text(s.file())) + ": " + Plain.oneLine(Describe.text(s.reason())));
        }
        if (skipped.size() > listed) {
            line("  … and " + (skipped.size() - listed) + " more skipped");
        }
        recognition(c.recognition());
    }

    /** What the files read were recognised as, and what was looked for in vain: a wrong folder shows here. */
    private void recognition(Recognition r) {
        if (r == null) {
            return;
        }
        List<String> found = Describe.found(r);
        if (found.isEmpty()) {
            field("  ", "found", "nothing recognised");
        }
        for (int i = 0; i < found.size(); i++) {
            field("  ", i == 0 ? "found" : "", Plain.oneLine(found.get(i)));
        }
        if (!r.notFound().isEmpty()) {
            field("  ", "looked for", Plain.oneLine(Describe.notFound(r)) + " — not present"
                    + (r.notFound().stream().allMatch(n -> "component".equals(n.group())) ? ""
                            : " (the JSON report lists every path)"));
        }
    }

    private void versions(Report r) {
        blank();
        heading("Versions", '-');
        field("  ", "scanner", Plain.oneLine(Describe.orUnknown(r.scannerVersion())));
        field("  ", "rule pack", Plain.oneLine(Describe.pack(r)));
        field("  ", "rules hash", Plain.oneLine(Describe.orUnknown(r.rulesHash())));
        field("  ", "formula", Plain.oneLine(Describe.formula(r)));
        field("  ", "formula hash", Plain.oneLine(Describe.orUnknown(r.formulaHash())));
        field("  ", "schema", Plain.oneLine(Describe.orUnknown(r.schemaVersion())));
        if (r.generatedAt() != null && !r.generatedAt().isBlank()) {
            field("  ", "generated", Plain.oneLine(r.generatedAt()));
        }
    }

    /** A "label  value" line, the value word-wrapped and aligned under itself. */
    private void field(String indent, String label, String value) {
        String padded = indent + label + " ".repeat(Math.max(1, LABEL_WIDTH - label.length()));
        wrapped(padded, " ".repeat(padded.length()), value);
    }

    private void wrapped(String firstPrefix, String nextPrefix, String value) {
        for (String l : Plain.wrap(value, WIDTH, firstPrefix, nextPrefix)) {
            line(l);
        }
    }

    private void heading(String title, char underline) {
        line(title);
        line(String.valueOf(underline).repeat(title.length()));
    }

    private void line(String s) {
        out.append(s.stripTrailing()).append('\n');
    }

    private void blank() {
        out.append('\n');
    }
}
