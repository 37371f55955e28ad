package dev.assay.cli;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;

/**
 * Replaces a file's content all at once: the bytes go to a temporary file in the same folder, are forced to disk, and
 * the temporary file is then moved over the target. A reader sees the old content or the new one, never a part, and a
 * failed write leaves the old file (or no file) and no temporary file behind.
 */
final class AtomicFile {

    private static final int MAX_NAME_ATTEMPTS = 100;

    private AtomicFile() {
    }

    /** Writes {@code bytes} to {@code target}; a symbolic link is written through, so the link itself stays. */
    static void write(Path target, byte[] bytes) throws IOException {
        Path file = target.toAbsolutePath().normalize();
        if (Files.isSymbolicLink(file) && Files.exists(file)) {
            file = file.toRealPath();
        }
        if (Files.isDirectory(file)) {
            throw new IOException("it is a folder");
        }
        Path folder = file.getParent();
        if (folder == null || !Files.isDirectory(folder)) {
            throw new NoSuchFileException(String.valueOf(folder), null, "the folder does not exist");
        }
        Path temp = createTemp(folder);
        boolean moved = false;
        try {
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                ByteBuffer buffer = ByteBuffer.wrap(bytes);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                channel.force(true);
            }
            keepPermissions(file, temp);
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
            moved = true;
        } finally {
            if (!moved) {
                Files.deleteIfExists(temp);
            }
        }
    }

    /**
     * A new, empty, hidden file next to the target. Created without explicit permissions so that the user's umask
     * applies, as it would to a file written in place; the name only has to be unique, not secret.
     */
    private static Path createTemp(Path folder) throws IOException {
        long pid = ProcessHandle.current().pid();
        for (int attempt = 0; attempt < MAX_NAME_ATTEMPTS; attempt++) {
            Path temp = folder.resolve(".assay-output-" + pid + "-" + attempt + ".tmp");
            try {
                return Files.createFile(temp);
            } catch (FileAlreadyExistsException e) {
                // Another thread or a crashed earlier run holds this name; try the next one.
            }
        }
        throw new IOException("cannot create a temporary file in " + folder);
    }

    /** An existing file keeps its permissions when it is replaced. */
    private static void keepPermissions(Path existing, Path replacement) throws IOException {
        if (!Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        PosixFileAttributeView view = Files.getFileAttributeView(existing, PosixFileAttributeView.class);
        if (view == null) {
            return;
        }
        Set<PosixFilePermission> permissions = view.readAttributes().permissions();
        Files.setPosixFilePermissions(replacement, permissions);
    }
}
