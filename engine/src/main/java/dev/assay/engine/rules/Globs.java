package dev.assay.engine.rules;

/**
 * File globs over '/'-separated relative paths: {@code *} matches within one path segment, {@code **} across segments
 * ({@code **}{@code /} may also match nothing), {@code ?} one character. A glob without '/' matches the file name in any
 * folder. Linear in practice: globs come from packs, paths from targets.
 */
public final class Globs {

    private Globs() {
    }

    public static boolean matches(String glob, String path) {
        if (glob == null || path == null) {
            return false;
        }
        if (glob.indexOf('/') < 0) {
            int slash = path.lastIndexOf('/');
            return match(glob, 0, path.substring(slash + 1), 0);
        }
        return match(glob, 0, path, 0);
    }

    private static boolean match(String g, int gi, String p, int pi) {
        while (gi < g.length()) {
            char c = g.charAt(gi);
            if (c == '*') {
                boolean deep = gi + 1 < g.length() && g.charAt(gi + 1) == '*';
                int next = gi + (deep ? 2 : 1);
                if (deep && next < g.length() && g.charAt(next) == '/' && match(g, next + 1, p, pi)) {
                    return true; // "**/" matching no folder at all
                }
                for (int k = pi; k <= p.length(); k++) {
                    if (match(g, next, p, k)) {
                        return true;
                    }
                    if (k < p.length() && !deep && p.charAt(k) == '/') {
                        return false;
                    }
                }
                return false;
            }
            if (pi >= p.length() || (c != '?' && c != p.charAt(pi)) || (c == '?' && p.charAt(pi) == '/')) {
                return false;
            }
            gi++;
            pi++;
        }
        return pi == p.length();
    }
}
