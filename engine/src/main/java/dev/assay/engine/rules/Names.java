package dev.assay.engine.rules;

import java.util.Locale;

/** Comparisons of package and tool names for rules (typosquats, allowed tools). Pure functions, callable from DRL. */
public final class Names {

    /** Names longer than this are not compared: real package names are short, and the distance is quadratic. */
    public static final int MAX_COMPARED_LENGTH = 214;

    private Names() {
    }

    /**
     * A name folded for comparison: lower case, {@code _} and {@code .} read as {@code -} (package indexes treat them
     * alike), and an npm scope kept.
     */
    public static String fold(String name) {
        if (name == null) {
            return "";
        }
        return name.strip().toLowerCase(Locale.ROOT).replace('_', '-').replace('.', '-');
    }

    /**
     * The optimal-string-alignment distance between two folded names (insertions, deletions, substitutions and
     * transpositions of neighbours each cost 1), or {@code Integer.MAX_VALUE} when it exceeds {@code max} or a name is
     * too long to compare.
     */
    public static int distance(String a, String b, int max) {
        String x = fold(a);
        String y = fold(b);
        if (x.length() > MAX_COMPARED_LENGTH || y.length() > MAX_COMPARED_LENGTH
                || Math.abs(x.length() - y.length()) > max) {
            return Integer.MAX_VALUE;
        }
        int[][] d = new int[x.length() + 1][y.length() + 1];
        for (int i = 0; i <= x.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= y.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= x.length(); i++) {
            int rowMin = Integer.MAX_VALUE;
            for (int j = 1; j <= y.length(); j++) {
                int cost = x.charAt(i - 1) == y.charAt(j - 1) ? 0 : 1;
                int v = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && x.charAt(i - 1) == y.charAt(j - 2) && x.charAt(i - 2) == y.charAt(j - 1)) {
                    v = Math.min(v, d[i - 2][j - 2] + 1);
                }
                d[i][j] = v;
                rowMin = Math.min(rowMin, v);
            }
            if (rowMin > max) {
                return Integer.MAX_VALUE;
            }
        }
        int result = d[x.length()][y.length()];
        return result > max ? Integer.MAX_VALUE : result;
    }

    /** As {@link #imitates(String, String, int, int)} with the edit budget as text from a data table (bad text: 1). */
    public static boolean imitates(String name, String popular, String maxDistance, int minLength) {
        int max = 1;
        if (maxDistance != null && maxDistance.strip().matches("[0-9]{1,2}")) {
            max = Integer.parseInt(maxDistance.strip());
        }
        return imitates(name, popular, max, minLength);
    }

    /**
     * Whether {@code name} imitates {@code popular}: different once folded, yet within {@code max} edits, and at least
     * {@code minLength} characters long (short names are near each other by chance).
     */
    public static boolean imitates(String name, String popular, int max, int minLength) {
        String x = fold(name);
        String y = fold(popular);
        if (x.equals(y) || x.length() < minLength || y.length() < minLength) {
            return false;
        }
        return distance(x, y, max) <= max;
    }
}
