package dev.assay.engine.spi;

import java.util.List;
import java.util.Optional;

/**
 * A scan target opened read-only: a directory, a single file or an archive. Implementations never follow a symbolic
 * link out of the target, never execute anything from it and enforce {@link Limits}; whatever they refuse or cannot
 * read is recorded as a {@link SkippedFile}. Paths are relative to the root, '/'-separated; "" is the root itself.
 * A single-file target holds one entry, named by the file's name.
 *
 * <p>Reads are lazy for directories so that a scan of a home folder touches only what extractors ask for.
 * Not thread-safe: one scan uses one target.
 */
public interface Target extends AutoCloseable {

    /** The target as the user named it. */
    String displayPath();

    /** directory, file, zip, tar, tar.gz or whl. */
    String kind();

    /** Whether a file or directory exists at the path. */
    boolean exists(String path);

    boolean isDirectory(String path);

    /** The entries directly inside a directory, sorted by path; empty when it is not a directory. */
    List<TargetEntry> list(String directory);

    /** Every file below a directory, at most {@code maxDepth} levels down, sorted by path. Directories are not listed. */
    List<TargetEntry> walk(String directory, int maxDepth);

    /** Reads a file within the limits; an unreadable or refused file is recorded as skipped and gives empty. */
    Optional<FileContent> read(String path);

    /** Records a file an extractor decided not to use, with the reason. */
    void skip(String path, String reason);

    /**
     * Records what an extractor recognised in this target and what it looked for without finding it; recognitions of
     * several extractors are merged. Targets that do not keep a ledger (views of a folder inside another target)
     * ignore it.
     */
    default void recognise(Recognition recognition) {
    }

    /** Everything recognised so far ({@link Recognition#NONE} when nothing was recorded). */
    default Recognition recognised() {
        return Recognition.NONE;
    }

    /** The files whose content was read so far, sorted. */
    List<String> filesRead();

    /** Everything skipped so far, sorted. */
    List<SkippedFile> skipped();

    /** {@code sha256:<hex>} over the sorted paths and bytes of the files read so far. */
    String digest();

    @Override
    void close();
}
