package dev.assay.engine.authoring;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.engine.fact.ConfigValue;
import dev.assay.engine.fact.Fact;
import dev.assay.engine.fact.FileEntry;
import dev.assay.engine.fact.ReplacedConfigValue;
import dev.assay.engine.model.Evidence;
import dev.assay.engine.pack.FactTypes;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Builds a fact from a facts-case mapping: {@code type} names the fact type and every other key one of its fields.
 * Fields left out are empty (text, lists), 0, false, or for {@code FileEntry.mode} unknown (-1). A mode may be
 * written as an octal string such as {@code "0644"}. Because {@code type} names the fact, the node type of a
 * {@code ConfigValue} is written {@code valueType}; when left out it is taken from the value (number, boolean, null or
 * string).
 */
final class FactBuilder {

    private FactBuilder() {
    }

    /** The fact types a facts case may state: every fact type rules see, except the detections rules make. */
    static List<String> typeNames() {
        return FactTypes.names().stream().filter(n -> !n.equals("Detection")).toList();
    }

    /**
     * @return the fact, or null after adding a problem at {@code file}:{@code line}
     */
    static Fact build(JsonNode n, String file, int line, List<Problem> problems) {
        String type = n.path("type").asText("");
        if (!typeNames().contains(type)) {
            problems.add(new Problem(file, line, "", "unknown fact type '" + type + "'",
                    "use one of " + String.join(", ", typeNames())));
            return null;
        }
        Class<?> cls = FactTypes.byName(type).orElseThrow();
        RecordComponent[] components = cls.getRecordComponents();
        List<String> names = new ArrayList<>();
        for (RecordComponent c : components) {
            names.add(isConfigValue(cls) && c.getName().equals("type") ? "valueType" : c.getName());
        }
        for (Iterator<String> it = n.fieldNames(); it.hasNext();) {
            String key = it.next();
            if (!key.equals("type") && !names.contains(key)) {
                problems.add(new Problem(file, line, "", type + " has no field '" + key + "'",
                        "fields: " + String.join(", ", names)));
                return null;
            }
        }
        Object[] args = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            RecordComponent c = components[i];
            types[i] = c.getType();
            JsonNode v = n.get(names.get(i));
            try {
                args[i] = convert(cls, c, v, n);
            } catch (IllegalArgumentException e) {
                problems.add(new Problem(file, line, "", type + "." + names.get(i) + ": " + e.getMessage(), ""));
                return null;
            }
        }
        try {
            Constructor<?> ctor = cls.getDeclaredConstructor(types);
            return (Fact) ctor.newInstance(args);
        } catch (InvocationTargetException e) {
            problems.add(new Problem(file, line, "", type + ": " + e.getCause().getMessage(), ""));
            return null;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(type + " cannot be built from a facts case: " + e, e);
        }
    }

    /** A config value in effect or replaced: its node type is written {@code valueType} (beside the fact's type). */
    static boolean isConfigValue(Class<?> cls) {
        return cls == ConfigValue.class || cls == ReplacedConfigValue.class;
    }

    private static Object convert(Class<?> cls, RecordComponent c, JsonNode v, JsonNode fact) {
        Class<?> t = c.getType();
        boolean absent = v == null || v.isNull();
        if (isConfigValue(cls) && c.getName().equals("type") && absent) {
            JsonNode value = fact.get("value");
            if (value == null || value.isNull()) {
                return "null";
            }
            return value.isNumber() ? "number" : value.isBoolean() ? "boolean" : "string";
        }
        if (t == String.class) {
            if (absent) {
                return "";
            }
            requireScalar(v);
            return v.asText();
        }
        if (t == int.class || t == long.class) {
            long value;
            if (absent) {
                value = cls == FileEntry.class && c.getName().equals("mode") ? FileEntry.UNKNOWN_MODE : 0;
            } else if (v.isIntegralNumber()) {
                value = v.asLong();
            } else if (v.isTextual() && v.asText().matches("0[0-7]{1,6}")) {
                value = Long.parseLong(v.asText(), 8);
            } else if (v.isTextual() && v.asText().matches("-?\\d{1,18}")) {
                value = Long.parseLong(v.asText());
            } else {
                throw new IllegalArgumentException("expected a whole number, found '" + v.asText() + "'");
            }
            if (t == int.class) {
                if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
                    throw new IllegalArgumentException("number out of range: " + value);
                }
                return (int) value;
            }
            return value;
        }
        if (t == boolean.class) {
            if (absent) {
                return false;
            }
            if (!v.isBoolean()) {
                throw new IllegalArgumentException("expected true or false, found '" + v.asText() + "'");
            }
            return v.asBoolean();
        }
        if (List.class.isAssignableFrom(t) && isListOfString(c)) {
            List<String> out = new ArrayList<>();
            if (absent) {
                return out;
            }
            if (!v.isArray()) {
                throw new IllegalArgumentException("expected a list");
            }
            for (JsonNode e : v) {
                requireScalar(e);
                out.add(e.asText());
            }
            return out;
        }
        if (List.class.isAssignableFrom(t) && isListOf(c, Evidence.class)) {
            List<Evidence> out = new ArrayList<>();
            if (absent) {
                return out;
            }
            if (!v.isArray()) {
                throw new IllegalArgumentException("expected a list of {file, lineStart, lineEnd, snippet}");
            }
            for (JsonNode e : v) {
                if (!e.isObject()) {
                    throw new IllegalArgumentException("expected {file, lineStart, lineEnd, snippet}");
                }
                int start = e.path("lineStart").asInt(0);
                out.add(new Evidence(e.path("file").asText(""), start, e.path("lineEnd").asInt(start),
                        e.path("snippet").asText("")));
            }
            return out;
        }
        if (Map.class.isAssignableFrom(t)) {
            Map<String, String> out = new TreeMap<>();
            if (absent) {
                return out;
            }
            if (!v.isObject()) {
                throw new IllegalArgumentException("expected a mapping");
            }
            v.properties().forEach(e -> out.put(e.getKey(), e.getValue().asText()));
            return out;
        }
        throw new IllegalStateException(cls.getSimpleName() + "." + c.getName() + " has a type facts cases cannot state");
    }

    private static boolean isListOfString(RecordComponent c) {
        return isListOf(c, String.class);
    }

    private static boolean isListOf(RecordComponent c, Class<?> element) {
        return c.getGenericType() instanceof ParameterizedType p && p.getActualTypeArguments().length == 1
                && p.getActualTypeArguments()[0] == element;
    }

    private static void requireScalar(JsonNode v) {
        if (!v.isValueNode()) {
            throw new IllegalArgumentException("expected a text, number or true/false");
        }
    }
}
