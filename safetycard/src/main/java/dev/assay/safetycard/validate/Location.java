package dev.assay.safetycard.validate;

import java.util.Comparator;

/**
 * Where a violation is in a scorecard: the JSON path of the node (keys joined with '.', list items numbered from 0,
 * "" for the whole document), its line (0 when unknown) and, when the path lies inside one, the criterion id, the
 * mechanism ({@code default} or {@code alt}), the parameter and the evidence index it concerns.
 *
 * @param criterion     e.g. {@code C4}; empty outside the criteria list (or when the criterion has no readable id)
 * @param mechanism     {@code default}, {@code alt} or empty
 * @param parameter     {@code S}, {@code C}, {@code D}, {@code B} or empty
 * @param evidenceIndex the 0-based evidence item, or -1
 */
public record Location(String path, int line, String criterion, String mechanism, String parameter, int evidenceIndex)
        implements Comparable<Location> {

    private static final Comparator<Location> ORDER = Comparator.comparingInt(Location::line)
            .thenComparing(Location::path);

    public Location {
        path = path == null ? "" : path;
        criterion = criterion == null ? "" : criterion;
        mechanism = mechanism == null ? "" : mechanism;
        parameter = parameter == null ? "" : parameter;
    }

    /** A location that is the whole document or a path with no criterion context. */
    public static Location of(String path, int line) {
        return new Location(path, line, "", "", "", -1);
    }

    /**
     * A short human description: {@code C4 alt D evidence[1] (criteria.3.alt.parameters.D.evidence.1, line 120)}, or
     * the path alone outside criteria.
     */
    public String describe() {
        StringBuilder b = new StringBuilder();
        if (!criterion.isEmpty()) {
            b.append(criterion);
            if (mechanism.equals("alt")) {
                b.append(" alt");
            }
            if (!parameter.isEmpty()) {
                b.append(' ').append(parameter);
            }
            if (evidenceIndex >= 0) {
                b.append(" evidence[").append(evidenceIndex).append(']');
            }
        }
        String where = path;
        if (line > 0) {
            where = where.isEmpty() ? "line " + line : where + ", line " + line;
        }
        if (b.length() == 0) {
            return where;
        }
        return where.isEmpty() ? b.toString() : b + " (" + where + ")";
    }

    @Override
    public int compareTo(Location o) {
        return ORDER.compare(this, o);
    }
}
