package dev.assay.engine.report;

import dev.assay.engine.model.Severity;
import java.util.Map;
import java.util.TreeMap;

/**
 * The canonical order of a report's counts, apart from {@link ReportJson} so that a text report, which needs only the
 * order, does not build the JSON mapper (start-up time of a cold scan, docs/performance.md).
 */
final class SeverityCounts {

    private SeverityCounts() {
    }

    /** The counts in canonical order: severities most severe first, then any other key in string order. */
    static Map<String, Integer> canonical(Map<String, Integer> counts) {
        Map<String, Integer> ordered = new java.util.LinkedHashMap<>();
        for (Severity s : Severity.values()) {
            if (counts.containsKey(s.id())) {
                ordered.put(s.id(), counts.get(s.id()));
            }
        }
        Map<String, Integer> others = new TreeMap<>();
        counts.forEach((k, v) -> {
            if (!ordered.containsKey(k)) {
                others.put(k, v);
            }
        });
        ordered.putAll(others);
        return ordered;
    }
}
