package dev.assay.engine.rules;

import dev.assay.engine.fact.DataRow;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/** Summaries of data-table rows a rule collected, for messages. Pure functions, callable from DRL. */
public final class Tables {

    private Tables() {
    }

    /** The distinct non-empty values of a column, sorted and joined with ", ". */
    public static String column(Collection<?> rows, String column) {
        TreeSet<String> values = new TreeSet<>();
        for (Object o : rows) {
            if (o instanceof DataRow r && !r.get(column).isEmpty()) {
                values.add(r.get(column));
            }
        }
        return String.join(", ", values);
    }

    /**
     * Advisory rows (columns {@code id}, {@code summary}, {@code introduced}, {@code fixed}, {@code lastAffected}) as
     * finding details: one object per distinct id, sorted by id, with its summary, the affected range in words
     * ({@link Versions#range}) and the fixed version when there is one.
     */
    public static List<Map<String, Object>> advisories(Collection<?> rows) {
        TreeMap<String, Map<String, Object>> byId = new TreeMap<>();
        for (Object o : rows) {
            if (o instanceof DataRow r && !r.get("id").isEmpty() && !byId.containsKey(r.get("id"))) {
                Map<String, Object> a = new TreeMap<>();
                a.put("id", r.get("id"));
                a.put("summary", r.get("summary"));
                a.put("affected", Versions.range(r.get("introduced"), r.get("fixed"), r.get("lastAffected")));
                if (!r.get("fixed").isEmpty()) {
                    a.put("fixed", r.get("fixed"));
                }
                byId.put(r.get("id"), a);
            }
        }
        return new ArrayList<>(byId.values());
    }

    /** The distinct values of a column among rows where it is empty (e.g. advisories no release fixes yet), joined. */
    public static String columnWhereEmpty(Collection<?> rows, String column, String emptyColumn) {
        TreeSet<String> values = new TreeSet<>();
        for (Object o : rows) {
            if (o instanceof DataRow r && r.get(emptyColumn).isEmpty() && !r.get(column).isEmpty()) {
                values.add(r.get(column));
            }
        }
        return String.join(", ", values);
    }

    /** The newest version in a column (by {@link Versions#compare}), or "" when the column is empty everywhere. */
    public static String maxVersion(Collection<?> rows, String column) {
        String best = "";
        for (Object o : rows) {
            if (o instanceof DataRow r && !r.get(column).isEmpty()
                    && (best.isEmpty() || Versions.compare(r.get(column), best) > 0)) {
                best = r.get(column);
            }
        }
        return best;
    }
}
