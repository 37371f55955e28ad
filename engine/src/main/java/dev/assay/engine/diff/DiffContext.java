package dev.assay.engine.diff;

import dev.assay.engine.formula.Formula;

/**
 * What a diff knows about its two sides, worked out once and shared by every target: how the packs differ, the path
 * between the formulas, and the formulas themselves (null when a side's formula is not available here, as for a report
 * scored with a formula this build does not ship).
 */
record DiffContext(Side before, Side after, PackChanges packs, Formula oldFormula, Formula newFormula,
        FormulaPath formulaPath) {

    boolean formulaChanged() {
        return !before.formulaRef().equals(after.formulaRef()) || !before.formulaHash().equals(after.formulaHash());
    }

    boolean scannerChanged() {
        return !before.scannerVersion().equals(after.scannerVersion());
    }

    /** The one cause a formula change has when it cannot be split into parameters. */
    Cause wholeFormulaCause() {
        return new Cause(Cause.Kind.FORMULA, after.formulaRef(), "formula " + before.formulaRef() + " ("
                + PackChanges.shortHash(before.formulaHash()) + ") → " + after.formulaRef() + " ("
                + PackChanges.shortHash(after.formulaHash()) + ")");
    }
}
