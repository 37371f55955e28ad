package dev.assay.engine.pack;

import java.util.List;
import java.util.Map;

/**
 * What {@code pack.yaml} declares: identity, the scorer and formula ({@code id@version}) it feeds, the engine versions
 * it needs, the extractors that make its facts, its data tables (name → pack-relative file), the patterns that
 * redact secrets from every snippet of its reports, and optionally {@code components}: the pack version that scores
 * each installed component the scan finds (null when the pack scores none). {@code nothingFound} says what a target in
 * which the extractors recognised nothing lacks, with {@code {target}} for its path (empty: a generic sentence).
 * {@code inlineSuppressions} lets {@code assay-ignore: RULE-ID reason} comments in the scanned files suppress findings;
 * it is off unless the pack says {@code inlineSuppressions: true}, because a scanned component could otherwise hide its
 * own findings. {@code mergedConfigs} ({@code configScope: merged}) makes the pack's {@code config:} rules judge a config
 * merged with the files it includes ({@code ConfigValue.configFile}); without it (the default, {@code configScope: file},
 * and every pack released before it existed) each rule's terms must all hold in one file, so released packs keep
 * their results.
 */
public record PackManifest(String id, String version, String title, String description, String scorer,
        String formula, String engine, List<String> extractors, Map<String, String> data, List<String> redact,
        ComponentScoring components, String nothingFound, boolean inlineSuppressions, boolean mergedConfigs) {

    public PackManifest {
        extractors = List.copyOf(extractors);
        data = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(data));
        redact = List.copyOf(redact);
        nothingFound = nothingFound == null ? "" : nothingFound;
    }

    /** A manifest whose config rules judge one file at a time. */
    public PackManifest(String id, String version, String title, String description, String scorer, String formula,
            String engine, List<String> extractors, Map<String, String> data, List<String> redact,
            ComponentScoring components, String nothingFound, boolean inlineSuppressions) {
        this(id, version, title, description, scorer, formula, engine, extractors, data, redact, components,
                nothingFound, inlineSuppressions, false);
    }

    /** A manifest that honours no inline suppressions. */
    public PackManifest(String id, String version, String title, String description, String scorer, String formula,
            String engine, List<String> extractors, Map<String, String> data, List<String> redact,
            ComponentScoring components, String nothingFound) {
        this(id, version, title, description, scorer, formula, engine, extractors, data, redact, components,
                nothingFound, false);
    }

    /** A manifest without its own nothing-found sentence. */
    public PackManifest(String id, String version, String title, String description, String scorer, String formula,
            String engine, List<String> extractors, Map<String, String> data, List<String> redact,
            ComponentScoring components) {
        this(id, version, title, description, scorer, formula, engine, extractors, data, redact, components, "");
    }

    /** A manifest that scores no installed components. */
    public PackManifest(String id, String version, String title, String description, String scorer, String formula,
            String engine, List<String> extractors, Map<String, String> data, List<String> redact) {
        this(id, version, title, description, scorer, formula, engine, extractors, data, redact, null);
    }

    /**
     * {@code components: {pack: skilltotal@1.1.0, max: 200}}: every installed skill the scan finds is scanned with this
     * exact pack version (pinned, so that a newer component pack never changes this pack's results) and its formula,
     * at most {@code max} of them in path order; the outcomes become {@code ComponentVerdict} facts.
     */
    public record ComponentScoring(String pack, int max) {
    }

    /** {@code id@version}. */
    public String ref() {
        return id + "@" + version;
    }
}
