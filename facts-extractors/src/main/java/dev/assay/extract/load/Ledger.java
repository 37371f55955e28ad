package dev.assay.extract.load;

import dev.assay.engine.spi.FileContent;
import dev.assay.engine.spi.SkippedFile;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What one scan has read and skipped. Each file is read once: later reads are served from here, so every extractor
 * sees the same bytes and the digest covers exactly what was used.
 */
final class Ledger {

    private final TreeMap<String, FileContent> read = new TreeMap<>();
    private final TreeSet<SkippedFile> skipped = new TreeSet<>();
    private long bytesRead;
    private String frozenDigest;
    /** The digest of what has been read so far, until more is read (the scan asks for it, then closes). */
    private String digestSoFar;
    private List<String> frozenFiles;
    /**
     * The digest over the files recorded so far, fed as each is recorded while every file came after the last one in
     * path order (a scan reads its files in that order), so that the scan's end does not hash every file on one
     * thread; null once a file came out of order, and then the digest is computed over all of them as before.
     */
    private MessageDigest running = sha256();
    private String lastPath;

    /** A copy of content already read, so that a caller changing its array cannot change what others see. */
    Optional<FileContent> cached(String path) {
        FileContent c = read.get(path);
        return c == null ? Optional.empty() : Optional.of(copy(c));
    }

    boolean wasRead(String path) {
        return read.containsKey(path);
    }

    long bytesRead() {
        return bytesRead;
    }

    /** Keeps content as read and hands back a copy. */
    FileContent record(FileContent content) {
        if (frozenDigest != null) {
            throw new IllegalStateException("target is closed");
        }
        FileContent previous = read.putIfAbsent(content.path(), content);
        if (previous == null) {
            digestSoFar = null;
            bytesRead += content.bytes().length;
            if (running != null && (lastPath == null || content.path().compareTo(lastPath) > 0)) {
                feed(running, content.path(), content.bytes());
                lastPath = content.path();
            } else {
                running = null;
            }
            return copy(content);
        }
        return copy(previous);
    }

    void skip(String path, String reason) {
        skipped.add(new SkippedFile(path == null ? "" : TargetPaths.shown(path), TargetPaths.oneLine(reason)));
    }

    List<String> filesRead() {
        if (frozenFiles != null) {
            return frozenFiles;
        }
        return List.copyOf(read.keySet());
    }

    List<SkippedFile> skipped() {
        return List.copyOf(skipped);
    }

    /**
     * {@code sha256:<hex>} over the files read, in path order; each file contributes the 4-byte big-endian length of
     * its UTF-8 path, the path, the 8-byte big-endian length of its content and the content. With no file read it is
     * the hash of nothing.
     */
    String digest() {
        if (frozenDigest != null) {
            return frozenDigest;
        }
        if (digestSoFar == null) {
            digestSoFar = computeDigest();
        }
        return digestSoFar;
    }

    private String computeDigest() {
        if (running != null) {
            try {
                return "sha256:" + HexFormat.of().formatHex(((MessageDigest) running.clone()).digest());
            } catch (CloneNotSupportedException e) {
                running = null; // a provider that cannot copy a digest in progress: hash everything below
            }
        }
        return computeDigest(read);
    }

    /** The digest over these files, in their path order. */
    static String computeDigest(TreeMap<String, FileContent> files) {
        MessageDigest sha = sha256();
        for (Map.Entry<String, FileContent> e : files.entrySet()) {
            feed(sha, e.getKey(), e.getValue().bytes());
        }
        return "sha256:" + HexFormat.of().formatHex(sha.digest());
    }

    /** One file's part of the digest: its path's UTF-8 length (4 bytes) and bytes, its content's length (8) and bytes. */
    private static void feed(MessageDigest sha, String file, byte[] bytes) {
        ByteBuffer lengths = ByteBuffer.allocate(Long.BYTES);
        byte[] path = file.getBytes(StandardCharsets.UTF_8);
        lengths.putInt(path.length);
        sha.update(lengths.array(), 0, Integer.BYTES);
        sha.update(path);
        lengths.clear();
        lengths.putLong(bytes.length);
        sha.update(lengths.array(), 0, Long.BYTES);
        sha.update(bytes);
    }

    /** Freezes the digest and the list of files read, then lets go of the content. */
    void close() {
        if (frozenDigest == null) {
            frozenDigest = digest();
            frozenFiles = filesRead();
            read.clear();
            running = null;
        }
    }

    private static FileContent copy(FileContent c) {
        return new FileContent(c.path(), c.bytes().clone(), c.mode(), c.binary(), c.text(), c.encoding());
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            // Every Java platform is required to provide SHA-256.
            throw new IllegalStateException(e);
        }
    }

}
