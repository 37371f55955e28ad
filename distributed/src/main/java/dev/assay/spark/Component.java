package dev.assay.spark;

import java.io.Serializable;
import java.util.Objects;

/**
 * One component of a registry: its id (unique in the job, the sort key of every output) and its path as a Hadoop
 * file-system path ({@code file:}, {@code hdfs:}, an object store, or a plain path on the default file system).
 */
public record Component(String id, String path) implements Serializable {

    public Component {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(path, "path");
    }
}
