package dev.assay.engine.rules;

/**
 * Matching of config paths such as {@code mcpServers.fs.args.0} against globs where {@code *} stands for exactly one
 * segment and {@code **} for any number (including none). Pure functions, callable from rule conditions.
 */
public final class ConfigPaths {

    private ConfigPaths() {
    }

    public static boolean matches(String glob, String path) {
        if (glob == null || path == null) {
            return false;
        }
        if (glob.indexOf('*') < 0) {
            return glob.equals(path);
        }
        return match(glob.split("\\.", -1), 0, path.split("\\.", -1), 0);
    }

    /**
     * The path a glob names when its {@code *} segments take the values they took in {@code anchorPath} matched by
     * {@code anchorGlob}: with anchor glob {@code mcpServers.*.url} and anchor path {@code mcpServers.fs.url}, the pattern
     * {@code mcpServers.{1}.headers} gives {@code mcpServers.fs.headers}. {@code {n}} is the n-th single-segment wildcard.
     */
    public static String expand(String pattern, String anchorGlob, String anchorPath) {
        String[] g = anchorGlob.split("\\.", -1);
        String[] p = anchorPath.split("\\.", -1);
        String result = pattern;
        int n = 0;
        for (int i = 0; i < g.length && i < p.length; i++) {
            if ("*".equals(g[i])) {
                n++;
                result = result.replace("{" + n + "}", p[i]);
            } else if ("**".equals(g[i])) {
                break; // captures after ** are ambiguous; only the leading ones can be referenced
            }
        }
        return result;
    }

    /**
     * The segments of {@code path} that the single-segment wildcards of {@code glob} took, in order ({@code {1}},
     * {@code {2}} … of a rule's templates); only wildcards before the first {@code **}, as in {@link #expand}. Empty when
     * the path does not match.
     */
    public static java.util.List<String> captures(String glob, String path) {
        if (!matches(glob, path)) {
            return java.util.List.of();
        }
        String[] g = glob.split("\\.", -1);
        String[] p = path.split("\\.", -1);
        java.util.List<String> out = new java.util.ArrayList<>();
        for (int i = 0; i < g.length && i < p.length; i++) {
            if ("*".equals(g[i])) {
                out.add(p[i]);
            } else if ("**".equals(g[i])) {
                break;
            }
        }
        return out;
    }

    private static boolean match(String[] g, int gi, String[] p, int pi) {
        while (gi < g.length) {
            if ("**".equals(g[gi])) {
                for (int k = pi; k <= p.length; k++) {
                    if (match(g, gi + 1, p, k)) {
                        return true;
                    }
                }
                return false;
            }
            if (pi >= p.length || !("*".equals(g[gi]) || g[gi].equals(p[pi]))) {
                return false;
            }
            gi++;
            pi++;
        }
        return pi == p.length;
    }
}
