package dev.assay.safetycard.search;

/**
 * Whether the repository's checked-out commit equals the scorecard's {@code pinned_commit}. {@code actual} is the
 * commit read from the repository's git metadata, {@code null} when it could not be read; {@code message} explains.
 */
public record HeadCheck(boolean matches, String expected, String actual, String message) {
}
