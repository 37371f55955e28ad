package dev.assay.safetycard.read;

/**
 * Bounds on what a scorecard may be. The defaults leave a large margin over published audits (about 40 KB, 1,500
 * nodes, nesting 8) while keeping a hostile file cheap to refuse and quick to validate (the rules join nodes with one another).
 *
 * @param maxBytes       size of the file
 * @param maxDepth       nesting of objects and lists below the root
 * @param maxNodes       JSON values in total (objects, lists and scalars)
 * @param maxItems       items of one list
 * @param maxStringChars characters of one string
 * @param maxKeyChars    characters of one key
 */
public record ReadLimits(long maxBytes, int maxDepth, int maxNodes, int maxItems, int maxStringChars, int maxKeyChars) {

    public ReadLimits {
        if (maxBytes < 1 || maxBytes > Integer.MAX_VALUE - 8 || maxDepth < 1 || maxNodes < 1 || maxItems < 1
                || maxStringChars < 1 || maxKeyChars < 1) {
            throw new IllegalArgumentException("reading limits must be positive, and maxBytes fit in one array");
        }
    }

    public static ReadLimits defaults() {
        return new ReadLimits(1L << 20, 12, 5_000, 200, 8_000, 64);
    }
}
