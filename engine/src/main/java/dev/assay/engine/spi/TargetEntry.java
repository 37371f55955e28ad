package dev.assay.engine.spi;

/**
 * A file or directory of a target. {@code path} is relative to the target root, '/'-separated, never absolute and never
 * containing "..". {@code mode} holds POSIX permission bits or -1 when unknown.
 */
public record TargetEntry(String path, boolean directory, long size, int mode) implements Comparable<TargetEntry> {

    public String name() {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? path : path.substring(slash + 1);
    }

    @Override
    public int compareTo(TargetEntry o) {
        return path.compareTo(o.path);
    }
}
