package dev.assay.engine.yaml;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;

/**
 * Builds from a streaming parser the tree that {@code ObjectMapper.readTree} builds (same node types and values), without
 * an {@code ObjectMapper}. Two of the mapper's settings are options here: whether a repeated key fails (as with
 * {@code FAIL_ON_READING_DUP_TREE_KEY}; otherwise the last value wins) and whether fractions are read as exact decimals
 * (as with {@code USE_BIG_DECIMAL_FOR_FLOATS}, trailing zeros stripped like the mapper's default node factory). Bounds on
 * size and depth are the parser factory's {@code StreamReadConstraints}; the recursion here follows the parser's depth.
 */
public final class YamlTree {

    /** How to read: repeated keys fail or the last wins; fractions as {@code BigDecimal} or {@code double}. */
    public record Options(boolean failOnDuplicateKeys, boolean exactDecimals) {
        /** {@code ObjectMapper}'s defaults: the last repeated key wins, fractions are doubles. */
        public static final Options DEFAULTS = new Options(false, false);
    }

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private YamlTree() {
    }

    /**
     * Reads the next value of {@code parser}: a missing node when the input has none (like {@code readTree} of an empty
     * document), else the value; the parser is left on the value's last token.
     */
    public static JsonNode read(JsonParser parser, Options options) throws IOException {
        JsonToken t = parser.nextToken();
        return t == null ? MissingNode.getInstance() : value(parser, t, options);
    }

    private static JsonNode value(JsonParser p, JsonToken t, Options options) throws IOException {
        switch (t) {
            case START_OBJECT: {
                ObjectNode o = NODES.objectNode();
                for (JsonToken k = p.nextToken(); k != JsonToken.END_OBJECT; k = p.nextToken()) {
                    String key = p.currentName();
                    JsonNode v = value(p, p.nextToken(), options);
                    if (o.replace(key, v) != null && options.failOnDuplicateKeys()) { // replace returns the earlier value
                        throw new JsonParseException(p, "Duplicate field '" + key + "' for `ObjectNode`: not allowed");
                    }
                }
                return o;
            }
            case START_ARRAY: {
                ArrayNode a = NODES.arrayNode();
                for (JsonToken i = p.nextToken(); i != JsonToken.END_ARRAY; i = p.nextToken()) {
                    a.add(value(p, i, options));
                }
                return a;
            }
            case VALUE_STRING:
                return NODES.textNode(p.getText());
            case VALUE_NUMBER_INT:
                switch (p.getNumberType()) {
                    case INT:
                        return NODES.numberNode(p.getIntValue());
                    case LONG:
                        return NODES.numberNode(p.getLongValue());
                    default:
                        return NODES.numberNode(p.getBigIntegerValue());
                }
            case VALUE_NUMBER_FLOAT:
                if (options.exactDecimals() && !p.isNaN()) {
                    return NODES.numberNode(p.getDecimalValue().stripTrailingZeros());
                }
                return p.getNumberType() == JsonParser.NumberType.BIG_DECIMAL ? NODES.numberNode(p.getDecimalValue())
                        : NODES.numberNode(p.getDoubleValue());
            case VALUE_TRUE:
                return NODES.booleanNode(true);
            case VALUE_FALSE:
                return NODES.booleanNode(false);
            case VALUE_NULL:
                return NODES.nullNode();
            case VALUE_EMBEDDED_OBJECT: {
                Object o = p.getEmbeddedObject();
                return o instanceof byte[] b ? NODES.binaryNode(b) : NODES.pojoNode(o);
            }
            default:
                throw new JsonParseException(p, "unexpected " + t);
        }
    }
}
