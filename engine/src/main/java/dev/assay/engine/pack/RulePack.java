package dev.assay.engine.pack;

import dev.assay.engine.fact.DataRow;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A loaded, validated pack version before compilation: its manifest, rule definitions (sorted by id), data tables as
 * rows, authored DRL sources (pack-relative path → text) and its {@code rulesHash}.
 */
public record RulePack(PackManifest manifest, List<RuleDefinition> rules, List<DataRow> data,
        Map<String, String> drlSources, String rulesHash, String origin) {

    public RulePack {
        rules = List.copyOf(rules);
        data = List.copyOf(data);
        drlSources = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(drlSources));
    }

    public Optional<RuleDefinition> rule(String id) {
        return rules.stream().filter(r -> r.id().equals(id)).findFirst();
    }

    /** The rows of one data table, in file order. */
    public List<DataRow> table(String name) {
        return data.stream().filter(r -> r.table().equals(name)).toList();
    }

    /**
     * The Drools package of this pack version: distinct per id and version, so that several versions of one pack load
     * side by side in one JVM.
     */
    public String drlPackage() {
        return "assay.pack." + identifier(manifest.id()) + ".v" + identifier(manifest.version());
    }

    private static String identifier(String s) {
        StringBuilder b = new StringBuilder();
        for (char c : s.toCharArray()) {
            b.append(Character.isLetterOrDigit(c) && c < 128 ? Character.toLowerCase(c) : '_');
        }
        return b.toString();
    }
}
