package dev.assay.engine;

import dev.assay.engine.spi.FileContent;
import dev.assay.engine.spi.SkippedFile;
import dev.assay.engine.spi.Target;
import dev.assay.engine.spi.TargetEntry;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A folder of an open target seen as a target of its own, so that a component found inside a scan (an installed skill)
 * is scanned with its own root. Every read goes through the enclosing target and its limits; skips are recorded there
 * under the full path; closing the view leaves the enclosing target open. Not thread-safe, like any target.
 */
final class SubTarget implements Target {

    private final Target outer;
    private final String root;
    private final String prefix;
    private final Map<String, byte[]> readDigests = new TreeMap<>();

    /** @param root a folder of {@code outer}, relative and '/'-separated, not empty */
    SubTarget(Target outer, String root) {
        if (root.isEmpty() || root.startsWith("/") || root.endsWith("/")) {
            throw new IllegalArgumentException("not a sub-folder path: '" + root + "'");
        }
        this.outer = outer;
        this.root = root;
        this.prefix = root + "/";
    }

    private String full(String path) {
        return path.isEmpty() ? root : prefix + path;
    }

    /** The path relative to this view, or null when it lies outside it. */
    private String local(String path) {
        if (path.equals(root)) {
            return "";
        }
        return path.startsWith(prefix) ? path.substring(prefix.length()) : null;
    }

    @Override
    public String displayPath() {
        return outer.displayPath() + "/" + root;
    }

    @Override
    public String kind() {
        return outer.kind();
    }

    @Override
    public boolean exists(String path) {
        return outer.exists(full(path));
    }

    @Override
    public boolean isDirectory(String path) {
        return outer.isDirectory(full(path));
    }

    @Override
    public List<TargetEntry> list(String directory) {
        return localEntries(outer.list(full(directory)));
    }

    @Override
    public List<TargetEntry> walk(String directory, int maxDepth) {
        return localEntries(outer.walk(full(directory), maxDepth));
    }

    private List<TargetEntry> localEntries(List<TargetEntry> entries) {
        List<TargetEntry> out = new ArrayList<>(entries.size());
        for (TargetEntry e : entries) {
            String p = local(e.path());
            if (p != null && !p.isEmpty()) {
                out.add(new TargetEntry(p, e.directory(), e.size(), e.mode()));
            }
        }
        return out;
    }

    @Override
    public Optional<FileContent> read(String path) {
        Optional<FileContent> c = outer.read(full(path));
        c.ifPresent(f -> readDigests.put(path, sha256(f.bytes())));
        return c.map(f -> new FileContent(path, f.bytes(), f.mode(), f.binary(), f.text(), f.encoding()));
    }

    @Override
    public void skip(String path, String reason) {
        outer.skip(full(path), reason);
    }

    @Override
    public List<String> filesRead() {
        return List.copyOf(readDigests.keySet());
    }

    @Override
    public List<SkippedFile> skipped() {
        List<SkippedFile> out = new ArrayList<>();
        for (SkippedFile s : outer.skipped()) {
            String p = local(s.file());
            if (p != null) {
                out.add(new SkippedFile(p, s.reason()));
            }
        }
        out.sort(null);
        return out;
    }

    /** {@code sha256:<hex>} over the sorted paths and content hashes of the files read through this view. */
    @Override
    public String digest() {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            for (Map.Entry<String, byte[]> e : readDigests.entrySet()) {
                md.update(e.getKey().getBytes(StandardCharsets.UTF_8));
                md.update((byte) 0);
                md.update(e.getValue());
            }
            return "sha256:" + HexFormat.of().formatHex(md.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JVM lacks SHA-256", e);
        }
    }

    private static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JVM lacks SHA-256", e);
        }
    }

    /** The enclosing target stays open; it belongs to the scan that made this view. */
    @Override
    public void close() {
    }
}
