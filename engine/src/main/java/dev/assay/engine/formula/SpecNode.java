package dev.assay.engine.formula;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.assay.engine.yaml.YamlTree;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * A strict, path-aware view of one YAML node. Every accessor checks the node's type and every mapping is checked
 * against the keys its reader allows, so a typo or a wrong type fails with a message naming the file and the key path.
 */
final class SpecNode {

    /** Spec and case files are small hand-written documents; anything larger is refused before parsing. */
    static final int MAX_BYTES = 256 * 1024;
    private static final int MAX_DEPTH = 32;
    private static final int MAX_TOKENS = 200_000;
    private static final int MAX_ECHO = 60;

    private static final YAMLFactory YAML = yamlFactory();
    // A repeated key is an error; weights such as 0.30 must stay exact decimals (a double would turn rounding rules
    // into guesses).
    private static final YamlTree.Options TREE = new YamlTree.Options(true, true);

    private final String source;
    private final String path;
    private final JsonNode node;

    private SpecNode(String source, String path, JsonNode node) {
        this.source = source;
        this.path = path;
        this.node = node;
    }

    private static YAMLFactory yamlFactory() {
        LoaderOptions loader = new LoaderOptions();
        loader.setNestingDepthLimit(MAX_DEPTH);
        loader.setMaxAliasesForCollections(10);
        loader.setCodePointLimit(MAX_BYTES);
        loader.setAllowDuplicateKeys(false);
        return YAMLFactory.builder()
                .loaderOptions(loader)
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxNestingDepth(MAX_DEPTH)
                        .maxDocumentLength(MAX_BYTES)
                        .maxTokenCount(MAX_TOKENS)
                        .maxStringLength(MAX_BYTES)
                        .maxNumberLength(40)
                        .build())
                .build();
    }

    /** Parses one YAML document whose top level must be a mapping. */
    static SpecNode read(String source, byte[] yaml) throws FormulaException {
        String name = source == null || source.isBlank() ? "<formula>" : source;
        if (yaml == null || yaml.length == 0) {
            throw new FormulaException(name + ": empty file");
        }
        if (yaml.length > MAX_BYTES) {
            throw new FormulaException(name + ": file is " + yaml.length + " bytes, more than the limit of " + MAX_BYTES);
        }
        try (JsonParser parser = YAML.createParser(yaml)) {
            JsonNode root = YamlTree.read(parser, TREE);
            if (root == null || root.isMissingNode() || root.isNull()) {
                throw new FormulaException(name + ": empty document");
            }
            if (parser.nextToken() != null) {
                throw new FormulaException(name + ": more than one YAML document");
            }
            SpecNode top = new SpecNode(name, "", root);
            top.requireMapping();
            return top;
        } catch (IOException | YAMLException e) {
            String detail = e instanceof com.fasterxml.jackson.core.JsonProcessingException jpe
                    ? jpe.getOriginalMessage() + locationOf(jpe) : e.getMessage();
            throw new FormulaException(name + ": not valid YAML: " + detail, e);
        }
    }

    private static String locationOf(com.fasterxml.jackson.core.JsonProcessingException e) {
        return e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ")";
    }

    String source() {
        return source;
    }

    String path() {
        return path.isEmpty() ? "(top level)" : path;
    }

    FormulaException error(String message) {
        return new FormulaException(source + ": " + path() + ": " + message);
    }

    private String child(String key) {
        return path.isEmpty() ? key : path + "." + key;
    }

    private void requireMapping() throws FormulaException {
        if (!node.isObject()) {
            throw error("expected a mapping, found " + describe(node));
        }
    }

    /** Checks this node is a mapping with only the allowed keys and all the required ones. */
    SpecNode keys(Set<String> required, Set<String> optional) throws FormulaException {
        requireMapping();
        for (Map.Entry<String, JsonNode> property : node.properties()) {
            String key = property.getKey();
            if (!required.contains(key) && !optional.contains(key)) {
                Set<String> allowed = new TreeSet<>(required);
                allowed.addAll(optional);
                throw new FormulaException(source + ": " + child(echo(key)) + ": unknown key (allowed: "
                        + String.join(", ", allowed) + ")");
            }
        }
        for (String key : new TreeSet<>(required)) {
            if (!node.has(key)) {
                throw error("missing required key '" + key + "'");
            }
        }
        return this;
    }

    /** True when the key is present, even with an empty value (which {@link #get} then rejects). */
    boolean has(String key) {
        return node.has(key);
    }

    /** The value under a key; an absent key or an empty value ({@code key:} or {@code ~}) is an error. */
    SpecNode get(String key) throws FormulaException {
        JsonNode value = node.get(key);
        if (value == null) {
            throw error("missing required key '" + key + "'");
        }
        if (value.isNull()) {
            throw new FormulaException(source + ": " + child(key) + ": has no value");
        }
        return new SpecNode(source, child(key), value);
    }

    /** The value under a key that may hold an explicit null ({@code ~}); the key itself must exist. */
    SpecNode nullable(String key) throws FormulaException {
        JsonNode value = node.get(key);
        if (value == null) {
            throw error("missing required key '" + key + "'");
        }
        return new SpecNode(source, child(key), value);
    }

    boolean isNull() {
        return node.isNull();
    }

    boolean isMapping() {
        return node.isObject();
    }

    boolean isSequence() {
        return node.isArray();
    }

    boolean isText() {
        return node.isTextual();
    }

    boolean isNumber() {
        return node.isNumber();
    }

    String text() throws FormulaException {
        if (!node.isTextual()) {
            throw error("expected text, found " + describe(node));
        }
        return node.textValue();
    }

    /** Non-blank single-line text. */
    String line() throws FormulaException {
        String s = text();
        if (s.isBlank()) {
            throw error("must not be empty");
        }
        if (s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0) {
            throw error("must be a single line");
        }
        return s.strip();
    }

    int integer() throws FormulaException {
        if (!node.isIntegralNumber() || !node.canConvertToInt()) {
            throw error("expected a whole number, found " + describe(node));
        }
        return node.intValue();
    }

    BigDecimal decimal() throws FormulaException {
        if (!node.isNumber()) {
            throw error("expected a number, found " + describe(node));
        }
        return node.decimalValue();
    }

    boolean bool() throws FormulaException {
        if (!node.isBoolean()) {
            throw error("expected true or false, found " + describe(node));
        }
        return node.booleanValue();
    }

    List<SpecNode> list() throws FormulaException {
        if (!node.isArray()) {
            throw error("expected a list, found " + describe(node));
        }
        List<SpecNode> items = new ArrayList<>(node.size());
        for (int i = 0; i < node.size(); i++) {
            items.add(new SpecNode(source, path + "[" + i + "]", node.get(i)));
        }
        return items;
    }

    /** A non-empty list of distinct single-line texts, in file order. */
    List<String> distinctLines() throws FormulaException {
        List<SpecNode> items = list();
        if (items.isEmpty()) {
            throw error("must list at least one value");
        }
        Set<String> seen = new LinkedHashSet<>();
        for (SpecNode item : items) {
            String value = item.line();
            if (!seen.add(value)) {
                throw item.error("duplicate value '" + echo(value) + "'");
            }
        }
        return List.copyOf(seen);
    }

    /** The entries of a mapping in file order. */
    List<Map.Entry<String, SpecNode>> entries() throws FormulaException {
        requireMapping();
        List<Map.Entry<String, SpecNode>> out = new ArrayList<>(node.size());
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            out.add(Map.entry(e.getKey(), new SpecNode(source, child(echo(e.getKey())), e.getValue())));
        }
        return out;
    }

    /** Shortens text taken from the file before it goes into a message. */
    static String echo(String s) {
        String one = FormulaException.oneLine(s);
        return one.length() > MAX_ECHO ? one.substring(0, MAX_ECHO) + "…" : one;
    }

    private static String describe(JsonNode n) {
        if (n.isObject()) {
            return "a mapping";
        }
        if (n.isArray()) {
            return "a list";
        }
        if (n.isTextual()) {
            return "text '" + echo(n.textValue()) + "'";
        }
        if (n.isBoolean()) {
            return n.booleanValue() ? "true" : "false";
        }
        if (n.isNull()) {
            return "nothing";
        }
        return n.isNumber() ? "number " + n.asText() : n.getNodeType().toString().toLowerCase(java.util.Locale.ROOT);
    }
}
