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
}
