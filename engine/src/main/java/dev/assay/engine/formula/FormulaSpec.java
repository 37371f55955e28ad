package dev.assay.engine.formula;

/** The kind-specific body of a formula spec. */
sealed interface FormulaSpec permits FindingsSpec, CriteriaSpec {
}
