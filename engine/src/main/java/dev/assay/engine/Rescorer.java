package dev.assay.engine;

import dev.assay.engine.formula.Formula;
import dev.assay.engine.formula.FormulaEngine;
import dev.assay.engine.formula.FormulaResult;
import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Report;
import java.util.List;

/**
 * Recomputes a report's score from the findings it holds, with the formula version it names or another one. Nothing
 * is re-scanned: findings, coverage, pack and target stay as they were, so an old report keeps its original score under
 * its own formula version and shows what another version would make of the same findings.
 */
public final class Rescorer {

    private Rescorer() {
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
