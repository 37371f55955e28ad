package dev.assay.safetycard.search;

import java.util.Objects;

/**
 * Result of checking one evidence item. {@code message} is one human-readable sentence saying what was found and,
 * on failure, what to fix (expected against actual hits, which lines, which path). {@code actualHits} is the
 * re-run's count for searches that ran to completion, otherwise {@code null}.
 */
public record ItemResult(EvidenceRef item, ItemStatus status, String message, Long actualHits) {
    public ItemResult {
        Objects.requireNonNull(item, "item");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(message, "message");
    }

    public boolean verified() {
        return status == ItemStatus.VERIFIED;
    }
}
