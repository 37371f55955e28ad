package dev.assay.safetycard.search;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;

/** The running cost of one search against its {@link SearchLimits}; the first limit hit is remembered. */
final class Budget {
    private final SearchLimits limits;
    private final long deadline;
    private int entries;
    private long bytes;
    private String exceeded;

    Budget(SearchLimits limits) {
        this.limits = limits;
        this.deadline = System.nanoTime() + limits.timeout().toNanos();
    }

    SearchLimits limits() {
        return limits;
    }

    /** The first limit exceeded, or {@code null}. */
    String exceeded() {
        return exceeded;
    }

    boolean ok() {
        if (exceeded == null && System.nanoTime() - deadline > 0) {
            exceeded = "the search took longer than " + limits.timeout().toSeconds() + " s";
        }
        return exceeded == null;
    }

    void fail(String reason) {
        if (exceeded == null) {
            exceeded = reason;
        }
    }

    boolean countEntry() {
        if (++entries > limits.maxEntries()) {
            fail("more than " + limits.maxEntries() + " files and folders in scope");
        }
        return ok();
    }

    /** The first bytes of a file and the file's size. */
    record Prefix(byte[] bytes, long size) {
        boolean whole() {
            return bytes.length >= size;
        }
    }

    /** Reads at most {@code n} bytes from the start of a regular file, without following a symbolic link. */
    Prefix readPrefix(Path file, int n) throws IOException {
        try (SeekableByteChannel ch = Files.newByteChannel(file, Set.of(StandardOpenOption.READ,
                LinkOption.NOFOLLOW_LINKS))) {
            long size = ch.size();
            ByteBuffer buf = ByteBuffer.allocate((int) Math.min(n, size));
            while (buf.hasRemaining()) {
                if (ch.read(buf) < 0) {
                    break;
                }
            }
            bytes += buf.position();
            byte[] out = new byte[buf.position()];
            buf.flip();
            buf.get(out);
            return new Prefix(out, size);
        }
    }

    /**
     * Reads a regular file without following a symbolic link at its last component, within the per-file and total
     * byte limits. Returns {@code null} (with the limit recorded) when a limit is exceeded.
     */
    byte[] read(Path file, String shownAs, long maxBytes) throws IOException {
        long max = Math.min(Math.min(maxBytes, limits.maxFileBytes()), Integer.MAX_VALUE - 16L);
        try (SeekableByteChannel ch = Files.newByteChannel(file, Set.of(StandardOpenOption.READ,
                LinkOption.NOFOLLOW_LINKS))) {
            long size = ch.size();
            if (size > max) {
                fail(shownAs + " is larger than " + max + " bytes");
                return null;
            }
            if (bytes + size > limits.maxTotalBytes()) {
                fail("more than " + limits.maxTotalBytes() + " bytes to read in scope");
                return null;
            }
            ByteBuffer buf = ByteBuffer.allocate((int) size + 1);
            while (buf.hasRemaining()) {
                if (ch.read(buf) < 0) {
                    break;
                }
            }
            if (buf.position() > size) {
                fail(shownAs + " grew while being read");
                return null;
            }
            bytes += buf.position();
            byte[] out = new byte[buf.position()];
            buf.flip();
            buf.get(out);
            return out;
        }
    }
}
