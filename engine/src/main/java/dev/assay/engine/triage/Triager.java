package dev.assay.engine.triage;

import dev.assay.engine.Rescorer;
import dev.assay.engine.formula.Formula;
import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Report;
import dev.assay.engine.model.Triage;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Applies suppressions and a baseline to a finished report. An active finding that a suppression in force matches is
 * {@code suppressed} (the first matching suppression, in file order, gives the reason); otherwise one whose fingerprint
 * the baseline holds is {@code baseline}. Both leave {@code findings} for the report's triage and the report is
 * rescored with the same formula, so the score counts active findings only and the triage says how many were taken
 * out. Needs-review findings are never scored and stay where they are. Expired suppressions are listed and suppress
 * nothing; baseline entries matching no finding of the report are listed as fixed. {@code today} decides expiry: it is
 * the one input here that is not in the report.
 */
public final class Triager {

    private Triager() {
    }

    public static Report apply(Report report, Formula formula, Baseline baseline, String baselineSource,
            List<Suppression> suppressions, LocalDate today) {
        List<Suppression> inForce = new ArrayList<>();
        List<Triage.Expired> expired = new ArrayList<>();
        for (Suppression s : suppressions) {
            if (s.expiredOn(today)) {
                expired.add(new Triage.Expired(s.rule(), s.path(), s.fingerprint(), s.reason(),
                        s.expires().toString(), s.source()));
            } else {
                inForce.add(s);
            }
        }
        Set<String> accepted = new HashSet<>();
        if (baseline != null) {
            baseline.entries().forEach(e -> accepted.add(e.fingerprint()));
        }
        List<Finding> active = new ArrayList<>();
        List<Triage.Triaged> triaged = new ArrayList<>();
        if (report.triage() != null) {
            triaged.addAll(report.triage().findings());
        }
        for (Finding f : report.findings()) {
            Suppression by = inForce.stream().filter(s -> s.matches(f)).findFirst().orElse(null);
            if (by != null) {
                triaged.add(new Triage.Triaged(Finding.SUPPRESSED, by.reason(), by.source(),
                        by.expires() == null ? null : by.expires().toString(), retagged(f, Finding.SUPPRESSED)));
            } else if (accepted.contains(f.fingerprint())) {
                triaged.add(new Triage.Triaged(Finding.BASELINE, "accepted in baseline", baselineSource, null,
                        retagged(f, Finding.BASELINE)));
            } else {
                active.add(f);
            }
        }
        triaged.sort((a, b) -> Finding.ORDER.compare(a.finding(), b.finding()));
        Set<String> seen = new HashSet<>();
        report.findings().forEach(f -> seen.add(f.fingerprint()));
        report.needsReview().forEach(f -> seen.add(f.fingerprint()));
        triaged.forEach(t -> seen.add(t.finding().fingerprint()));
        List<Triage.BaselineEntry> fixed = baseline == null ? List.of()
                : baseline.entries().stream().filter(e -> !seen.contains(e.fingerprint())).toList();
        int suppressed = (int) triaged.stream().filter(t -> Finding.SUPPRESSED.equals(t.status())).count();
        List<Triage.RejectedInline> rejected = report.triage() == null ? List.of() : report.triage().rejectedInline();
        Triage triage = new Triage(suppressed, triaged.size() - suppressed, triaged, expired, fixed, rejected);
        return Rescorer.withTriage(report, active, triage, formula);
    }

    private static Finding retagged(Finding f, String status) {
        return new Finding(f.id(), f.title(), f.severity(), f.threatClass(), f.category(), f.capability(), f.controls(),
                f.subject(), f.message(), f.remediation(), status, f.evidence(), f.fingerprint(), f.details());
    }
}
