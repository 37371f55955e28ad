package dev.assay.engine;

import dev.assay.engine.formula.Formula;
import dev.assay.engine.formula.FormulaEngine;
import dev.assay.engine.formula.FormulaResult;
import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Report;
import dev.assay.engine.model.Triage;
import java.util.List;

/**
 * Recomputes a report's score from the findings it holds, with the formula version it names or another one. Nothing
 * is re-scanned: findings, coverage, pack and target stay as they were, so an old report keeps its original score under
 * its own formula version and shows what another version would make of the same findings.
 */
public final class Rescorer {

    private Rescorer() {
    }

    /**
     * The report with only {@code active} findings scored and the rest described by {@code triage} (baselined or
     * suppressed findings stay in the report, out of the score), scored again with {@code formula}.
     */
    public static Report withTriage(Report report, List<Finding> active, Triage triage, Formula formula) {
        Report narrowed = new Report(report.schemaVersion(), report.scannerVersion(), report.scorer(), report.formula(),
                report.formulaVersion(), report.formulaHash(), report.pack(), report.packVersion(), report.rulesHash(),
                report.target(), report.score(), report.level(), report.attestation(), report.verdict(),
                report.counts(), active, report.needsReview(), report.capabilities(), report.coverage(),
                report.generatedAt(), triage);
        return rescore(narrowed, formula);
    }

    public static Report rescore(Report original, Formula formula) {
        List<Finding> active = original.findings();
        FormulaResult result = FormulaEngine.evaluate(formula, active);
        // A target in which nothing was recognised stays unattestable under any formula.
        String nothing = NothingFound.of(original);
        return new Report(original.schemaVersion(), original.scannerVersion(), original.scorer(), formula.id(),
                formula.version(), formula.hash(), original.pack(), original.packVersion(), original.rulesHash(),
                original.target(), result.score(), result.level() == null ? "" : result.level(),
                nothing == null ? result.attestation() : NothingFound.attestation(nothing),
                nothing == null ? Scanner.verdict(result) : nothing, Scanner.counts(active), active, original.needsReview(),
                original.capabilities(), original.coverage(), original.generatedAt(), original.triage());
    }
}
