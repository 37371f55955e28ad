/**
 * Machine-drafted SafetyCard evidence for a reviewer: {@link dev.assay.safetycard.draft.Drafter} builds the inventory
 * of method step 3 as reproducible searches and citations, and {@link dev.assay.safetycard.draft.ReviewGuard} reports
 * text in the reviewed repository aimed at reviewers or auditing models.
 */
package dev.assay.safetycard.draft;
