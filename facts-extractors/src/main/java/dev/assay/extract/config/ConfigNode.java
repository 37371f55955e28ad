package dev.assay.extract.config;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One node of a parsed config document with the 1-based line it starts on (for an object member, the line of its key).
 * Object members keep document order; a key given twice keeps its last value, placed where the last one stands.
 * Nodes are read-only once the parser has returned them.
 */
public final class ConfigNode {

    /** The node types, named as {@link dev.assay.engine.fact.ConfigValue#type()} names them. */
    public enum Type {
        OBJECT("object"), ARRAY("array"), STRING("string"), NUMBER("number"), BOOLEAN("boolean"), NULL("null");

        private final String id;

        Type(String id) {
            this.id = id;
        }

        public String id() {
            return id;
        }
    }

    private final Type type;
    private final String scalar;
    private final int line;
    private final Map<String, ConfigNode> fields;
    private final List<ConfigNode> elements;

    private ConfigNode(Type type, String scalar, int line) {
        this.type = type;
        this.scalar = scalar;
        this.line = line;
        this.fields = type == Type.OBJECT ? new LinkedHashMap<>() : Map.of();
        this.elements = type == Type.ARRAY ? new ArrayList<>() : List.of();
    }

    static ConfigNode object(int line) {
        return new ConfigNode(Type.OBJECT, null, line);
    }

    static ConfigNode array(int line) {
        return new ConfigNode(Type.ARRAY, null, line);
    }

    static ConfigNode scalar(Type type, String text, int line) {
        if (type == Type.OBJECT || type == Type.ARRAY) {
            throw new IllegalArgumentException("not a scalar type: " + type);
        }
        return new ConfigNode(type, type == Type.NULL ? "null" : text, line);
    }

    /** Adds a member; a repeated key replaces the earlier value and moves to the end, as the last one wins. */
    void put(String key, ConfigNode child) {
        fields.remove(key);
        fields.put(key, child);
    }

    void add(ConfigNode child) {
        elements.add(child);
    }

    public Type type() {
        return type;
    }

    public int line() {
        return line;
    }

    public boolean isObject() {
        return type == Type.OBJECT;
    }

    public boolean isArray() {
        return type == Type.ARRAY;
    }

    public boolean isScalar() {
        return type != Type.OBJECT && type != Type.ARRAY;
    }

    /** The scalar's text ("null" for null); null for objects and arrays. */
    public String text() {
        return scalar;
    }

    /** The scalar's text when it is a non-empty string, number or boolean. */
    public Optional<String> nonEmptyText() {
        return isScalar() && type != Type.NULL && !scalar.isEmpty() ? Optional.of(scalar) : Optional.empty();
    }

    /** Members of an object in document order; empty for other types. */
    public Map<String, ConfigNode> fields() {
        return Collections.unmodifiableMap(fields);
    }

    /** Elements of an array; empty for other types. */
    public List<ConfigNode> elements() {
        return Collections.unmodifiableList(elements);
    }

    /** Number of children: members of an object, elements of an array, 0 for scalars. */
    public int size() {
        return type == Type.OBJECT ? fields.size() : elements.size();
    }

    /** The member with this key, if this is an object that has it. */
    public Optional<ConfigNode> get(String key) {
        return Optional.ofNullable(fields.get(key));
    }

    /** Follows keys (or array indexes written as digits) from this node. */
    public Optional<ConfigNode> at(String... keys) {
        ConfigNode node = this;
        for (String key : keys) {
            ConfigNode next = node.child(key);
            if (next == null) {
                return Optional.empty();
            }
            node = next;
        }
        return Optional.of(node);
    }

    /** Follows a '.'-joined path; "" is this node. Keys that themselves contain '.' cannot be reached this way. */
    public Optional<ConfigNode> atPath(String dottedPath) {
        return dottedPath.isEmpty() ? Optional.of(this) : at(dottedPath.split("\\.", -1));
    }

    ConfigNode child(String key) {
        if (type == Type.OBJECT) {
            return fields.get(key);
        }
        if (type == Type.ARRAY && !key.isEmpty() && key.length() < 10 && key.chars().allMatch(Character::isDigit)) {
            int index = Integer.parseInt(key);
            return index < elements.size() ? elements.get(index) : null;
        }
        return null;
    }
}
