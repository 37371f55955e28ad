package dev.assay.extract.load;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The files and directories expanded from an archive, by canonical path. The first entry for a path wins; a file
 * and a directory can never share a path, and a file is never inside another file.
 */
final class MemoryTree {

    /** A file (bytes non-null) or a directory (bytes null). */
    record Node(String path, byte[] bytes, int mode) {

        boolean directory() {
            return bytes == null;
        }
    }

    private final TreeMap<String, Node> nodes = new TreeMap<>();

    Node get(String path) {
        return nodes.get(path);
    }

    /** Why a file cannot go at this path, or null when it can (checked before its content is read). */
    String fileRefusal(String path) {
        Node existing = nodes.get(path);
        if (existing != null) {
            return existing.directory() ? "entry name conflicts with a directory; not read" : "duplicate entry name; first kept";
        }
        return parentRefusal(path);
    }

    /** Why a directory cannot go at this path, or null. A directory named twice is one directory. */
    String directoryRefusal(String path) {
        Node existing = nodes.get(path);
        if (existing != null && !existing.directory()) {
            return "directory entry conflicts with a file entry; refused";
        }
        return parentRefusal(path);
    }

    private String parentRefusal(String path) {
        for (String ancestor : TargetPaths.ancestors(path)) {
            Node node = nodes.get(ancestor);
            if (node != null && !node.directory()) {
                return "entry is inside file entry " + TargetPaths.shown(ancestor) + "; refused";
            }
        }
        return null;
    }

    /** Adds a file; the caller has checked {@link #fileRefusal}. */
    void putFile(String path, byte[] bytes, int mode) {
        addParents(path);
        nodes.put(path, new Node(path, bytes, mode));
    }

    /** Adds a directory (keeping the mode of the first explicit entry); the caller has checked it. */
    void putDirectory(String path, int mode) {
        addParents(path);
        Node existing = nodes.get(path);
        if (existing == null || existing.mode() < 0) {
            nodes.put(path, new Node(path, null, mode));
        }
    }

    /** Removes a directory that holds nothing (a nested archive that could not be opened after all). */
    void removeEmptyDirectory(String path) {
        Node existing = nodes.get(path);
        if (existing != null && existing.directory() && below(path).isEmpty()) {
            nodes.remove(path);
        }
    }

    private void addParents(String path) {
        for (String ancestor : TargetPaths.ancestors(path)) {
            nodes.putIfAbsent(ancestor, new Node(ancestor, null, -1));
        }
    }

    /** Everything strictly below a directory, in path order. */
    List<Node> below(String directory) {
        if (directory.isEmpty()) {
            return new ArrayList<>(nodes.values());
        }
        // '0' is the character after '/', so this range holds exactly the paths starting with directory + "/".
        SortedMap<String, Node> range = nodes.subMap(directory + "/", directory + "0");
        return new ArrayList<>(range.values());
    }

    /** The entries directly inside a directory, in path order. */
    List<Node> children(String directory) {
        List<Node> result = new ArrayList<>();
        int depth = TargetPaths.depth(directory) + 1;
        for (Node node : below(directory)) {
            if (TargetPaths.depth(node.path()) == depth) {
                result.add(node);
            }
        }
        return result;
    }

    int fileCount() {
        int n = 0;
        for (Map.Entry<String, Node> e : nodes.entrySet()) {
            if (!e.getValue().directory()) {
                n++;
            }
        }
        return n;
    }

    void clear() {
        nodes.clear();
    }
}
