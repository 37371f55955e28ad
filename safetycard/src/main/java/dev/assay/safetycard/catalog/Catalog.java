package dev.assay.safetycard.catalog;

import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The SafetyCard criteria catalog ({@code safetycard/criteria.yaml} on the class path): for each of the ten criteria
 * its id, number, name, OWASP tags, question, L0–L4 anchors for every parameter, criterion caps with their conditions
 * and where to look; plus parameter meanings, categories, the capability profile and the texts an entry needs. It holds
 * no number that scores: weights, fractions, cap ceilings and bands come from the formula ({@link FormulaInfo}).
 */
public record Catalog(String scorecardVersion, String entrySchemaVersion, String formula,
        List<ParameterMeaning> parameters, List<CapCondition> globalCaps, List<Label> categories,
        List<Label> capabilityProfile, List<String> capabilityValues, List<CriterionInfo> criteria, EntryTexts texts) {

    /** Class-path resource of the shipped catalog. */
    public static final String RESOURCE = "safetycard/criteria.yaml";

    public Catalog {
        parameters = List.copyOf(parameters);
        globalCaps = List.copyOf(globalCaps);
        categories = List.copyOf(categories);
        capabilityProfile = List.copyOf(capabilityProfile);
        capabilityValues = List.copyOf(capabilityValues);
        criteria = List.copyOf(criteria);
    }

    /** What one parameter measures. */
    public record ParameterMeaning(String id, String meaning) {
    }

    /** A cap and the condition under which it applies. */
    public record CapCondition(String id, String condition) {
    }

    /** An id (or key) with its display label. */
    public record Label(String id, String label) {
    }

    /** A search that usually finds a criterion's evidence, and what it looks for. */
    public record SearchPattern(String search, String looksFor) {
    }

    /**
     * One criterion. {@code anchors} maps each parameter id to five anchor texts, L0 first; {@code toolServerAnchors}
     * does the same for the parameters whose anchors differ when the project is a tool server (empty otherwise).
     */
    public record CriterionInfo(String id, int number, String name, List<String> owasp, String question,
            Map<String, List<String>> anchors, Map<String, List<String>> toolServerAnchors, List<CapCondition> caps,
            List<SearchPattern> whereToLook) {

        public CriterionInfo {
            owasp = List.copyOf(owasp);
            anchors = Collections.unmodifiableMap(new LinkedHashMap<>(anchors));
            toolServerAnchors = Collections.unmodifiableMap(new LinkedHashMap<>(toolServerAnchors));
            caps = List.copyOf(caps);
            whereToLook = List.copyOf(whereToLook);
        }
    }

    /** Texts the calculator writes into an entry where the scorecard has none. */
    public record EntryTexts(String defaultLabel, String absenceLabel, String absenceFinding, String altCapReason,
            Map<String, String> automaticCapReasons) {

        public EntryTexts {
            automaticCapReasons = Collections.unmodifiableMap(new LinkedHashMap<>(automaticCapReasons));
        }
    }

    public Optional<CriterionInfo> criterion(String id) {
        return criteria.stream().filter(c -> c.id().equals(id)).findFirst();
    }

    /** The condition of any cap, global or criterion-specific. */
    public Optional<String> capCondition(String capId) {
        for (CapCondition c : globalCaps) {
            if (c.id().equals(capId)) {
                return Optional.of(c.condition());
            }
        }
        for (CriterionInfo c : criteria) {
            for (CapCondition cap : c.caps()) {
                if (cap.id().equals(capId)) {
                    return Optional.of(cap.condition());
                }
            }
        }
        return Optional.empty();
    }

    /** The shipped catalog. A broken one is a packaging defect and fails loudly. */
    public static Catalog shipped() {
        try (InputStream in = Catalog.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is not on the class path");
            }
            return parse(in.readAllBytes());
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + RESOURCE + ": " + e.getMessage(), e);
        }
    }

    /** Parses a catalog; throws IllegalArgumentException naming the key at fault. */
    public static Catalog parse(byte[] yaml) throws IOException {
        YAMLFactory factory = YAMLFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(32).maxDocumentLength(1L << 20).build())
                .build();
        JsonNode root = new ObjectMapper(factory).readTree(yaml);
        List<ParameterMeaning> parameters = new ArrayList<>();
        for (JsonNode p : list(root, "parameters")) {
            parameters.add(new ParameterMeaning(text(p, "id"), text(p, "meaning")));
        }
        List<CapCondition> global = caps(list(root, "global_caps"));
        List<Label> categories = new ArrayList<>();
        for (JsonNode c : list(root, "categories")) {
            categories.add(new Label(text(c, "id"), text(c, "label")));
        }
        List<Label> profile = new ArrayList<>();
        for (JsonNode c : list(root, "capability_profile")) {
            profile.add(new Label(text(c, "key"), text(c, "label")));
        }
        List<String> values = new ArrayList<>();
        for (JsonNode v : list(root, "capability_values")) {
            values.add(v.asText());
        }
        List<CriterionInfo> criteria = new ArrayList<>();
        int number = 0;
        for (JsonNode c : list(root, "criteria")) {
            number++;
            String id = text(c, "id");
            List<String> owasp = new ArrayList<>();
            for (JsonNode t : list(c, "owasp")) {
                owasp.add(t.asText());
            }
            List<SearchPattern> look = new ArrayList<>();
            for (JsonNode s : list(c, "where_to_look")) {
                look.add(new SearchPattern(text(s, "search"), text(s, "looks_for")));
            }
            criteria.add(new CriterionInfo(id, number, text(c, "name"), owasp, text(c, "question"),
                    anchors(c.path("anchors"), id + ".anchors"), anchors(c.path("tool_server_anchors"), id + ".tool_server_anchors"),
                    caps(list(c, "caps")), look));
        }
        JsonNode t = root.path("entry_texts");
        Map<String, String> automatic = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = t.path("automatic_cap_reasons").properties().iterator(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            automatic.put(e.getKey(), e.getValue().asText().strip());
        }
        EntryTexts texts = new EntryTexts(text(t, "default_label"), text(t, "absence_label"), text(t, "absence_finding"),
                text(t, "alt_cap_reason"), automatic);
        return new Catalog(text(root, "scorecard_version"), text(root, "entry_schema_version"), text(root, "formula"),
                parameters, global, categories, profile, values, criteria, texts);
    }

    private static Map<String, List<String>> anchors(JsonNode n, String where) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        if (n.isMissingNode()) {
            return out;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = n.properties().iterator(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            List<String> levels = new ArrayList<>();
            for (JsonNode a : e.getValue()) {
                levels.add(a.asText().strip());
            }
            if (levels.isEmpty()) {
                throw new IllegalArgumentException(where + "." + e.getKey() + ": no anchors");
            }
            out.put(e.getKey(), levels);
        }
        return out;
    }

    private static List<CapCondition> caps(List<JsonNode> items) {
        List<CapCondition> out = new ArrayList<>();
        for (JsonNode c : items) {
            out.add(new CapCondition(text(c, "id"), text(c, "condition")));
        }
        return out;
    }

    private static List<JsonNode> list(JsonNode parent, String key) {
        JsonNode n = parent.get(key);
        if (n == null || !n.isArray()) {
            throw new IllegalArgumentException(RESOURCE + ": '" + key + "' must be a list");
        }
        List<JsonNode> out = new ArrayList<>();
        n.forEach(out::add);
        return out;
    }

    private static String text(JsonNode parent, String key) {
        JsonNode n = parent.get(key);
        if (n == null || !n.isValueNode() || n.asText().isBlank()) {
            throw new IllegalArgumentException(RESOURCE + ": '" + key + "' must be a non-empty text");
        }
        return n.asText().strip();
    }
}
