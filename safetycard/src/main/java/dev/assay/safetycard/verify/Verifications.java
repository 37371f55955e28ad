package dev.assay.safetycard.verify;

import dev.assay.safetycard.search.SearchLimits;

/** The repository verification this build provides: the SafetyCard search with its default limits. */
public final class Verifications {

    private Verifications() {
    }

    public static RepoVerification available() {
        return new SearchVerification(SearchLimits.defaults());
    }
}
