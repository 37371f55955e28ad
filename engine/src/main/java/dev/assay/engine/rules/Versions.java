package dev.assay.engine.rules;

import java.util.ArrayList;
import java.util.List;

/**
 * Version comparison for advisory tables: semantic versions ({@code 1.2.3}, {@code 0.1.16}) and calendar versions
 * ({@code 2026.1.29}, {@code 2026.3.13-1}) compare per numeric component, missing components count as 0. A suffix after
 * '-' in a calendar version is a post-release revision (later than the bare version); in a semantic version with a
 * letter it is a pre-release (earlier). Pure functions, callable from rule conditions.
 */
public final class Versions {

    private Versions() {
    }

    /** Negative, zero or positive as {@code a} is older than, equal to or newer than {@code b}. */
    public static int compare(String a, String b) {
        Parsed x = parse(a);
        Parsed y = parse(b);
        int n = Math.max(x.numbers.size(), y.numbers.size());
        for (int i = 0; i < n; i++) {
            long p = i < x.numbers.size() ? x.numbers.get(i) : 0;
            long q = i < y.numbers.size() ? y.numbers.get(i) : 0;
            if (p != q) {
                return Long.compare(p, q);
            }
        }
        return Integer.compare(x.suffixRank, y.suffixRank) != 0 ? Integer.compare(x.suffixRank, y.suffixRank)
                : x.suffix.compareTo(y.suffix);
    }

    /** True when {@code version} parses as a version at all (starts with a digit, optionally after 'v'). */
    public static boolean isVersion(String version) {
        if (version == null) {
            return false;
        }
        String v = version.strip();
        if (v.startsWith("v") || v.startsWith("V")) {
            v = v.substring(1);
        }
        return !v.isEmpty() && Character.isDigit(v.charAt(0));
    }

    /**
     * True when {@code version} is affected by a range: at least {@code introduced} (empty = no lower bound) and below
     * {@code fixed}, or at most {@code lastAffected} when {@code fixed} is empty. Unparseable versions are not affected.
     */
    public static boolean affected(String version, String introduced, String fixed, String lastAffected) {
        if (!isVersion(version)) {
            return false;
        }
        if (introduced != null && !introduced.isBlank() && compare(version, introduced) < 0) {
            return false;
        }
        if (fixed != null && !fixed.isBlank()) {
            return compare(version, fixed) < 0;
        }
        return lastAffected != null && !lastAffected.isBlank() && compare(version, lastAffected) <= 0;
    }

    /**
     * An affected range in words, as {@link #affected} reads it: {@code >=0.0.5 <0.1.16}, {@code <2026.1.29},
     * {@code <=1.4.0}, or {@code all versions} when no bound is given.
     */
    public static String range(String introduced, String fixed, String lastAffected) {
        List<String> parts = new ArrayList<>();
        if (introduced != null && !introduced.isBlank()) {
            parts.add(">=" + introduced.strip());
        }
        if (fixed != null && !fixed.isBlank()) {
            parts.add("<" + fixed.strip());
        } else if (lastAffected != null && !lastAffected.isBlank()) {
            parts.add("<=" + lastAffected.strip());
        }
        return parts.isEmpty() ? "all versions" : String.join(" ", parts);
    }

    private record Parsed(List<Long> numbers, int suffixRank, String suffix) {
    }

    private static Parsed parse(String raw) {
        String v = raw == null ? "" : raw.strip();
        if (v.startsWith("v") || v.startsWith("V")) {
            v = v.substring(1);
        }
        int plus = v.indexOf('+');
        if (plus >= 0) {
            v = v.substring(0, plus); // build metadata never orders versions
        }
        List<Long> numbers = new ArrayList<>();
        int i = 0;
        while (i < v.length() && numbers.size() < 8) {
            int start = i;
            while (i < v.length() && Character.isDigit(v.charAt(i)) && i - start < 18) {
                i++;
            }
            if (start == i) {
                break;
            }
            numbers.add(Long.parseLong(v.substring(start, i)));
            if (i < v.length() && v.charAt(i) == '.') {
                i++;
            } else {
                break;
            }
        }
        String rest = i < v.length() ? v.substring(i) : "";
        if (rest.isEmpty()) {
            return new Parsed(numbers, 1, "");
        }
        String tail = rest.startsWith("-") ? rest.substring(1) : rest;
        boolean numericRevision = !tail.isEmpty() && tail.chars().allMatch(Character::isDigit);
        // "2026.3.13-1" is a revision after 2026.3.13; "1.0.0-beta" and "1.0.0rc1" come before 1.0.0.
        return numericRevision ? new Parsed(numbers, 2, String.format("%20s", tail)) : new Parsed(numbers, 0, tail);
    }
}
