package dev.assay.extract.load;

import dev.assay.engine.spi.Limits;
import dev.assay.engine.spi.Target;
import dev.assay.engine.spi.TargetException;
import dev.assay.engine.spi.TargetOpener;
import dev.assay.engine.spi.TargetSource;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;
import java.util.Objects;

/**
 * Opens a directory, a single file, or a zip, wheel, tar or tar.gz archive on the local file system, read-only.
 *
 * <p>The path the user names is resolved, links included: naming a link is choosing its target. Inside the target
 * no link is ever followed. A regular file is an archive when its first bytes say so (a zip local header or end
 * record, a tar header with a valid checksum, or gzip whose first block is a tar header), whatever its name; the name
 * only tells a wheel from a zip. A file whose name claims an archive format but whose content is no archive is an
 * error rather than a single file, since the user meant to scan its contents. With {@code maxArchiveNesting} 0 an
 * archive is scanned as a single file.
 *
 * <p>Directories are read lazily; archives are expanded in memory when opened (see {@link ArchiveExpander}).
 * Failures are {@link TargetException}s with one line for the user.
 */
public final class LocalTargetOpener implements TargetOpener {

    /** Found by {@link java.util.ServiceLoader}. */
    public LocalTargetOpener() {
    }

    @Override
    public Target open(Path path, Limits limits) throws TargetException {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(limits, "limits");
        String display = path.toString();
        Path real;
        BasicFileAttributes attributes;
        try {
            real = path.toRealPath();
            attributes = Files.readAttributes(real, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            throw new TargetException("no such file or directory: " + display);
        } catch (AccessDeniedException e) {
            throw new TargetException("permission denied: " + display);
        } catch (FileSystemLoopException e) {
            throw new TargetException("symbolic link loop: " + display);
        } catch (IOException | SecurityException e) {
            throw new TargetException("cannot open " + display + ": " + failure(e));
        }
        if (attributes.isDirectory()) {
            return DirectoryTarget.directory(display, limits, real);
        }
        if (!attributes.isRegularFile()) {
            throw new TargetException("not a regular file or directory: " + display);
        }
        String name = entryName(path, real);
        byte[] head = head(real, display);
        ArchiveFormat format = ArchiveFormat.detect(head, head.length, name);
        if (format == ArchiveFormat.NONE) {
            ArchiveFormat claimed = ArchiveFormat.claimedBy(name);
            if (claimed != ArchiveFormat.NONE) {
                throw new TargetException("not a valid " + claimed.kind(name) + " archive: " + display);
            }
            return DirectoryTarget.singleFile(display, limits, name, real);
        }
        if (limits.maxArchiveNesting() == 0) {
            Target single = DirectoryTarget.singleFile(display, limits, name, real);
            single.skip(name, "archive not opened (maxArchiveNesting is 0)");
            return single;
        }
        String kind = format.kind(name);
        MemoryTree tree = new MemoryTree();
        Ledger ledger = new Ledger();
        ArchiveExpander.Outcome outcome =
                new ArchiveExpander(limits, tree, ledger).expand(ArchiveExpander.file(real), format, "", 1);
        if (outcome.unopenable()) {
            throw new TargetException("cannot open " + kind + " archive " + display + ": " + outcome.problem());
        }
        return new ArchiveTarget(display, kind, limits, tree, ledger);
    }

    /** An archive held as bytes or a file tree given as streams: see {@link MemoryTargets}. */
    @Override
    public Target open(TargetSource source, Limits limits) throws TargetException {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(limits, "limits");
        return MemoryTargets.open(source, limits);
    }

    /**
     * The single entry's name: the name the user gave (a link's name, not its target's), so that extractors that
     * recognise files by name see what the user sees. A backslash, legal in Unix names, would make it unreadable
     * through the target's path rules, so it becomes '_'.
     */
    private static String entryName(Path named, Path real) {
        Path given = named.getFileName();
        String name = given == null ? "" : given.toString();
        if (name.isEmpty() || name.equals(".") || name.equals("..")) {
            name = real.getFileName().toString();
        }
        return name.replace('\\', '_');
    }

    private static byte[] head(Path file, String display) throws TargetException {
        try (InputStream in = Channels.newInputStream(
                Files.newByteChannel(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS))) {
            byte[] buffer = new byte[ArchiveFormat.SNIFF_BYTES];
            int size = in.readNBytes(buffer, 0, buffer.length);
            return Arrays.copyOf(buffer, size);
        } catch (AccessDeniedException e) {
            throw new TargetException("permission denied: " + display);
        } catch (IOException e) {
            throw new TargetException("cannot read " + display + ": " + failure(e));
        }
    }

    private static String failure(Exception e) {
        String message = e.getMessage();
        return TargetPaths.oneLine(message == null ? e.getClass().getSimpleName() : message);
    }
}
