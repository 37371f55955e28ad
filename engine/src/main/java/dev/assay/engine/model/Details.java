package dev.assay.engine.model;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The structured facts a finding names (advisories, the fixed version, a host, a source and sink …), in one canonical
 * form so that reports stay byte-stable: keys sorted, values only strings, numbers ({@link Long} or
 * {@link BigDecimal}), lists of values and nested objects of values. Booleans and nulls are not values (say "yes" or
 * leave the key out). Bounded so a rule or a read report cannot make it grow without limit.
 */
public final class Details {

    /** Deepest nesting of lists and objects below the top-level object. */
    public static final int MAX_DEPTH = 4;
    /** Most keys of one object and items of one list. */
    public static final int MAX_ITEMS = 500;

    private Details() {
    }

    /** An immutable canonical copy of {@code raw}; empty for null. Rejects other value types with a one-line reason. */
    public static SortedMap<String, Object> canonical(Map<String, ?> raw) {
        if (raw == null || raw.isEmpty()) {
            return Collections.emptySortedMap();
        }
        return object(raw, 0, "details");
    }

    private static SortedMap<String, Object> object(Map<?, ?> raw, int depth, String where) {
        if (raw.size() > MAX_ITEMS) {
            throw new IllegalArgumentException(where + " has more than " + MAX_ITEMS + " keys");
        }
        TreeMap<String, Object> out = new TreeMap<>();
        for (Map.Entry<?, ?> e : raw.entrySet()) {
            if (!(e.getKey() instanceof String key) || key.isEmpty()) {
                throw new IllegalArgumentException(where + " has a key that is not a non-empty string");
            }
            out.put(key, value(e.getValue(), depth, where + "." + key));
        }
        return Collections.unmodifiableSortedMap(out);
    }

    private static Object value(Object v, int depth, String where) {
        if (v instanceof String s) {
            return s;
        }
        if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return ((Number) v).longValue();
        }
        if (v instanceof BigInteger b) {
            return b.bitLength() < 64 ? (Object) b.longValue() : new BigDecimal(b);
        }
        if (v instanceof BigDecimal d) {
            return d;
        }
        if (v instanceof Double || v instanceof Float) {
            double x = ((Number) v).doubleValue();
            if (!Double.isFinite(x)) {
                throw new IllegalArgumentException(where + " is not a finite number");
            }
            return BigDecimal.valueOf(x);
        }
        if (depth >= MAX_DEPTH && (v instanceof Collection<?> || v instanceof Map<?, ?>)) {
            throw new IllegalArgumentException(where + " is nested deeper than " + MAX_DEPTH + " levels");
        }
        if (v instanceof Collection<?> c) {
            if (c.size() > MAX_ITEMS) {
                throw new IllegalArgumentException(where + " has more than " + MAX_ITEMS + " items");
            }
            List<Object> out = new ArrayList<>(c.size());
            int i = 0;
            for (Object item : c) {
                out.add(value(item, depth + 1, where + "[" + i++ + "]"));
            }
            return List.copyOf(out);
        }
        if (v instanceof Map<?, ?> m) {
            return object(m, depth + 1, where);
        }
        throw new IllegalArgumentException(where + " is " + (v == null ? "null" : "a " + v.getClass().getSimpleName())
                + "; a detail is a string, a number, a list or an object of those");
    }

    /**
     * A value as one line of plain text, the way the text and Markdown reports show it: lists joined by ", ", objects as
     * {@code key: value} pairs joined by "; " in key order, and an object inside a list in parentheses.
     */
    public static String text(Object value) {
        StringBuilder b = new StringBuilder();
        append(b, value, false);
        return b.toString();
    }

    private static void append(StringBuilder b, Object value, boolean nested) {
        if (value instanceof BigDecimal d) {
            b.append(d.toPlainString());
        } else if (value instanceof List<?> list) {
            for (int i = 0; i < list.size(); i++) {
                b.append(i == 0 ? "" : ", ");
                append(b, list.get(i), true);
            }
        } else if (value instanceof Map<?, ?> map) {
            b.append(nested ? "(" : "");
            boolean first = true;
            for (Map.Entry<?, ?> e : map.entrySet()) {
                b.append(first ? "" : "; ").append(e.getKey()).append(": ");
                append(b, e.getValue(), true);
                first = false;
            }
            b.append(nested ? ")" : "");
        } else {
            b.append(value);
        }
    }
}
