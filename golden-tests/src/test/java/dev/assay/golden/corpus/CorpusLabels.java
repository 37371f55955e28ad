package dev.assay.golden.corpus;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The labels of a detection corpus ({@code labels.yaml}): techniques with the rule ids that count as detecting them,
 * the components with their techniques, the packs to measure and the minimum figures per pack. Loading checks that
 * the file is consistent (known techniques, no duplicate or absolute paths); all collections are sorted or keep file
 * order, never hash order.
 */
public record CorpusLabels(Path root, Set<String> scoredThreatClasses, List<String> packs,
        Map<String, Technique> techniques, List<Component> components, Map<String, Map<String, Threshold>> thresholds) {

    /** The key of the figures over all techniques, in {@link #thresholds()} and in results. */
    public static final String OVERALL = "overall";

    /** One attack technique and the rule ids whose findings count as detecting it. */
    public record Technique(String id, String description, Set<String> detectedBy) {
    }

    /** One component folder (relative to the corpus root), its techniques ([] when benign) and what it imitates. */
    public record Component(String path, Set<String> techniques, String lookalikeOf) {
    }

    /** Minimum precision and recall. */
    public record Threshold(double precision, double recall) {
    }

    public CorpusLabels {
        scoredThreatClasses = Collections.unmodifiableSet(new TreeSet<>(scoredThreatClasses));
        packs = List.copyOf(packs);
        techniques = Collections.unmodifiableMap(new TreeMap<>(techniques));
        components = List.copyOf(components);
        thresholds = Collections.unmodifiableMap(new TreeMap<>(thresholds));
    }

    /** Reads {@code labels.yaml} from a corpus folder; a malformed or inconsistent file is an exception. */
    public static CorpusLabels load(Path root) throws IOException {
        JsonNode doc = new ObjectMapper(new YAMLFactory()).readTree(root.resolve("labels.yaml").toFile());
        if (doc == null || !doc.isObject()) {
            throw new IOException("labels.yaml: not a mapping");
        }
        Set<String> scored = strings(doc.path("scoredThreatClasses"));
        List<String> packs = new ArrayList<>(); // file order: the first is the one people read first
        doc.path("packs").forEach(p -> packs.add(p.asText()));
        Map<String, Technique> techniques = new TreeMap<>();
        for (var e : doc.path("techniques").properties()) {
            Set<String> rules = strings(e.getValue().path("detectedBy"));
            if (rules.isEmpty()) {
                throw new IOException("labels.yaml: technique " + e.getKey() + " has no detectedBy rules");
            }
            techniques.put(e.getKey(), new Technique(e.getKey(), e.getValue().path("description").asText(""), rules));
        }
        List<Component> components = new ArrayList<>();
        Set<String> seen = new TreeSet<>();
        for (JsonNode c : doc.path("components")) {
            String path = c.path("path").asText("");
            if (path.isEmpty() || path.startsWith("/") || path.contains("..") || !seen.add(path)) {
                throw new IOException("labels.yaml: bad or repeated component path '" + path + "'");
            }
            Set<String> ts = strings(c.path("techniques"));
            String like = c.hasNonNull("lookalikeOf") ? c.get("lookalikeOf").asText() : null;
            for (String t : ts) {
                requireTechnique(techniques, t, path);
            }
            if (like != null) {
                requireTechnique(techniques, like, path);
            }
            components.add(new Component(path, ts, like));
        }
        Map<String, Map<String, Threshold>> thresholds = new TreeMap<>();
        for (var p : doc.path("thresholds").properties()) {
            Map<String, Threshold> byTechnique = new TreeMap<>();
            for (var t : p.getValue().properties()) {
                if (!t.getKey().equals(OVERALL)) {
                    requireTechnique(techniques, t.getKey(), "thresholds." + p.getKey());
                }
                byTechnique.put(t.getKey(), new Threshold(t.getValue().path("precision").asDouble(0),
                        t.getValue().path("recall").asDouble(0)));
            }
            thresholds.put(p.getKey(), Collections.unmodifiableMap(byTechnique));
        }
        return new CorpusLabels(root, scored, packs, techniques, components, thresholds);
    }

    private static void requireTechnique(Map<String, Technique> techniques, String id, String where)
            throws IOException {
        if (!techniques.containsKey(id)) {
            throw new IOException("labels.yaml: unknown technique '" + id + "' at " + where);
        }
    }

    private static Set<String> strings(JsonNode list) {
        Set<String> out = new TreeSet<>();
        list.forEach(n -> out.add(n.asText()));
        return out;
    }

    /** The component folders on disk (two levels below the root), sorted; for checking that every one is labelled. */
    public List<String> componentFoldersOnDisk() throws IOException {
        List<String> out = new ArrayList<>();
        try (var techniqueDirs = Files.list(root)) {
            for (Path t : techniqueDirs.filter(Files::isDirectory).sorted().toList()) {
                try (var comps = Files.list(t)) {
                    comps.filter(Files::isDirectory).sorted()
                            .forEach(c -> out.add(root.relativize(c).toString().replace('\\', '/')));
                }
            }
        }
        return out;
    }

    /** Thresholds of one pack, in technique order; empty when none are recorded. */
    public Map<String, Threshold> thresholdsFor(String pack) {
        return thresholds.getOrDefault(pack, new LinkedHashMap<>());
    }
}
