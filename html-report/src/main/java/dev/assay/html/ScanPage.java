package dev.assay.html;

import dev.assay.engine.NothingFound;
import dev.assay.engine.model.Evidence;
import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Report;
import dev.assay.engine.model.Severity;
import dev.assay.engine.model.Triage;
import dev.assay.engine.spi.Recognition;
import dev.assay.engine.spi.SkippedFile;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The view of one scan report: gauge, verdict, severity bar, chips, findings by check, triage, coverage, versions. */
final class ScanPage {

    private ScanPage() {
    }

    static String render(Report r) {
        Map<String, Object> v = new HashMap<>();
        Map<String, Object> target = new HashMap<>();
        target.put("path", r.target() == null ? "" : Shown.text(r.target().path()));
        target.put("kind", r.target() == null ? "" : Shown.text(r.target().kind()));
        v.put("target", target);
        v.put("scorerLabel", Shown.text(r.scorer()));
        BigDecimal scale = "safetycard".equals(r.scorer()) ? BigDecimal.TEN : BigDecimal.valueOf(100);
        v.put("scale", scale.toPlainString());
        // nothing to score: the formula's value for an empty target (100, excellent) is not shown as a result
        boolean scored = NothingFound.of(r) == null;
        v.put("score", !scored || r.score() == null ? "–" : r.score().toPlainString());
        v.put("level", scored ? Shown.text(r.level()) : "not scored");
        v.put("levelClass", Shown.cssClass(scored ? r.level() : null));
        v.put("arc", arc(scored ? r.score() : null, scale));
        v.put("verdict", Shown.text(r.verdict()));
        v.put("eligible", r.attestation() != null && r.attestation().eligible());
        v.put("reasons", r.attestation() == null ? List.of() : r.attestation().reasons().stream().map(Shown::text).toList());

        List<Map<String, Object>> counts = new ArrayList<>();
        List<Map<String, Object>> bar = new ArrayList<>();
        int total = r.counts().values().stream().mapToInt(Integer::intValue).sum();
        double x = 0;
        for (Severity s : Severity.values()) {
            int n = r.counts().getOrDefault(s.id(), 0);
            counts.add(Map.of("sev", s.id(), "n", n));
            if (n > 0) {
                double w = 500.0 * n / total;
                bar.add(Map.of("sev", s.id(), "x", num(x), "w", num(w)));
                x += w;
            }
        }
        if (total == 0) {
            bar.add(Map.of("sev", "empty", "x", "0", "w", "500"));
        }
        v.put("counts", counts);
        v.put("bar", bar);
        v.put("capabilities", r.capabilities().stream().map(Shown::text).toList());
        v.put("hasCapabilities", !r.capabilities().isEmpty());

        Map<String, List<Map<String, Object>>> byCategory = new LinkedHashMap<>();
        for (Finding f : r.findings()) {
            byCategory.computeIfAbsent(f.category() == null || f.category().isBlank() ? "other" : f.category(),
                    k -> new ArrayList<>()).add(finding(f, null));
        }
        List<Map<String, Object>> groups = new ArrayList<>();
        byCategory.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> groups.add(
                Map.of("category", Shown.text(e.getKey()), "size", e.getValue().size(), "findings", e.getValue())));
        v.put("groups", groups);
        v.put("findingCount", r.findings().size());
        v.put("review", r.needsReview().stream().map(f -> finding(f, null)).toList());
        v.put("hasReview", !r.needsReview().isEmpty());
        v.put("reviewCount", r.needsReview().size());

        Triage t = r.triage();
        List<Map<String, Object>> triaged = new ArrayList<>();
        List<Map<String, Object>> expired = new ArrayList<>();
        List<Map<String, Object>> fixed = new ArrayList<>();
        List<Map<String, Object>> rejected = new ArrayList<>();
        if (t != null) {
            for (Triage.RejectedInline ri : t.rejectedInline()) {
                rejected.add(Map.of("at", Shown.text(ri.file() + ":" + ri.line()), "rule", Shown.text(ri.rule()),
                        "problem", Shown.text(ri.problem())));
            }
            t.findings().forEach(tf -> triaged.add(finding(tf.finding(), tf)));
            for (Triage.Expired e : t.expiredSuppressions()) {
                Map<String, Object> m = new HashMap<>();
                m.put("rule", Shown.text(e.rule()));
                m.put("path", Shown.text(e.path()));
                m.put("fingerprint", Shown.text(e.fingerprint()));
                m.put("reason", Shown.text(e.reason()));
                m.put("expires", Shown.text(e.expires()));
                m.put("source", Shown.text(e.source()));
                expired.add(m);
            }
            for (Triage.BaselineEntry e : t.fixedBaseline()) {
                fixed.add(Map.of("ruleId", Shown.text(e.ruleId()), "subject", Shown.text(e.subject()),
                        "file", Shown.text(e.file()), "fingerprint", Shown.text(e.fingerprint())));
            }
            v.put("triageNote", "The score counts active findings only: " + t.suppressed() + " suppressed and "
                    + t.baselined() + " baselined are not scored"
                    + (t.expiredSuppressions().isEmpty() ? "" : "; " + t.expiredSuppressions().size()
                            + " expired suppressions apply no more") + ".");
        }
        v.put("triaged", triaged);
        v.put("hasTriaged", !triaged.isEmpty());
        v.put("triagedCount", triaged.size());
        v.put("expired", expired);
        v.put("hasExpired", !expired.isEmpty());
        v.put("fixed", fixed);
        v.put("hasFixed", !fixed.isEmpty());
        v.put("rejectedInline", rejected);
        v.put("hasRejectedInline", !rejected.isEmpty());

        List<Map<String, Object>> skipped = new ArrayList<>();
        int indexed = 0;
        if (r.coverage() != null) {
            indexed = r.coverage().filesIndexed();
            for (SkippedFile s : r.coverage().filesSkipped()) {
                skipped.add(Map.of("file", Shown.text(s.file()), "reason", Shown.text(s.reason())));
            }
        }
        v.put("filesIndexed", indexed);
        Recognition recognition = r.coverage() == null ? null : r.coverage().recognition();
        List<Map<String, Object>> found = new ArrayList<>();
        List<Map<String, Object>> notFound = new ArrayList<>();
        if (recognition != null) {
            for (Recognition.Found f : recognition.found()) {
                found.add(Map.of("group", Shown.text(f.group()), "kind", Shown.text(f.kind()), "count", f.count(),
                        "paths", f.paths().stream().map(Shown::text).toList()));
            }
            for (Recognition.NotFound n : recognition.notFound()) {
                notFound.add(Map.of("group", Shown.text(n.group()), "items", n.items().stream().map(Shown::text).toList(),
                        "count", n.items().size()));
            }
        }
        v.put("hasRecognition", recognition != null);
        v.put("found", found);
        v.put("notFound", notFound);
        v.put("hasNotFound", !notFound.isEmpty());
        v.put("skipped", skipped);
        v.put("skippedCount", skipped.size());
        v.put("hasSkipped", !skipped.isEmpty());

        List<Map<String, Object>> versions = new ArrayList<>();
        version(versions, "scanner", r.scannerVersion());
        version(versions, "pack", r.pack() + "@" + r.packVersion());
        version(versions, "rulesHash", r.rulesHash());
        version(versions, "formula", r.formula() + "@" + r.formulaVersion());
        version(versions, "formulaHash", r.formulaHash());
        version(versions, "target digest", r.target() == null ? "" : r.target().digest());
        version(versions, "schemaVersion", r.schemaVersion());
        version(versions, "generatedAt", r.generatedAt());
        v.put("versions", versions);

        String title = (r.target() == null ? "" : r.target().path()) + " · " + (r.score() == null ? "–"
                : r.score().toPlainString()) + " " + r.level();
        return Pages.render("scan", title, v);
    }

    static Map<String, Object> finding(Finding f, Triage.Triaged triaged) {
        Map<String, Object> m = new HashMap<>();
        m.put("id", Shown.text(f.id()));
        m.put("anchor", Shown.anchor("f-", f.id() + "-" + f.fingerprint()));
        m.put("title", Shown.text(f.title()));
        m.put("severity", f.severity() == null ? "" : f.severity().id());
        m.put("sevClass", f.severity() == null ? "none" : f.severity().id());
        m.put("status", Finding.ACTIVE.equals(f.status()) ? "" : Shown.text(f.status()));
        m.put("subject", Shown.text(f.subject()));
        m.put("message", Shown.text(f.message()));
        m.put("remediation", Shown.text(f.remediation()));
        m.put("threatClass", Shown.text(f.threatClass()));
        m.put("capability", Shown.text(f.capability()));
        m.put("controls", f.controls().stream().map(Shown::text).toList());
        m.put("hasControls", !f.controls().isEmpty());
        m.put("fingerprint", Shown.text(f.fingerprint()));
        m.put("reason", triaged == null ? "" : Shown.text(triaged.reason()));
        m.put("source", triaged == null ? "" : Shown.text(triaged.source()));
        m.put("expires", triaged == null ? "" : Shown.text(triaged.expires()));
        List<Map<String, Object>> evidence = new ArrayList<>();
        for (Evidence e : f.evidence()) {
            Map<String, Object> ev = new HashMap<>();
            ev.put("file", Shown.text(e.file()));
            String lines = e.lineStart() <= 0 ? "" : e.lineEnd() > e.lineStart() ? e.lineStart() + "–" + e.lineEnd()
                    : String.valueOf(e.lineStart());
            ev.put("lines", lines);
            ev.put("lineNo", e.lineStart() <= 0 ? "" : String.valueOf(e.lineStart()));
            ev.put("snippet", Shown.text(e.snippet()));
            evidence.add(ev);
        }
        m.put("evidence", evidence);
        return m;
    }

    /** The SVG path of the gauge's filled part: a half circle from the left, as far as the score's share of the scale. */
    static String arc(BigDecimal score, BigDecimal scale) {
        if (score == null || score.signum() <= 0) {
            return "";
        }
        double f = Math.min(1.0, score.doubleValue() / scale.doubleValue());
        double angle = Math.PI * f;
        double ex = 60 - 50 * Math.cos(angle);
        double ey = 62 - 50 * Math.sin(angle);
        return "M 10 62 A 50 50 0 0 1 " + num(ex) + " " + num(ey);
    }

    static String num(double d) {
        return String.format(Locale.ROOT, "%.2f", d);
    }

    private static void version(List<Map<String, Object>> out, String k, String value) {
        out.add(Map.of("k", k, "v", Shown.text(value == null ? "" : value)));
    }
}
