package dev.assay.safetycard.search;

import java.util.Objects;

/**
 * One evidence item of a scorecard, as the {@link Verifier} checks it against the reviewed repository: either a code
 * citation or a reproducible {@code rg} search. {@link #location()} is the caller's label for the item (for example
 * {@code "C4.alt.S.evidence[1]"}); it is echoed unchanged in every result so messages can point back at the scorecard.
 */
public sealed interface EvidenceRef permits EvidenceRef.Citation, EvidenceRef.Search {

    /** Caller-chosen label of this item in the scorecard; never interpreted. */
    String location();

    /**
     * A code citation: repository-relative {@code file}, {@code lines} as {@code "N"} or {@code "N-M"} (1-based,
     * inclusive) and an optional {@code contains} quote that must occur in those lines ({@code null} when absent).
     */
    record Citation(String location, String file, String lines, String contains) implements EvidenceRef {
        public Citation {
            Objects.requireNonNull(location, "location");
        }
    }

    /**
     * A search: the exact {@code rg} command line, the scope (space-separated repository-relative paths, shell
     * quoting allowed; {@code null} or blank means the repository root, as rg without paths) and the number of
     * non-empty lines rg prints for it.
     */
    record Search(String location, String search, String scope, long hits) implements EvidenceRef {
        public Search {
            Objects.requireNonNull(location, "location");
        }
    }
}
