package dev.assay.safetycard.search;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;

/**
 * Reads a repository file named by a repository-relative path, refusing anything that could leave the repository:
 * absolute paths, {@code ..}, and symbolic links anywhere on the way. Lines are numbered as {@code rg -n} numbers
 * them (a UTF-8 byte-order mark is dropped, a trailing carriage return removed).
 */
public final class RepoFiles {
    private RepoFiles() {
    }

    /** Why a file could not be read. */
    public static final class Unreadable extends Exception {
        /** The file does not exist; the path was refused (outside, link, not a file); or reading failed or was too big. */
        public enum Kind { MISSING, REFUSED, NOT_READ }

        private final Kind kind;

        Unreadable(String message, Kind kind) {
            super(message);
            this.kind = kind;
        }

        public Kind kind() {
            return kind;
        }
    }

    /** The file's lines; {@code root} must be the repository's real path. */
    public static List<String> readLines(Path root, String file, long maxBytes) throws Unreadable {
        RepoWalker.Resolved r = RepoWalker.normalise(file);
        if (r.error() != null) {
            throw new Unreadable("file " + r.error(), Unreadable.Kind.REFUSED);
        }
        if (r.repoPath().isEmpty()) {
            throw new Unreadable("'" + file + "' names the repository root, not a file", Unreadable.Kind.REFUSED);
        }
        Path p = root;
        try {
            for (String part : r.repoPath().split("/")) {
                p = p.resolve(part);
                BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                if (a.isSymbolicLink()) {
                    throw new Unreadable("'" + file + "' passes through a symbolic link; cite the file it points to",
                            Unreadable.Kind.REFUSED);
                }
            }
            BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (!a.isRegularFile()) {
                throw new Unreadable("'" + file + "' is not a regular file", Unreadable.Kind.REFUSED);
            }
            if (a.size() > maxBytes) {
                throw new Unreadable("'" + file + "' is larger than " + maxBytes + " bytes; not read",
                        Unreadable.Kind.NOT_READ);
            }
            byte[] bytes = new Budget(SearchLimits.defaults()).read(p, file, maxBytes);
            if (bytes == null) {
                throw new Unreadable("'" + file + "' could not be read within limits", Unreadable.Kind.NOT_READ);
            }
            return Verifier.lines(bytes);
        } catch (NoSuchFileException e) {
            throw new Unreadable("file '" + file + "' does not exist in the repository", Unreadable.Kind.MISSING);
        } catch (IOException e) {
            throw new Unreadable("file '" + file + "' cannot be read (" + e.getClass().getSimpleName() + ")",
                    Unreadable.Kind.NOT_READ);
        }
    }
}
