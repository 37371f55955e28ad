package dev.assay.engine.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * A scan report, the contract of {@code DESIGN.md}. Apart from {@code generatedAt}, two scans of the same input with the
 * same pack and formula give equal reports. {@code counts} holds the active findings per severity (all five keys, most severe first);
 * {@code capabilities} the capability chips, sorted. {@code triage} (absent unless a baseline or suppressions were
 * applied) holds the findings a baseline or a suppression took out of {@code findings}, with their reasons; the score
 * and counts cover {@code findings} only.
 */
@JsonPropertyOrder({"schemaVersion", "scannerVersion", "scorer", "formula", "formulaVersion", "formulaHash", "pack",
        "packVersion", "rulesHash", "target", "score", "level", "attestation", "verdict", "counts", "findings",
        "needsReview", "triage", "capabilities", "coverage", "generatedAt"})
public record Report(String schemaVersion, String scannerVersion, String scorer, String formula, int formulaVersion,
        String formulaHash, String pack, String packVersion, String rulesHash, TargetInfo target, BigDecimal score,
        String level, Attestation attestation, String verdict, Map<String, Integer> counts, List<Finding> findings,
        List<Finding> needsReview, List<String> capabilities, Coverage coverage, String generatedAt,
        @JsonInclude(JsonInclude.Include.NON_NULL) Triage triage) {

    public static final String SCHEMA_VERSION = "1.0";

    public Report {
        findings = List.copyOf(findings);
        needsReview = List.copyOf(needsReview);
        capabilities = List.copyOf(capabilities);
        counts = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(counts));
    }

    /** A report to which no baseline or suppression was applied. */
    public Report(String schemaVersion, String scannerVersion, String scorer, String formula, int formulaVersion,
            String formulaHash, String pack, String packVersion, String rulesHash, TargetInfo target, BigDecimal score,
            String level, Attestation attestation, String verdict, Map<String, Integer> counts, List<Finding> findings,
            List<Finding> needsReview, List<String> capabilities, Coverage coverage, String generatedAt) {
        this(schemaVersion, scannerVersion, scorer, formula, formulaVersion, formulaHash, pack, packVersion, rulesHash,
                target, score, level, attestation, verdict, counts, findings, needsReview, capabilities, coverage,
                generatedAt, null);
    }
}
