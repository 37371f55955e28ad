package dev.assay.extract.load;

import java.util.ArrayList;
import java.util.List;

/**
 * Rules for the relative, '/'-separated paths a {@link dev.assay.engine.spi.Target} speaks, and for turning the raw
 * entry names found in archives into such paths. A path that passes is canonical: no empty, "." or ".." component,
 * no leading '/', no backslash, no NUL.
 */
final class TargetPaths {

    /** Longest path accepted; longer names only serve to exhaust memory or the file system's own limits. */
    static final int MAX_PATH_CHARS = 4096;

    /** How many characters of a refused name are kept in a skip record. */
    private static final int SHOWN_NAME_CHARS = 300;

    private TargetPaths() {
    }

    /**
     * Why a path an extractor asked for is refused, or null when it is acceptable. {@code maxDepth} bounds the number
     * of components.
     */
    static String refusal(String path, int maxDepth) {
        if (path == null) {
            return "path refused: null";
        }
        if (path.isEmpty()) {
            return null;
        }
        if (path.length() > MAX_PATH_CHARS) {
            return "path refused: longer than " + MAX_PATH_CHARS + " characters";
        }
        if (path.indexOf('\0') >= 0) {
            return "path refused: contains NUL";
        }
        if (path.indexOf('\\') >= 0) {
            return "path refused: contains a backslash";
        }
        if (path.charAt(0) == '/') {
            return "path refused: absolute";
        }
        int components = 0;
        for (String part : path.split("/", -1)) {
            if (part.equals("..")) {
                return "path refused: contains ..";
            }
            if (part.isEmpty() || part.equals(".")) {
                return "path refused: not canonical";
            }
            components++;
        }
        if (components > maxDepth) {
            return "path refused: deeper than " + maxDepth + " levels";
        }
        return null;
    }

    /** Number of components; 0 for the root. */
    static int depth(String path) {
        if (path.isEmpty()) {
            return 0;
        }
        int n = 1;
        for (int i = 0; i < path.length(); i++) {
            if (path.charAt(i) == '/') {
                n++;
            }
        }
        return n;
    }

    static String child(String directory, String name) {
        return directory.isEmpty() ? name : directory + "/" + name;
    }

    /** The parent of a non-root path; "" for a top-level name. */
    static String parent(String path) {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? "" : path.substring(0, slash);
    }

    /** The proper ancestors of a path, outermost first, excluding the root. */
    static List<String> ancestors(String path) {
        List<String> result = new ArrayList<>();
        for (int i = path.indexOf('/'); i >= 0; i = path.indexOf('/', i + 1)) {
            result.add(path.substring(0, i));
        }
        return result;
    }

    /** A name as it may appear in a skip record: bounded in length. */
    static String shown(String name) {
        return name.length() <= SHOWN_NAME_CHARS ? name : name.substring(0, SHOWN_NAME_CHARS) + "...";
    }

    /**
     * An archive entry name checked and made canonical. Exactly one of {@code path} (null for the archive root itself,
     * e.g. "./") and {@code refusal} is meaningful.
     */
    record EntryName(String path, boolean directory, String refusal) {

        boolean refused() {
            return refusal != null;
        }

        boolean root() {
            return refusal == null && path == null;
        }
    }

    /**
     * Checks a raw archive entry name. Traversal, absolute names, drive letters, backslashes, NUL and over-long names
     * are refused; "." and empty components (as in "./a//b") are dropped, since common archivers write them.
     */
    static EntryName entryName(String raw) {
        if (raw == null || raw.isEmpty()) {
            return new EntryName(null, false, "empty entry name refused");
        }
        if (raw.length() > MAX_PATH_CHARS) {
            return new EntryName(null, false, "entry name longer than " + MAX_PATH_CHARS + " characters refused");
        }
        if (raw.indexOf('\0') >= 0) {
            return new EntryName(null, false, "entry name with NUL refused");
        }
        if (raw.indexOf('\\') >= 0) {
            return new EntryName(null, false, "entry name with a backslash refused");
        }
        if (raw.charAt(0) == '/') {
            return new EntryName(null, false, "absolute entry name refused");
        }
        if (raw.length() >= 2 && raw.charAt(1) == ':' && isAsciiLetter(raw.charAt(0))) {
            return new EntryName(null, false, "entry name with a drive letter refused");
        }
        boolean directory = raw.endsWith("/");
        StringBuilder path = new StringBuilder(raw.length());
        boolean empty = true;
        for (String part : raw.split("/")) {
            if (part.isEmpty() || part.equals(".")) {
                continue;
            }
            if (part.equals("..")) {
                return new EntryName(null, false, "entry name with .. refused");
            }
            if (path.length() > 0) {
                path.append('/');
            }
            path.append(part);
            empty = false;
        }
        if (empty) {
            return new EntryName(null, true, null);
        }
        return new EntryName(path.toString(), directory, null);
    }

    private static boolean isAsciiLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    /** One line of text: line breaks and other control characters become spaces. */
    static String oneLine(String text) {
        if (text == null || text.isBlank()) {
            return "unknown error";
        }
        StringBuilder b = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            b.append(Character.isISOControl(c) ? ' ' : c);
        }
        return b.toString().strip();
    }
}
