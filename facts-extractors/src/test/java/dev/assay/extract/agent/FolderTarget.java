package dev.assay.extract.agent;

import dev.assay.engine.spi.FileContent;
import dev.assay.engine.spi.Limits;
import dev.assay.engine.spi.SkippedFile;
import dev.assay.engine.spi.Target;
import dev.assay.engine.spi.TargetEntry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * A test-only {@link Target} over a folder or a single file on disk: enough of the contract for extractor tests
 * (sorted listings, lazy reads, size limit, binary detection, skips) and a log of every path it was asked about, so
 * tests can prove an extractor looked only where it should. Not the real loader.
 */
final class FolderTarget implements Target {

    private final Path root;
    private final boolean singleFile;
    private final Limits limits;
    private final String kind;
    private final TreeMap<String, byte[]> read = new TreeMap<>();
    private final TreeSet<SkippedFile> skipped = new TreeSet<>();
    final List<String> touched = new ArrayList<>();

    FolderTarget(Path root, Limits limits) {
        this(root, limits, Files.isDirectory(root) ? "directory" : "file");
    }

    /** {@code kind} lets a folder stand in for an unpacked archive. */
    FolderTarget(Path root, Limits limits, String kind) {
        this.root = root;
        this.singleFile = !Files.isDirectory(root);
        this.limits = limits;
        this.kind = kind;
    }

    @Override
    public String displayPath() {
        return root.toString();
    }

    @Override
    public String kind() {
        return kind;
    }

    private Optional<Path> resolve(String path) {
        if (singleFile) {
            if (path.isEmpty()) {
                return Optional.of(root.getParent());
            }
            return path.equals(root.getFileName().toString()) ? Optional.of(root) : Optional.empty();
        }
        if (path.startsWith("/") || path.contains("..")) {
            throw new AssertionError("extractor asked for an unsafe path: " + path);
        }
        return Optional.of(path.isEmpty() ? root : root.resolve(path));
    }

    private String relative(Path p) {
        return singleFile ? p.getFileName().toString() : root.relativize(p).toString().replace('\\', '/');
    }

    @Override
    public boolean exists(String path) {
        touched.add("exists " + path);
        return resolve(path).map(p -> Files.exists(p, LinkOption.NOFOLLOW_LINKS)).orElse(false);
    }

    @Override
    public boolean isDirectory(String path) {
        touched.add("isDirectory " + path);
        if (singleFile) {
            return path.isEmpty();
        }
        return resolve(path).map(p -> Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)).orElse(false);
    }

    @Override
    public List<TargetEntry> list(String directory) {
        touched.add("list " + directory);
        if (singleFile) {
            return directory.isEmpty() ? List.of(entry(root)) : List.of();
        }
        Path dir = resolve(directory).orElseThrow();
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        try (Stream<Path> children = Files.list(dir)) {
            return children.map(this::entry).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public List<TargetEntry> walk(String directory, int maxDepth) {
        touched.add("walk " + directory);
        if (singleFile) {
            return directory.isEmpty() ? List.of(entry(root)) : List.of();
        }
        Path dir = resolve(directory).orElseThrow();
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        try (Stream<Path> all = Files.walk(dir, Math.min(maxDepth, limits.maxDepth()))) {
            return all.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)).map(this::entry).sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private TargetEntry entry(Path p) {
        try {
            boolean dir = Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS);
            return new TargetEntry(relative(p), dir, dir ? 0 : Files.size(p), mode(p));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int mode(Path p) {
        try {
            Set<PosixFilePermission> perms = Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS);
            int mode = 0;
            for (PosixFilePermission perm : perms) {
                mode |= 1 << (8 - perm.ordinal());
            }
            return mode;
        } catch (UnsupportedOperationException | IOException e) {
            return -1;
        }
    }

    @Override
    public Optional<FileContent> read(String path) {
        touched.add("read " + path);
        Optional<Path> resolved = resolve(path);
        if (resolved.isEmpty() || !Files.isRegularFile(resolved.get(), LinkOption.NOFOLLOW_LINKS)) {
            skip(path, "not a regular file");
            return Optional.empty();
        }
        try {
            long size = Files.size(resolved.get());
            if (size > limits.maxFileBytes()) {
                skip(path, "larger than " + limits.maxFileBytes() + " bytes");
                return Optional.empty();
            }
            byte[] bytes = Files.readAllBytes(resolved.get());
            read.put(path, bytes);
            boolean binary = false;
            for (int i = 0; i < Math.min(bytes.length, 8000); i++) {
                if (bytes[i] == 0) {
                    binary = true;
                    break;
                }
            }
            String text = binary ? null : decode(bytes);
            return Optional.of(new FileContent(path, bytes, mode(resolved.get()), binary, text, binary ? null : "UTF-8"));
        } catch (IOException e) {
            skip(path, "unreadable");
            return Optional.empty();
        }
    }

    private static String decode(byte[] bytes) {
        int offset = bytes.length >= 3 && (bytes[0] & 0xff) == 0xEF && (bytes[1] & 0xff) == 0xBB
                && (bytes[2] & 0xff) == 0xBF ? 3 : 0;
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
                    .onUnmappableCharacter(CodingErrorAction.REPLACE)
                    .decode(ByteBuffer.wrap(bytes, offset, bytes.length - offset)).toString();
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void skip(String path, String reason) {
        skipped.add(new SkippedFile(path, reason));
    }

    @Override
    public List<String> filesRead() {
        return List.copyOf(read.keySet());
    }

    @Override
    public List<SkippedFile> skipped() {
        return List.copyOf(skipped);
    }

    @Override
    public String digest() {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            read.forEach((path, bytes) -> {
                sha.update(path.getBytes(StandardCharsets.UTF_8));
                sha.update((byte) 0);
                sha.update(bytes);
            });
            return "sha256:" + HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        // nothing held open
    }
}
