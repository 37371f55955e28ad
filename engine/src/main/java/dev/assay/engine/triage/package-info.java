/**
 * Baselines and suppressions: decisions a project makes about findings it has seen. {@link Triage} takes the findings
 * a {@link Baseline} accepts or a {@link Suppression} covers out of a finished report's score, keeps them in the
 * report's triage with their reason, lists expired suppressions and fixed baseline entries, and rescores. Nothing here
 * reads the scanned target.
 */
package dev.assay.engine.triage;
