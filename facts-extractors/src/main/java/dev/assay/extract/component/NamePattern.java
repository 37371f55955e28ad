package dev.assay.extract.component;

import java.util.List;
import java.util.Locale;

/**
 * Case-insensitive wildcard patterns over names: {@code *} matches any run of characters, {@code ?} one character.
 * Matching is linear in the name (greedy with one backtrack point), so hostile names cannot make it slow.
 */
public final class NamePattern {

    private NamePattern() {
    }

    /** Whether any of the patterns matches the name. */
    public static boolean any(List<String> patterns, String name) {
        String n = name.toLowerCase(Locale.ROOT); // once, not once per pattern: this runs for every call in the code
        for (String p : patterns) {
            if (matchesLowerCase(p.toLowerCase(Locale.ROOT), n)) {
                return true;
            }
        }
        return false;
    }

    public static boolean matches(String pattern, String name) {
        return matchesLowerCase(pattern.toLowerCase(Locale.ROOT), name.toLowerCase(Locale.ROOT));
    }

    private static boolean matchesLowerCase(String p, String n) {
        int pi = 0;
        int ni = 0;
        int star = -1;
        int resume = 0;
        while (ni < n.length()) {
            if (pi < p.length() && (p.charAt(pi) == '?' || p.charAt(pi) == n.charAt(ni))) {
                pi++;
                ni++;
            } else if (pi < p.length() && p.charAt(pi) == '*') {
                star = pi++;
                resume = ni;
            } else if (star >= 0) {
                pi = star + 1;
                ni = ++resume;
            } else {
                return false;
            }
        }
        while (pi < p.length() && p.charAt(pi) == '*') {
            pi++;
        }
        return pi == p.length();
    }
}
