package dev.assay.engine.fact;

import dev.assay.engine.model.Evidence;
import java.util.Map;
import java.util.TreeMap;

/**
 * One row of a rule pack's data table (advisories, indicators, …), inserted with the target's facts so that rules can
 * join on it. Values are strings; a missing column reads as the empty string.
 */
public record DataRow(String table, int index, Map<String, String> fields) implements Fact {

    public DataRow {
        fields = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(fields));
    }

    public String get(String column) {
        return fields.getOrDefault(column, "");
    }

    @Override
    public String file() {
        return "pack:" + table;
    }

    @Override
    public Evidence evidence() {
        return new Evidence(file(), 0, 0, table + "[" + index + "]");
    }
}
