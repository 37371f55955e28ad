package dev.assay.engine.diff;

import dev.assay.engine.formula.Formula;
import dev.assay.engine.formula.FormulaEngine;
import dev.assay.engine.formula.FormulaResult;
import dev.assay.engine.model.Coverage;
import dev.assay.engine.model.Evidence;
import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Report;
import dev.assay.engine.model.Severity;
import dev.assay.engine.model.TargetInfo;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reports made by hand from findings, scored with a real formula, for diff tests that need no scan. */
final class Made {

    private Made() {
    }

    static Finding finding(String id, Severity s, String subject, String status, Evidence... evidence) {
        return new Finding(id, "Title of " + id, s, "risky_construct", "check", "", List.of("C1"), subject, "", "",
                status, List.of(evidence), id + "/" + subject);
    }

    static Report report(Formula f, String pack, String version, String rulesHash, String digest, List<Finding> all) {
        List<Finding> active = all.stream().filter(x -> Finding.ACTIVE.equals(x.status())).toList();
        List<Finding> review = all.stream().filter(x -> !Finding.ACTIVE.equals(x.status())).toList();
        FormulaResult r = FormulaEngine.evaluate(f, active);
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (Severity s : Severity.values()) {
            counts.put(s.id(), (int) active.stream().filter(x -> x.severity() == s).count());
        }
        return new Report(Report.SCHEMA_VERSION, "assay/test", "agent-security-score", f.id(), f.version(), f.hash(),
                pack, version, rulesHash, new TargetInfo("target", "directory", digest), r.score(),
                r.level() == null ? "" : r.level(), r.attestation(), "verdict", counts, active, review, List.of(),
                new Coverage(1, List.of()), "2025-01-01T00:00:00Z");
    }
}
