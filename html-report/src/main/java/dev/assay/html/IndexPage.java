package dev.assay.html;

import dev.assay.engine.model.Report;
import java.math.BigDecimal;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The index of a batch run: a level histogram and the targets in three orders (score ascending, the default;
 * score descending; name). The orders are three tables switched by fragment links and CSS {@code :target}, so sorting
 * needs no script.
 */
final class IndexPage {

    private IndexPage() {
    }

    static String render(List<IndexEntry> entries) {
        List<Map<String, Object>> rows = new ArrayList<>();
        Map<String, Integer> levels = new LinkedHashMap<>();
        int position = 0;
        for (IndexEntry e : entries) {
            Map<String, Object> m = new HashMap<>();
            m.put("position", ++position);
            m.put("target", Shown.text(e.target()));
            m.put("href", e.file() == null ? "" : href(e.file()));
            m.put("file", Shown.text(e.file()));
            m.put("error", e.error() == null ? "" : Shown.text(e.error()));
            Report r = e.report();
            if (r != null) {
                m.put("score", r.score() == null ? "–" : r.score().toPlainString());
                m.put("scoreValue", r.score());
                m.put("level", Shown.text(r.level()));
                m.put("levelClass", Shown.cssClass(r.level()));
                m.put("findings", r.findings().size());
                levels.merge(r.level() == null || r.level().isEmpty() ? "(none)" : r.level(), 1, Integer::sum);
            }
            rows.add(m);
        }
        Comparator<Map<String, Object>> byScore = Comparator.comparing(
                (Map<String, Object> m) -> (BigDecimal) m.get("scoreValue"),
                Comparator.nullsLast(Comparator.naturalOrder())).thenComparing(m -> (Integer) m.get("position"));
        Comparator<Map<String, Object>> byName = Comparator.comparing((Map<String, Object> m) -> (String) m.get("target"))
                .thenComparing(m -> (Integer) m.get("position"));
        List<Map<String, Object>> ascending = rows.stream().sorted(byScore).toList();
        List<Map<String, Object>> descending = rows.stream().sorted(Comparator.comparing(
                (Map<String, Object> m) -> (BigDecimal) m.get("scoreValue"),
                Comparator.nullsLast(Comparator.<BigDecimal>reverseOrder()))
                .thenComparing(m -> (Integer) m.get("position"))).toList();
        List<Map<String, Object>> named = rows.stream().sorted(byName).toList();
        // The default view comes last: CSS hides it when an alternative is the fragment target.
        List<Map<String, Object>> views = List.of(
                Map.of("viewId", "by-score-desc", "viewClass", "alt", "rows", descending),
                Map.of("viewId", "by-name", "viewClass", "alt", "rows", named),
                Map.of("viewId", "by-score", "viewClass", "default", "rows", ascending));

        int max = levels.values().stream().mapToInt(Integer::intValue).max().orElse(1);
        List<Map<String, Object>> histogram = new ArrayList<>();
        int row = 0;
        for (Map.Entry<String, Integer> l : levels.entrySet().stream().sorted(Map.Entry.comparingByKey()).toList()) {
            double w = 360.0 * l.getValue() / max;
            int y = row++ * 22 + 2;
            histogram.add(Map.of("level", Shown.text(l.getKey()), "n", l.getValue(), "y", y, "ty", y + 12,
                    "w", ScanPage.num(w), "nx", ScanPage.num(124 + w)));
        }
        Map<String, Object> v = new HashMap<>();
        v.put("count", entries.size());
        v.put("views", views);
        v.put("histogram", histogram);
        v.put("histHeight", Math.max(22, row * 22 + 4));
        return Pages.render("index", "Assay reports (" + entries.size() + " targets)", v);
    }

    /** A relative link to a sibling file: the name percent-encoded, so it can never be read as a scheme or a path. */
    static String href(String file) {
        return "./" + URLEncoder.encode(file, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
