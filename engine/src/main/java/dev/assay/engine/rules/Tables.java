package dev.assay.engine.rules;

import dev.assay.engine.fact.DataRow;
import java.util.Collection;
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
