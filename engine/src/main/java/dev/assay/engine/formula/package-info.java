/**
 * Formula specs as data and their generic interpreter. API: {@link dev.assay.engine.formula.Formula} (a parsed,
 * hashed spec), {@link dev.assay.engine.formula.FormulaRegistry} ({@code id@N} lookup, the shipped specs),
 * {@link dev.assay.engine.formula.FormulaEngine} with its results ({@link dev.assay.engine.formula.FormulaResult},
 * {@link dev.assay.engine.formula.CriteriaResult}, {@link dev.assay.engine.formula.Verdict}),
 * {@link dev.assay.engine.formula.CriterionRating}, {@link dev.assay.engine.formula.FormulaCase} (spec test cases) and
 * {@link dev.assay.engine.formula.FormulaException}. Everything else here is package-private.
 */
package dev.assay.engine.formula;
