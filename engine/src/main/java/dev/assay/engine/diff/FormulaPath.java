package dev.assay.engine.diff;

import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.assay.engine.formula.Formula;
import dev.assay.engine.formula.FormulaException;
import dev.assay.engine.formula.FormulaRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The way from one formula version to another, one parameter at a time, so that a score move can be charged to the
 * parameter that caused it. Parameters are the top-level keys of a spec, with {@code weights} split per severity; keys
 * that cannot change a score ({@code id}, {@code version}, {@code title}, {@code description}) are left out. Each step
 * applies the next changed parameter of the new spec to the old one and parses the result with the ordinary formula
 * parser; when an intermediate spec is not valid on its own (a clamp change that puts a cap out of range), the
 * parameter is merged into the next step. Without both specs' YAML the path is a single step to the new formula.
 */
final class FormulaPath {

    /** Spec keys that name or describe a formula but cannot move a score. */
    private static final Set<String> IDENTITY = Set.of("id", "version", "title", "description");
    private static final int MAX_SPEC_BYTES = 1 << 20;
    private static final YAMLMapper YAML = mapper();

    /** One step: the parameters it applies and the formula with them applied. */
    record Step(List<String> parameters, Formula formula, Cause cause) {
        Step {
            parameters = List.copyOf(parameters);
        }
    }

    private final List<ParameterChange> changes;
    private final List<Step> steps;

    private FormulaPath(List<ParameterChange> changes, List<Step> steps) {
        this.changes = List.copyOf(changes);
        this.steps = List.copyOf(steps);
    }

    /** Parameter changes in path order; empty when the formulas are the same or their specs are not at hand. */
    List<ParameterChange> changes() {
        return changes;
    }

    /** The steps from the old formula to the new; empty when both are the same spec. */
    List<Step> steps() {
        return steps;
    }

    /** No path: for a diff whose formulas are not available, so that the score move stays one step. */
    static FormulaPath none() {
        return new FormulaPath(List.of(), List.of());
    }

    static FormulaPath between(Formula a, Formula b, byte[] yamlA, byte[] yamlB) {
        if (a.hash().equals(b.hash())) {
            return new FormulaPath(List.of(), List.of());
        }
        String span = " (" + a.ref() + " → " + b.ref() + ")";
        Step whole = new Step(List.of(b.ref()), b, new Cause(Cause.Kind.FORMULA, b.ref(),
                "formula " + a.ref() + " → " + b.ref() + "; their specs are not available here to compare parameter by parameter"));
        if (yamlA == null || yamlB == null) {
            return new FormulaPath(List.of(), List.of(whole));
        }
        ObjectNode treeA;
        ObjectNode treeB;
        try {
            treeA = (ObjectNode) YAML.readTree(yamlA);
            treeB = (ObjectNode) YAML.readTree(yamlB);
        } catch (IOException | ClassCastException e) {
            return new FormulaPath(List.of(), List.of(whole));
        }
        List<ParameterChange> changes = new ArrayList<>();
        List<String> order = parameters(treeA, treeB);
        for (String p : order) {
            JsonNode x = get(treeA, p);
            JsonNode y = get(treeB, p);
            if (!Objects.equals(x, y)) {
                changes.add(new ParameterChange(p, text(x), text(y)));
            }
        }
        List<Step> steps = new ArrayList<>();
        ObjectNode working = treeA.deepCopy();
        List<ParameterChange> pending = new ArrayList<>();
        for (ParameterChange c : changes) {
            set(working, c.parameter(), get(treeB, c.parameter()));
            pending.add(c);
            Formula f;
            try {
                f = Formula.parse(a.ref() + " with " + c.parameter() + " of " + b.ref(), YAML.writeValueAsBytes(working));
            } catch (FormulaException | IOException e) {
                continue; // not valid on its own: apply together with the next parameter
            }
            List<String> names = pending.stream().map(ParameterChange::parameter).toList();
            List<String> parts = pending.stream().map(pc -> pc.parameter() + " " + shown(pc.before()) + " → "
                    + shown(pc.after())).toList();
            steps.add(new Step(names, f, new Cause(Cause.Kind.FORMULA, String.join(" + ", names),
                    String.join("; ", parts) + span)));
            pending.clear();
        }
        if (!pending.isEmpty() || steps.isEmpty()) {
            // The last state should equal the new spec; if it did not parse, fall back to the new formula as a whole.
            List<String> names = pending.stream().map(ParameterChange::parameter).toList();
            steps.add(new Step(names.isEmpty() ? List.of(b.ref()) : names, b, new Cause(Cause.Kind.FORMULA,
                    names.isEmpty() ? b.ref() : String.join(" + ", names), "formula " + a.ref() + " → " + b.ref())));
        }
        return new FormulaPath(changes, steps);
    }

    /**
     * The YAML a shipped formula was read from, found where {@link FormulaRegistry} finds it and returned only when it
     * hashes to the formula's hash; null otherwise.
     */
    static byte[] shippedSource(Formula f, ClassLoader loader) {
        String path = FormulaRegistry.ROOT + f.id() + "/v" + f.version() + ".yaml";
        try (InputStream in = loader.getResourceAsStream(path)) {
            if (in == null) {
                return null;
            }
            byte[] bytes = in.readNBytes(MAX_SPEC_BYTES + 1);
            if (bytes.length > MAX_SPEC_BYTES) {
                return null;
            }
            String hash = "sha256:" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
            return hash.equals(f.hash()) ? bytes : null;
        } catch (IOException | NoSuchAlgorithmException e) {
            return null;
        }
    }

    /** Top-level keys in the new spec's order, then keys only the old one has; {@code weights} split per severity. */
    private static List<String> parameters(ObjectNode a, ObjectNode b) {
        Set<String> out = new LinkedHashSet<>();
        for (ObjectNode tree : List.of(b, a)) {
            Iterator<String> names = tree.fieldNames();
            while (names.hasNext()) {
                String key = names.next();
                if (IDENTITY.contains(key)) {
                    continue;
                }
                if (key.equals("weights") && a.path("weights").isObject() && b.path("weights").isObject()) {
                    tree.get("weights").fieldNames().forEachRemaining(s -> out.add("weights." + s));
                } else {
                    out.add(key);
                }
            }
        }
        return List.copyOf(out);
    }

    private static JsonNode get(ObjectNode tree, String parameter) {
        int dot = parameter.indexOf('.');
        if (dot < 0) {
            return tree.get(parameter);
        }
        JsonNode parent = tree.get(parameter.substring(0, dot));
        return parent == null ? null : parent.get(parameter.substring(dot + 1));
    }

    private static void set(ObjectNode tree, String parameter, JsonNode value) {
        int dot = parameter.indexOf('.');
        ObjectNode parent = tree;
        String key = parameter;
        if (dot >= 0) {
            parent = (ObjectNode) tree.get(parameter.substring(0, dot));
            key = parameter.substring(dot + 1);
        }
        if (value == null) {
            parent.remove(key);
        } else {
            parent.set(key, value.deepCopy());
        }
    }

    private static String text(JsonNode n) {
        if (n == null) {
            return "";
        }
        return PackChanges.clip(n.isValueNode() ? n.asText() : n.toString());
    }

    private static String shown(String value) {
        return value.isEmpty() ? "(none)" : value;
    }

    private static YAMLMapper mapper() {
        YAMLFactory factory = YAMLFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(64)
                        .maxDocumentLength(MAX_SPEC_BYTES).build())
                .build();
        YAMLMapper m = new YAMLMapper(factory);
        m.enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
        return m;
    }
}
