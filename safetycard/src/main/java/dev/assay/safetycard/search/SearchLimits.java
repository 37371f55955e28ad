package dev.assay.safetycard.search;

import java.time.Duration;

/**
 * Bounds on one search over a possibly hostile repository. Exceeding {@code maxEntries} (files and folders visited),
 * {@code maxFileBytes} (one searched file), {@code maxTotalBytes} (all files read), {@code maxOutputLines} or
 * {@code timeout} makes the search incomplete: its count is then not reported as a result. {@code maxStoredLineChars}
 * only shortens the text kept for each output line; counts are unaffected.
 */
public record SearchLimits(int maxEntries, long maxFileBytes, long maxTotalBytes, int maxOutputLines,
        int maxStoredLineChars, Duration timeout) {

    public SearchLimits {
        if (maxEntries <= 0 || maxFileBytes <= 0 || maxTotalBytes <= 0 || maxOutputLines <= 0
                || maxStoredLineChars <= 0 || timeout == null || timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("search limits must be positive");
        }
    }

    /** Defaults sized for audited source repositories. */
    public static SearchLimits defaults() {
        return new SearchLimits(250_000, 64L << 20, 2L << 30, 2_000_000, 4096, Duration.ofSeconds(60));
    }

    public SearchLimits withTimeout(Duration t) {
        return new SearchLimits(maxEntries, maxFileBytes, maxTotalBytes, maxOutputLines, maxStoredLineChars, t);
    }
}
