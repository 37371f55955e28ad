package dev.assay.extract.load;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Map;
import java.util.Set;

/**
 * File system access that never follows a symbolic link and never opens anything but a regular file. Modes come from
 * the "unix" attribute view when the file system has it (all permission bits, set-id and sticky included), else from
 * POSIX permissions, else -1.
 */
final class DiskFiles {

    /** What a path is, seen without following links. */
    enum Type { FILE, DIRECTORY, SYMLINK, FIFO, SOCKET, CHAR_DEVICE, BLOCK_DEVICE, OTHER }

    /** The attributes of one path, read without following a link. */
    record Stat(Type type, long size, int mode) {

        /** The skip reason for a path that is neither a regular file nor a directory. */
        String notReadableReason() {
            return switch (type) {
                case SYMLINK -> "symbolic link not followed";
                case FIFO -> "not a regular file (FIFO)";
                case SOCKET -> "not a regular file (socket)";
                case CHAR_DEVICE -> "not a regular file (character device)";
                case BLOCK_DEVICE -> "not a regular file (block device)";
                case OTHER -> "not a regular file";
                case FILE, DIRECTORY -> throw new IllegalStateException("readable type " + type);
            };
        }
    }

    private static final int TYPE_MASK = 0170000;
    private static final int PERMISSION_MASK = 07777;

    private final boolean unixView;
    private final boolean posixView;

    DiskFiles(Path anyPathOnTheFileSystem) {
        Set<String> views = anyPathOnTheFileSystem.getFileSystem().supportedFileAttributeViews();
        this.unixView = views.contains("unix");
        this.posixView = views.contains("posix");
    }

    /** Attributes without following a link; null when nothing is there (or the name cannot be resolved). */
    Stat lstat(Path path) throws IOException {
        try {
            if (unixView) {
                Map<String, Object> a = Files.readAttributes(path, "unix:mode,size", LinkOption.NOFOLLOW_LINKS);
                int mode = (Integer) a.get("mode");
                return new Stat(typeOf(mode), (Long) a.get("size"), mode & PERMISSION_MASK);
            }
            BasicFileAttributes basic = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            int mode = -1;
            if (posixView) {
                PosixFileAttributes posix =
                        Files.readAttributes(path, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                mode = bits(posix.permissions());
            }
            Type type = basic.isSymbolicLink() ? Type.SYMLINK
                    : basic.isDirectory() ? Type.DIRECTORY
                    : basic.isRegularFile() ? Type.FILE
                    : Type.OTHER;
            return new Stat(type, basic.size(), mode);
        } catch (NoSuchFileException | NotDirectoryException e) {
            return null;
        }
    }

    /**
     * Reads a regular file, at most {@code limit} bytes; returns {@code limit + 1} bytes' worth of array only to show
     * that the file is larger. The link check happens again at open time (O_NOFOLLOW).
     */
    static byte[] readAtMost(Path path, long limit) throws IOException {
        try (SeekableByteChannel channel = Files.newByteChannel(path, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
                InputStream in = Channels.newInputStream(channel)) {
            return Bounded.readAtMost(in, limit);
        }
    }

    /** One line saying why a file could not be read. */
    static String readFailure(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "unreadable: permission denied";
        }
        if (e instanceof FileSystemLoopException) {
            return "unreadable: symbolic link loop";
        }
        if (e instanceof NoSuchFileException) {
            return "unreadable: vanished while scanning";
        }
        String message = e.getMessage();
        return "unreadable: " + TargetPaths.oneLine(message == null ? e.getClass().getSimpleName() : message);
    }

    private static Type typeOf(int mode) {
        return switch (mode & TYPE_MASK) {
            case 0100000 -> Type.FILE;
            case 0040000 -> Type.DIRECTORY;
            case 0120000 -> Type.SYMLINK;
            case 0010000 -> Type.FIFO;
            case 0140000 -> Type.SOCKET;
            case 0020000 -> Type.CHAR_DEVICE;
            case 0060000 -> Type.BLOCK_DEVICE;
            default -> Type.OTHER;
        };
    }

    private static int bits(Set<PosixFilePermission> permissions) {
        int mode = 0;
        for (PosixFilePermission p : permissions) {
            mode |= switch (p) {
                case OWNER_READ -> 0400;
                case OWNER_WRITE -> 0200;
                case OWNER_EXECUTE -> 0100;
                case GROUP_READ -> 040;
                case GROUP_WRITE -> 020;
                case GROUP_EXECUTE -> 010;
                case OTHERS_READ -> 04;
                case OTHERS_WRITE -> 02;
                case OTHERS_EXECUTE -> 01;
            };
        }
        return mode;
    }
}
