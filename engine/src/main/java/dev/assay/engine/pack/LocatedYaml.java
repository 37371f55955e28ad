package dev.assay.engine.pack;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A YAML document read into a Jackson tree that remembers where each mapping, key and list item starts, so that a
 * problem found in the tree can name its line. The tree is the one {@code ObjectMapper.readTree} would build (same
 * node types), and reading is bounded: at most {@value #MAX_BYTES} bytes, {@value #MAX_DEPTH} levels of nesting.
 * Duplicate keys keep the last value, as Jackson does, and are listed in {@link #duplicateKeys()}.
 */
public final class LocatedYaml {

    public static final long MAX_BYTES = 4L << 20;
    static final int MAX_DEPTH = 64;

    private static final YAMLFactory FACTORY = YAMLFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH)
                    .maxDocumentLength(MAX_BYTES).build())
            .build();

    /** A key given twice in one mapping: the later value wins, which is almost never what the author meant. */
    public record DuplicateKey(String key, int line) {
    }

    /** Lines (1-based) of a container and of its keys or items. */
    private static final class Lines {
        final int line;
        final Map<String, Integer> keys = new HashMap<>();
        final List<Integer> items = new ArrayList<>();

        Lines(int line) {
            this.line = line;
        }
    }

    private final JsonNode root;
    private final Map<JsonNode, Lines> lines;
    private final List<DuplicateKey> duplicates;

    private LocatedYaml(JsonNode root, Map<JsonNode, Lines> lines, List<DuplicateKey> duplicates) {
        this.root = root;
        this.lines = lines;
        this.duplicates = List.copyOf(duplicates);
    }

    /** Not YAML: the parser's message and the line it stopped at (0 when unknown). */
    public static final class SyntaxError extends Exception {
        private static final long serialVersionUID = 1L;
        private final int line;

        SyntaxError(String message, int line) {
            super(message);
            this.line = line;
        }

        public int line() {
            return line;
        }
    }

    /**
     * Parses the first document of {@code bytes}. An empty document gives a root that is a missing node.
     *
     * @throws SyntaxError when the text is not YAML, or is larger or deeper than the bounds
     */
    public static LocatedYaml parse(byte[] bytes) throws SyntaxError {
        if (bytes.length > MAX_BYTES) {
            throw new SyntaxError("larger than " + MAX_BYTES + " bytes", 0);
        }
        Map<JsonNode, Lines> lines = new IdentityHashMap<>();
        List<DuplicateKey> duplicates = new ArrayList<>();
        try (JsonParser p = FACTORY.createParser(bytes)) {
            JsonToken t = p.nextToken();
            if (t == null) {
                return new LocatedYaml(com.fasterxml.jackson.databind.node.MissingNode.getInstance(), lines, duplicates);
            }
            JsonNode root = value(p, t, lines, duplicates);
            return new LocatedYaml(root, lines, duplicates);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw new SyntaxError(oneLine(e.getOriginalMessage()), at == null ? 0 : Math.max(0, at.getLineNr()));
        } catch (IOException e) {
            throw new SyntaxError(oneLine(e.getMessage()), 0);
        }
    }

    private static JsonNode value(JsonParser p, JsonToken t, Map<JsonNode, Lines> lines, List<DuplicateKey> dups)
            throws IOException {
        JsonNodeFactory f = JsonNodeFactory.instance;
        switch (t) {
            case START_OBJECT: {
                ObjectNode o = f.objectNode();
                Lines at = new Lines(line(p));
                lines.put(o, at);
                for (JsonToken k = p.nextToken(); k != JsonToken.END_OBJECT; k = p.nextToken()) {
                    String key = p.currentName();
                    int keyLine = line(p);
                    JsonNode v = value(p, p.nextToken(), lines, dups);
                    if (o.has(key)) {
                        dups.add(new DuplicateKey(key, keyLine));
                    }
                    o.set(key, v);
                    at.keys.put(key, keyLine);
                }
                return o;
            }
            case START_ARRAY: {
                ArrayNode a = f.arrayNode();
                Lines at = new Lines(line(p));
                lines.put(a, at);
                for (JsonToken i = p.nextToken(); i != JsonToken.END_ARRAY; i = p.nextToken()) {
                    at.items.add(line(p));
                    a.add(value(p, i, lines, dups));
                }
                return a;
            }
            case VALUE_STRING:
                return f.textNode(p.getText());
            case VALUE_NUMBER_INT:
                switch (p.getNumberType()) {
                    case INT:
                        return f.numberNode(p.getIntValue());
                    case LONG:
                        return f.numberNode(p.getLongValue());
                    default:
                        return f.numberNode(p.getBigIntegerValue());
                }
            case VALUE_NUMBER_FLOAT:
                return p.getNumberType() == JsonParser.NumberType.BIG_DECIMAL ? f.numberNode(p.getDecimalValue())
                        : f.numberNode(p.getDoubleValue());
            case VALUE_TRUE:
                return f.booleanNode(true);
            case VALUE_FALSE:
                return f.booleanNode(false);
            case VALUE_NULL:
                return f.nullNode();
            case VALUE_EMBEDDED_OBJECT: {
                Object o = p.getEmbeddedObject();
                return o instanceof byte[] b ? f.binaryNode(b) : f.textNode(String.valueOf(o));
            }
            default:
                throw new JsonParseProblem(p, "unexpected " + t);
        }
    }

    private static final class JsonParseProblem extends JsonProcessingException {
        private static final long serialVersionUID = 1L;

        JsonParseProblem(JsonParser p, String message) {
            super(message, p.currentTokenLocation());
        }
    }

    private static int line(JsonParser p) {
        JsonLocation l = p.currentTokenLocation();
        return l == null ? 0 : Math.max(0, l.getLineNr());
    }

    public JsonNode root() {
        return root;
    }

    public List<DuplicateKey> duplicateKeys() {
        return duplicates;
    }

    /** The line a mapping or list starts on; 0 for scalars and nodes of another tree. */
    public int line(JsonNode container) {
        Lines l = container == null ? null : lines.get(container);
        return l == null ? 0 : l.line;
    }

    /** The line of {@code key} in a mapping, else the mapping's own line. */
    public int line(JsonNode mapping, String key) {
        Lines l = mapping == null ? null : lines.get(mapping);
        if (l == null) {
            return 0;
        }
        return l.keys.getOrDefault(key, l.line);
    }

    /** The line of item {@code index} of a list, else the list's own line. */
    public int line(JsonNode list, int index) {
        Lines l = list == null ? null : lines.get(list);
        if (l == null) {
            return 0;
        }
        return index >= 0 && index < l.items.size() ? l.items.get(index) : l.line;
    }

    /**
     * The line of the node a JSON pointer ({@code /rules/0/severity}) names, or of its nearest existing ancestor: the
     * line of its key when the last step is a key, of its item when it is a list index.
     */
    public int lineAt(String pointer) {
        JsonNode node = root;
        int best = line(root);
        if (pointer == null || pointer.isEmpty() || pointer.equals("/")) {
            return best;
        }
        for (String raw : pointer.substring(1).split("/", -1)) {
            String step = raw.replace("~1", "/").replace("~0", "~");
            if (node == null) {
                break;
            }
            if (node.isObject()) {
                best = line(node, step);
                node = node.get(step);
            } else if (node.isArray() && step.matches("\\d{1,9}")) {
                int i = Integer.parseInt(step);
                best = line(node, i);
                node = node.get(i);
            } else {
                break;
            }
        }
        return best;
    }

    private static String oneLine(String s) {
        if (s == null) {
            return "";
        }
        String first = s.lines().findFirst().orElse("").strip();
        return first.length() > 300 ? first.substring(0, 300) + "…" : first;
    }
}
