package dev.assay.engine.spi;

import java.nio.file.Path;

/** Opens scan targets; found with {@link java.util.ServiceLoader}. */
public interface TargetOpener {

    /**
     * Opens a directory, file or archive read-only.
     *
     * @throws TargetException with a one-line message when the target does not exist or cannot be opened at all
     */
    Target open(Path path, Limits limits) throws TargetException;

    /**
     * Opens a target held in memory or behind streams, with the same bounds and the same result as {@link #open(Path,
     * Limits)} gives for the equivalent archive or folder on disk.
     *
     * @throws TargetException with a one-line message when the target cannot be opened at all, or this loader
     *                         reads only local paths
     */
    default Target open(TargetSource source, Limits limits) throws TargetException {
        throw new TargetException("this target loader reads only local paths: " + source.displayPath());
    }
}
