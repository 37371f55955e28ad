package dev.assay.safetycard.model;

/** A cap the reviewer applied to a criterion's default mechanism, with the reason it applies. */
public record CapListing(String id, String reason) {
}
