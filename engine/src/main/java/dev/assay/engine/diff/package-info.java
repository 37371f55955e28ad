/**
 * Score diffs across rule-pack and formula versions. {@link dev.assay.engine.diff.ScoreDiff} compares two scanners over
 * the same targets (each target extracted once) or two saved reports; the {@link dev.assay.engine.diff.DiffResult}
 * attributes every finding change and every step of each score move to a rule, a formula parameter or the input, and
 * {@link dev.assay.engine.diff.DiffWriters} writes it as text, JSON or Markdown. The result records are API; the
 * comparison machinery is package-private.
 */
package dev.assay.engine.diff;
