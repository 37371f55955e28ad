package dev.assay.engine.pack;

import java.util.List;
import java.util.Map;

/**
 * What {@code pack.yaml} declares: identity, the scorer and formula ({@code id@version}) it feeds, the engine versions
 * it needs, the extractors that make its facts, its data tables (name → pack-relative file) and the patterns that
 * redact secrets from every snippet of its reports.
 */
public record PackManifest(String id, String version, String title, String description, String scorer,
        String formula, String engine, List<String> extractors, Map<String, String> data, List<String> redact) {

    public PackManifest {
        extractors = List.copyOf(extractors);
        data = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(data));
        redact = List.copyOf(redact);
    }

    /** {@code id@version}. */
    public String ref() {
        return id + "@" + version;
    }
}
