package dev.assay.engine;

import dev.assay.engine.fact.InlineIgnore;
import dev.assay.engine.formula.Formula;
import dev.assay.engine.model.Evidence;
import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Report;
import dev.assay.engine.model.Triage;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The inline-suppression step of a scan, for packs with {@code inlineSuppressions: true}: it runs on the finished
 * report and the extractors' {@link InlineIgnore} facts, never on files. Project-level suppressions and baselines come
 * later, in {@link dev.assay.engine.triage.Triager}, which keeps what this step decided.
 */
final class InlineSuppressions {

    private InlineSuppressions() {
    }

    /**
     * Applies inline {@code assay-ignore: RULE-ID reason} comments, which an extractor read as {@link InlineIgnore}
     * facts, to a finished report; the caller decides whether the pack allows them. A comment suppresses an active
     * finding of its rule when it sits on the line of one of the finding's evidence or on the line above, in the same
     * file; the first such comment (in file and line order) gives the reason and the source {@code inline file:line}.
     * A matching comment without a reason suppresses nothing and is listed in {@code triage.rejectedInline}. The
     * report is rescored; it is returned unchanged when no comment matched a finding.
     */
    static Report apply(Report report, Formula formula, List<InlineIgnore> comments) {
        if (comments.isEmpty()) {
            return report;
        }
        List<InlineIgnore> ordered = new ArrayList<>(comments);
        ordered.sort(Comparator.comparing(InlineIgnore::file).thenComparingInt(InlineIgnore::line));
        List<Finding> active = new ArrayList<>();
        List<Triage.Triaged> triaged = new ArrayList<>();
        Set<Triage.RejectedInline> rejected = new TreeSet<>(Comparator
                .comparing(Triage.RejectedInline::file).thenComparingInt(Triage.RejectedInline::line)
                .thenComparing(Triage.RejectedInline::rule));
        for (Finding f : report.findings()) {
            InlineIgnore by = null;
            for (InlineIgnore c : ordered) {
                if (!covers(c, f)) {
                    continue;
                }
                if (c.reason().isEmpty()) {
                    rejected.add(new Triage.RejectedInline(c.file(), c.line(), c.rule(),
                            "no reason given: an inline suppression needs one, so this comment suppresses nothing"));
                } else if (by == null) {
                    by = c;
                }
            }
            if (by != null) {
                triaged.add(new Triage.Triaged(Finding.SUPPRESSED, by.reason(), "inline " + by.file() + ":" + by.line(),
                        null, retagged(f)));
            } else {
                active.add(f);
            }
        }
        if (triaged.isEmpty() && rejected.isEmpty()) {
            return report;
        }
        triaged.sort((a, b) -> Finding.ORDER.compare(a.finding(), b.finding()));
        Triage triage = new Triage(triaged.size(), 0, triaged, List.of(), List.of(), new ArrayList<>(rejected));
        return Rescorer.withTriage(report, active, triage, formula);
    }

    private static boolean covers(InlineIgnore c, Finding f) {
        if (!c.rule().equals(f.id())) {
            return false;
        }
        for (Evidence e : f.evidence()) {
            if (e.file().equals(c.file()) && e.lineStart() > 0
                    && (c.line() == e.lineStart() || c.line() == e.lineStart() - 1)) {
                return true;
            }
        }
        return false;
    }

    private static Finding retagged(Finding f) {
        return new Finding(f.id(), f.title(), f.severity(), f.threatClass(), f.category(), f.capability(), f.controls(),
                f.subject(), f.message(), f.remediation(), Finding.SUPPRESSED, f.evidence(), f.fingerprint(),
                f.details());
    }
}
