package dev.assay.extract.agent;

import dev.assay.engine.spi.Target;
import dev.assay.engine.spi.TargetEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Expands a known-location pattern below a folder of a {@link Target}, touching only what the pattern names: a literal
 * segment is a single existence check, a wildcard segment one listing, and {@code **} one bounded walk.
 */
final class TargetGlob {

    private TargetGlob() {
    }

    /** Matching paths in sorted order: files, or directories when {@code directories} is set. */
    static List<String> expand(Target target, String base, String pattern, int walkDepth, boolean directories) {
        String[] segments = pattern.split("/");
        List<String> current = List.of(base);
        for (int i = 0; i < segments.length; i++) {
            String segment = segments[i];
            if (segment.equals("**")) {
                if (directories) {
                    return List.of();
                }
                String namePattern = i + 1 < segments.length ? segments[i + 1] : "*";
                TreeSet<String> files = new TreeSet<>();
                for (String dir : current) {
                    for (TargetEntry e : target.walk(dir, walkDepth)) {
                        if (!e.directory() && matches(namePattern, e.name())) {
                            files.add(e.path());
                        }
                    }
                }
                return List.copyOf(files);
            }
            boolean last = i == segments.length - 1;
            List<String> next = new ArrayList<>();
            if (hasWildcard(segment)) {
                for (String dir : current) {
                    for (TargetEntry e : target.list(dir)) {
                        if (matches(segment, e.name()) && (!last || e.directory() == directories)
                                && (last || e.directory())) {
                            next.add(e.path());
                        }
                    }
                }
            } else {
                for (String dir : current) {
                    String path = join(dir, segment);
                    if (last ? target.exists(path) && target.isDirectory(path) == directories
                            : target.isDirectory(path)) {
                        next.add(path);
                    }
                }
            }
            current = next;
            if (current.isEmpty()) {
                return List.of();
            }
        }
        return List.copyOf(new TreeSet<>(current));
    }

    /** The folder a pattern is anchored at: its segments before the first wildcard. */
    static String literalPrefix(String base, String pattern) {
        String dir = base;
        for (String segment : pattern.split("/")) {
            if (hasWildcard(segment)) {
                break;
            }
            dir = join(dir, segment);
        }
        return dir;
    }

    static String join(String dir, String name) {
        return dir.isEmpty() ? name : name.isEmpty() ? dir : dir + "/" + name;
    }

    static String parent(String path) {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? "" : path.substring(0, slash);
    }

    static String name(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    private static boolean hasWildcard(String segment) {
        return segment.indexOf('*') >= 0 || segment.indexOf('?') >= 0;
    }

    /** Glob match of one name: '*' any run of characters, '?' one character; iterative, linear in practice. */
    static boolean matches(String pattern, String name) {
        int p = 0;
        int n = 0;
        int star = -1;
        int mark = 0;
        while (n < name.length()) {
            if (p < pattern.length() && (pattern.charAt(p) == '?' || pattern.charAt(p) == name.charAt(n))) {
                p++;
                n++;
            } else if (p < pattern.length() && pattern.charAt(p) == '*') {
                star = p++;
                mark = n;
            } else if (star >= 0) {
                p = star + 1;
                n = ++mark;
            } else {
                return false;
            }
        }
        while (p < pattern.length() && pattern.charAt(p) == '*') {
            p++;
        }
        return p == pattern.length();
    }
}
