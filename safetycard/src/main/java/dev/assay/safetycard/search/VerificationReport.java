package dev.assay.safetycard.search;

import java.util.List;

/**
 * Everything {@code --repo} verification found: the HEAD check and one result per evidence item, in the order the
 * items were given. {@link #passed()} holds only when HEAD matches and every item is verified.
 */
public record VerificationReport(HeadCheck head, List<ItemResult> items) {
    public VerificationReport {
        items = List.copyOf(items);
    }

    public boolean passed() {
        return head.matches() && items.stream().allMatch(ItemResult::verified);
    }

    /** The items that did not verify, in input order. */
    public List<ItemResult> failures() {
        return items.stream().filter(r -> !r.verified()).toList();
    }
}
