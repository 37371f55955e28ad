package dev.assay.extract.config;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Builds a {@link ConfigNode} tree from a Jackson token stream without recursion, enforcing the depth and node bounds
 * itself so that the message names them plainly. Reads one document: for YAML the first of a stream.
 */
final class StreamingTreeBuilder {

    private final ConfigBounds bounds;
    private final Deque<Frame> stack = new ArrayDeque<>();
    private int nodes;

    private static final class Frame {
        final ConfigNode node;
        String pendingKey;
        int pendingLine;

        Frame(ConfigNode node) {
            this.node = node;
        }
    }

    StreamingTreeBuilder(ConfigBounds bounds) {
        this.bounds = bounds;
    }

    /** Reads the first document; null when the stream holds no value at all. */
    ConfigNode read(JsonParser parser) throws IOException, ConfigRejected {
        JsonToken token;
        while ((token = parser.nextToken()) != null) {
            int line = lineOf(parser.currentTokenLocation());
            switch (token) {
                case FIELD_NAME: {
                    Frame top = stack.peek();
                    top.pendingKey = parser.currentName();
                    top.pendingLine = line;
                    break;
                }
                case START_OBJECT:
                case START_ARRAY: {
                    ConfigNode container = token == JsonToken.START_OBJECT ? ConfigNode.object(line) : ConfigNode.array(line);
                    ConfigNode placed = attach(container, line);
                    if (stack.size() >= bounds.maxDepth()) {
                        throw ConfigRejected.bound(line, "nested deeper than " + bounds.maxDepth() + " levels");
                    }
                    stack.push(new Frame(placed));
                    break;
                }
                case END_OBJECT:
                case END_ARRAY: {
                    Frame done = stack.pop();
                    if (stack.isEmpty()) {
                        return done.node;
                    }
                    break;
                }
                case VALUE_STRING: {
                    String text = parser.getText();
                    if (parser instanceof YAMLParser && ((YAMLParser) parser).isCurrentAlias()) {
                        // Aliases are never expanded: the value stays the reference itself.
                        text = "*" + text;
                    }
                    ConfigNode scalar = attach(ConfigNode.scalar(ConfigNode.Type.STRING, text, line), line);
                    if (stack.isEmpty()) {
                        return scalar;
                    }
                    break;
                }
                case VALUE_NUMBER_INT:
                case VALUE_NUMBER_FLOAT:
                case VALUE_TRUE:
                case VALUE_FALSE:
                case VALUE_NULL: {
                    ConfigNode scalar = attach(ConfigNode.scalar(scalarType(token), parser.getText(), line), line);
                    if (stack.isEmpty()) {
                        return scalar;
                    }
                    break;
                }
                default:
                    // VALUE_EMBEDDED_OBJECT and NOT_AVAILABLE do not occur for text formats.
                    throw new ConfigRejected(line, "unsupported token " + token);
            }
        }
        if (!stack.isEmpty()) {
            throw new ConfigRejected(0, "document ends inside an open object or array");
        }
        return null;
    }

    private ConfigNode attach(ConfigNode node, int line) throws ConfigRejected {
        if (++nodes > bounds.maxNodes()) {
            throw ConfigRejected.bound(line, "more than " + bounds.maxNodes() + " values");
        }
        Frame top = stack.peek();
        if (top == null) {
            return node;
        }
        if (top.node.isObject()) {
            // Members carry the line of their key, not of their value.
            ConfigNode member = rebase(node, top.pendingLine);
            top.node.put(top.pendingKey == null ? "" : top.pendingKey, member);
            top.pendingKey = null;
            return member;
        }
        top.node.add(node);
        return node;
    }

    private static ConfigNode rebase(ConfigNode node, int keyLine) {
        if (node.line() == keyLine || keyLine <= 0) {
            return node;
        }
        switch (node.type()) {
            case OBJECT:
                return ConfigNode.object(keyLine);
            case ARRAY:
                return ConfigNode.array(keyLine);
            default:
                return ConfigNode.scalar(node.type(), node.text(), keyLine);
        }
    }

    private static ConfigNode.Type scalarType(JsonToken token) {
        switch (token) {
            case VALUE_NUMBER_INT:
            case VALUE_NUMBER_FLOAT:
                return ConfigNode.Type.NUMBER;
            case VALUE_TRUE:
            case VALUE_FALSE:
                return ConfigNode.Type.BOOLEAN;
            case VALUE_NULL:
                return ConfigNode.Type.NULL;
            default:
                return ConfigNode.Type.STRING;
        }
    }

    static int lineOf(JsonLocation location) {
        return location == null ? 0 : Math.max(0, location.getLineNr());
    }
}
