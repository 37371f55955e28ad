/**
 * Reproducing SafetyCard evidence against the reviewed repository: a Java implementation of the ripgrep subset that
 * published audits use ({@link dev.assay.safetycard.search.Ripgrep}), and the {@code --repo} verifier
 * ({@code Verifier.verify(Path repo, String pinnedCommit, List<EvidenceRef> items) -> VerificationReport}).
 * Nothing here executes anything from the repository or reads outside it.
 */
package dev.assay.safetycard.search;
