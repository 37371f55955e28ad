package dev.assay.extract.config;

import dev.assay.engine.spi.Limits;
import dev.assay.engine.yaml.RecordBinder;

/**
 * How much of one config document the parser accepts: nesting depth, characters (a lower bound for YAML, whose reader
 * slows down more than linearly on long scalars), nodes (every key, element and scalar counts as one node) and the
 * length of an evidence snippet. A document beyond a bound fails to parse with a one-line reason; nothing is truncated
 * silently.
 */
public record ConfigBounds(int maxDepth, long maxChars, long maxYamlChars, int maxNodes, int snippetChars) {

    public ConfigBounds {
        if (maxDepth <= 0 || maxChars <= 0 || maxYamlChars <= 0 || maxNodes <= 0 || snippetChars <= 0) {
            throw new IllegalArgumentException("config bounds must be positive");
        }
    }

    /**
     * Bounds for a scan: depth from {@link Limits#maxConfigDepth()}, size from {@link Limits#maxFileBytes()}; YAML size,
     * node count and snippet length from the bundled {@code config-bounds.yaml}.
     */
    public static ConfigBounds from(Limits limits) {
        Defaults d = Defaults.BUNDLED;
        return new ConfigBounds(limits.maxConfigDepth(), limits.maxFileBytes(),
                Math.min(limits.maxFileBytes(), d.maxYamlChars()), d.maxNodes(), d.snippetChars());
    }

    /** The same bounds with another size limit for every format. */
    public ConfigBounds withMaxChars(long chars) {
        return new ConfigBounds(maxDepth, chars, Math.min(chars, maxYamlChars), maxNodes, snippetChars);
    }

    /** The largest document accepted in this format. */
    public long maxCharsFor(ConfigFormat format) {
        return format == ConfigFormat.YAML ? Math.min(maxChars, maxYamlChars) : maxChars;
    }

    /** Values of {@code config-bounds.yaml}. */
    record Defaults(long maxYamlChars, int maxNodes, int snippetChars) {
        static final Defaults BUNDLED = load();

        static Defaults load() {
            return RecordBinder.bundled(ConfigBounds.class, "config-bounds.yaml", Defaults.class);
        }
    }
}
