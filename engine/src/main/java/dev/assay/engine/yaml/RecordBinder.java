package dev.assay.engine.yaml;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Reads YAML into records, as the bundled tables were read with {@code ObjectMapper.readValue} before, but without
 * Jackson's bean introspection: a mapping becomes a record through its canonical constructor, keys named like the
 * components (or their {@code @JsonProperty}). Strict, as those readers were configured: an unknown key is an error, so
 * that a typo cannot silently drop a list, and so are a null or missing primitive and a value of the wrong type; a
 * repeated key keeps the last value. A missing or null reference component is passed as {@code null} (the records
 * default their lists). Supported component types: records, {@code String}, {@code int}, {@code long}, {@code double}, {@code boolean} and
 * their boxes, {@code List<T>} and {@code Map<String, T>} of those.
 */
public final class RecordBinder {

    /** The YAML does not fit the record: where ({@code line 3: bounds.walkDepth}) and why. */
    public static final class BindException extends Exception {
        private static final long serialVersionUID = 1L;

        BindException(String message) {
            super(message);
        }
    }

    private RecordBinder() {
    }

    /**
     * Reads a YAML table shipped beside {@code anchor} (a class-path resource named relative to it) into a {@code type}
     * record.
     *
     * @throws IllegalStateException when the resource is missing or does not fit the record (a build defect)
     * @throws UncheckedIOException when it cannot be read or is not YAML
     */
    public static <T extends Record> T bundled(Class<?> anchor, String resource, Class<T> type) {
        try (InputStream in = anchor.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " missing from the classpath");
            }
            try (JsonParser parser = new YAMLFactory().createParser(in)) {
                return bind(parser, type);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(resource + " unreadable", e);
        } catch (BindException e) {
            throw new IllegalStateException(resource + ": " + e.getMessage(), e);
        }
    }

    /**
     * Binds the first document of {@code parser}, a mapping, to a {@code type} record. Reads tokens, not a tree, so that
     * a text component gets a scalar's own spelling ({@code on} stays "on", {@code 1.0} "1.0"), as Jackson's did.
     */
    public static <T extends Record> T bind(JsonParser parser, Class<T> type) throws BindException, IOException {
        JsonToken t = parser.nextToken();
        if (t == null) {
            throw new BindException("empty document");
        }
        return type.cast(value(parser, t, type, ""));
    }

    private static Object value(JsonParser p, JsonToken t, Type type, String path) throws BindException, IOException {
        if (t == JsonToken.VALUE_NULL) {
            return null;
        }
        if (type instanceof ParameterizedType pt && pt.getRawType() == List.class) {
            if (t != JsonToken.START_ARRAY) {
                throw wrong(p, path, "a list", t);
            }
            List<Object> out = new ArrayList<>();
            for (JsonToken i = p.nextToken(); i != JsonToken.END_ARRAY; i = p.nextToken()) {
                out.add(value(p, i, pt.getActualTypeArguments()[0], path + "[" + out.size() + "]"));
            }
            return out;
        }
        if (type instanceof ParameterizedType pt && pt.getRawType() == Map.class
                && pt.getActualTypeArguments()[0] == String.class) {
            if (t != JsonToken.START_OBJECT) {
                throw wrong(p, path, "a mapping", t);
            }
            Map<String, Object> out = new LinkedHashMap<>();
            for (JsonToken k = p.nextToken(); k != JsonToken.END_OBJECT; k = p.nextToken()) {
                String key = p.currentName();
                out.put(key, value(p, p.nextToken(), pt.getActualTypeArguments()[1], child(path, key)));
            }
            return out;
        }
        if (!(type instanceof Class<?> c)) {
            throw new BindException(where(p, path) + "unsupported type " + type.getTypeName());
        }
        if (c.isRecord()) {
            return record(p, t, c, path);
        }
        if (c == String.class) {
            if (!t.isScalarValue()) {
                throw wrong(p, path, "text", t);
            }
            return p.getText();
        }
        if (c == int.class || c == Integer.class) {
            if (t != JsonToken.VALUE_NUMBER_INT || p.getNumberType() != JsonParser.NumberType.INT) {
                throw wrong(p, path, "a whole number", t);
            }
            return p.getIntValue();
        }
        if (c == long.class || c == Long.class) {
            if (t != JsonToken.VALUE_NUMBER_INT || p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
                throw wrong(p, path, "a whole number", t);
            }
            return p.getLongValue();
        }
        if (c == double.class || c == Double.class) {
            if (!t.isNumeric()) {
                throw wrong(p, path, "a number", t);
            }
            return p.getDoubleValue();
        }
        if (c == boolean.class || c == Boolean.class) {
            if (!t.isBoolean()) {
                throw wrong(p, path, "true or false", t);
            }
            return t == JsonToken.VALUE_TRUE;
        }
        throw new BindException(where(p, path) + "unsupported type " + c.getName());
    }

    private static Object record(JsonParser p, JsonToken t, Class<?> type, String path) throws BindException, IOException {
        if (t != JsonToken.START_OBJECT) {
            throw wrong(p, path, "a mapping", t);
        }
        RecordComponent[] components = type.getRecordComponents();
        Class<?>[] parameterTypes = new Class<?>[components.length];
        Object[] args = new Object[components.length];
        Map<String, Integer> index = new LinkedHashMap<>();
        for (int i = 0; i < components.length; i++) {
            RecordComponent rc = components[i];
            parameterTypes[i] = rc.getType();
            // The annotation reaches the accessor (its targets do not include record components).
            JsonProperty renamed = rc.getAccessor().getAnnotation(JsonProperty.class);
            index.put(renamed != null && !renamed.value().isEmpty() ? renamed.value() : rc.getName(), i);
        }
        for (JsonToken k = p.nextToken(); k != JsonToken.END_OBJECT; k = p.nextToken()) {
            String key = p.currentName();
            Integer i = index.get(key);
            if (i == null) {
                throw new BindException(where(p, child(path, key)) + "unknown key (known: "
                        + String.join(", ", new TreeSet<>(index.keySet())) + ")");
            }
            args[i] = value(p, p.nextToken(), components[i].getGenericType(), child(path, key));
        }
        for (Map.Entry<String, Integer> e : index.entrySet()) {
            if (args[e.getValue()] == null && parameterTypes[e.getValue()].isPrimitive()) {
                throw new BindException(where(p, child(path, e.getKey())) + "missing or null, but a value is required");
            }
        }
        try {
            Constructor<?> canonical = type.getDeclaredConstructor(parameterTypes);
            canonical.setAccessible(true);
            return canonical.newInstance(args);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            throw new BindException(where(p, path) + (cause == null ? e.toString() : cause.getMessage()));
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new BindException(where(p, path) + "cannot construct " + type.getSimpleName() + ": " + e);
        }
    }

    private static String child(String path, String key) {
        return path.isEmpty() ? key : path + "." + key;
    }

    private static String where(JsonParser p, String path) {
        JsonLocation at = p.currentTokenLocation();
        String line = at == null || at.getLineNr() <= 0 ? "" : "line " + at.getLineNr() + ": ";
        return line + (path.isEmpty() ? "" : path + ": ");
    }

    private static BindException wrong(JsonParser p, String path, String expected, JsonToken found) {
        String what = switch (found) {
            case START_OBJECT -> "a mapping";
            case START_ARRAY -> "a list";
            case VALUE_STRING -> "text";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
            case VALUE_TRUE, VALUE_FALSE -> "a boolean";
            default -> found.name().toLowerCase(java.util.Locale.ROOT);
        };
        return new BindException(where(p, path) + "expected " + expected + ", found " + what);
    }
}
