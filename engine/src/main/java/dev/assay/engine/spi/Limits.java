package dev.assay.engine.spi;

/**
 * Bounds on what a scan reads from a hostile target, and on the threads it works on. Everything beyond a bound is
 * skipped and reported in coverage. No bound changes what a report says about what was read: the threads only change
 * how fast.
 *
 * @param maxFileBytes      largest single file read, in bytes
 * @param maxTotalBytes     most bytes read (or expanded from archives) in one scan
 * @param maxFiles          most files indexed in one scan
 * @param maxDepth          deepest directory nesting walked
 * @param maxExpansionRatio largest uncompressed/compressed ratio an archive entry may have
 * @param maxArchiveNesting how many archives deep a scan may open archives inside archives (0 = none)
 * @param maxConfigDepth    deepest nesting of a structured config document
 * @param oneThread         the whole scan runs on the thread that calls it, without the process's shared source
 *                          analysis and text threads (one per processor): for a host that gives each scan one core,
 *                          as Spark does each task
 */
public record Limits(long maxFileBytes, long maxTotalBytes, int maxFiles, int maxDepth, int maxExpansionRatio,
        int maxArchiveNesting, int maxConfigDepth, boolean oneThread) {

    public static Limits defaults() {
        // Archives three deep (a .tgz in a .zip in the target): a payload one archive further in is still read, and
        // every nested byte counts against the same total, ratio and entry bounds.
        return new Limits(8L << 20, 256L << 20, 20_000, 32, 200, 3, 64);
    }

    /** These bounds, with the scan on the shared threads as well as the calling one. */
    public Limits(long maxFileBytes, long maxTotalBytes, int maxFiles, int maxDepth, int maxExpansionRatio,
            int maxArchiveNesting, int maxConfigDepth) {
        this(maxFileBytes, maxTotalBytes, maxFiles, maxDepth, maxExpansionRatio, maxArchiveNesting, maxConfigDepth,
                false);
    }

    /** The same bounds, with the scan on the calling thread alone ({@code true}) or on the shared threads too. */
    public Limits withOneThread(boolean one) {
        return new Limits(maxFileBytes, maxTotalBytes, maxFiles, maxDepth, maxExpansionRatio, maxArchiveNesting,
                maxConfigDepth, one);
    }

    public Limits {
        if (maxFileBytes <= 0 || maxTotalBytes <= 0 || maxFiles <= 0 || maxDepth <= 0 || maxExpansionRatio <= 0
                || maxArchiveNesting < 0 || maxConfigDepth <= 0) {
            throw new IllegalArgumentException("limits must be positive");
        }
    }
}
