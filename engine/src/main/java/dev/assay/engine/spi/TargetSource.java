package dev.assay.engine.spi;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Objects;

/**
 * A scan target that is not a path on the local file system: an archive held as bytes, or a file tree whose files are
 * opened as streams (from a distributed file system, an object store, a database). The target loader reads it with the
 * same {@link Limits} and gives the same report as for the equivalent archive or folder on disk.
 */
public sealed interface TargetSource {

    /** The target as the user named it; becomes {@code target.path} in the report. */
    String displayPath();

    /**
     * A zip, wheel, tar or tar.gz archive (or a single file) held in memory. {@code fileName} is the archive's own
     * name, which tells a wheel from a zip and names a single file, as for a file on disk.
     */
    record Archive(String displayPath, String fileName, byte[] bytes) implements TargetSource {
        public Archive {
            Objects.requireNonNull(displayPath, "displayPath");
            Objects.requireNonNull(fileName, "fileName");
            Objects.requireNonNull(bytes, "bytes");
        }
    }

    /**
     * A folder given as its files: '/'-separated paths relative to the folder, each with its size as the store
     * reports it and a way to open its content. Only regular files belong here (a store's links are not followed).
     */
    record Tree(String displayPath, List<TreeFile> files) implements TargetSource {
        public Tree {
            Objects.requireNonNull(displayPath, "displayPath");
            files = List.copyOf(files);
        }
    }

    /** One file of a {@link Tree}; {@code mode} is the POSIX mode, or -1 when the store has none. */
    record TreeFile(String path, long size, int mode, Content content) {
        public TreeFile {
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(content, "content");
        }
    }

    /** Opens a file's bytes; the loader reads at most what the limits allow and closes the stream. */
    @FunctionalInterface
    interface Content {
        InputStream open() throws IOException;
    }
}
