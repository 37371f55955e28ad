package dev.assay.engine.pack;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A pack in a folder. The folder is read only below itself: symbolic links, special files, more than
 * {@value #MAX_FILES} files or more than {@value #MAX_BYTES} bytes make the pack invalid, so a pack cannot make Assay
 * read anything outside it.
 */
public final class DirectoryPackFiles implements PackFiles {

    static final int MAX_FILES = 5_000;
    static final long MAX_BYTES = 64L << 20;
    private static final int MAX_DEPTH = 16;

    private final Path root;
    private final List<String> files;

    private DirectoryPackFiles(Path root, List<String> files) {
        this.root = root;
        this.files = files;
    }

    public static DirectoryPackFiles open(Path folder) throws PackException {
        Path root = folder.toAbsolutePath().normalize();
        if (!Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)) {
            throw new PackException(folder + ": not a pack folder (expected a directory holding pack.yaml)");
        }
        List<String> found = new ArrayList<>();
        long[] bytes = {0};
        try {
            collect(root, root, 0, found, bytes);
        } catch (IOException e) {
            throw new PackException(folder + ": cannot read pack folder: " + e.getMessage());
        }
        Collections.sort(found);
        return new DirectoryPackFiles(root, List.copyOf(found));
    }

    private static void collect(Path root, Path dir, int depth, List<String> out, long[] bytes)
            throws IOException, PackException {
        if (depth > MAX_DEPTH) {
            throw new PackException(root.relativize(dir) + ": pack folders nest deeper than " + MAX_DEPTH);
        }
        List<Path> children = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            ds.forEach(children::add);
        }
        Collections.sort(children);
        for (Path child : children) {
            String rel = root.relativize(child).toString().replace('\\', '/');
            if (rel.equals("target") || rel.startsWith("target/")) {
                continue; // build output of a pack kept in a Maven module is not pack content
            }
            if (Files.isSymbolicLink(child)) {
                throw new PackException(rel + ": packs must not contain symbolic links");
            }
            if (Files.isDirectory(child, LinkOption.NOFOLLOW_LINKS)) {
                collect(root, child, depth + 1, out, bytes);
            } else if (Files.isRegularFile(child, LinkOption.NOFOLLOW_LINKS)) {
                bytes[0] += Files.size(child);
                out.add(rel);
                if (out.size() > MAX_FILES || bytes[0] > MAX_BYTES) {
                    throw new PackException(root + ": pack larger than " + MAX_FILES + " files or " + MAX_BYTES + " bytes");
                }
            } else {
                throw new PackException(rel + ": packs hold regular files only");
            }
        }
    }

    @Override
    public String origin() {
        return root.toString();
    }

    @Override
    public List<String> list() {
        return files;
    }

    @Override
    public byte[] read(String path) throws IOException {
        if (!files.contains(path)) {
            throw new IOException(path + ": not a file of this pack");
        }
        return Files.readAllBytes(root.resolve(path));
    }
}
