package dev.assay.engine.authoring;

import dev.assay.engine.spi.FileContent;
import dev.assay.engine.spi.Limits;
import dev.assay.engine.spi.SkippedFile;
import dev.assay.engine.spi.Target;
import dev.assay.engine.spi.TargetEntry;
import dev.assay.engine.spi.TargetException;
import dev.assay.engine.spi.TargetOpener;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Test-only target loader for the engine's own tests (the real one lives in facts-extractors, which the engine cannot
 * depend on): a plain folder, regular files only, read as UTF-8.
 */
public final class TestFolderOpener implements TargetOpener {

    @Override
    public Target open(Path path, Limits limits) throws TargetException {
        if (!Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
            throw new TargetException(path + ": not a folder");
        }
        return new FolderTarget(path);
    }

    static final class FolderTarget implements Target {
        private final Path root;
        private final TreeSet<String> read = new TreeSet<>();
        private final TreeSet<SkippedFile> skipped = new TreeSet<>();

        FolderTarget(Path root) {
            this.root = root;
        }

        @Override
        public String displayPath() {
            return root.toString();
        }

        @Override
        public String kind() {
            return "directory";
        }

        @Override
        public boolean exists(String path) {
            return Files.exists(root.resolve(path), LinkOption.NOFOLLOW_LINKS);
        }

        @Override
        public boolean isDirectory(String path) {
            return Files.isDirectory(root.resolve(path), LinkOption.NOFOLLOW_LINKS);
        }

        @Override
        public List<TargetEntry> list(String directory) {
            return walk(directory, 1);
        }

        @Override
        public List<TargetEntry> walk(String directory, int maxDepth) {
            List<TargetEntry> out = new ArrayList<>();
            try (Stream<Path> s = Files.walk(root.resolve(directory), maxDepth)) {
                for (Path p : s.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)).toList()) {
                    out.add(new TargetEntry(root.relativize(p).toString().replace('\\', '/'), false, Files.size(p), mode(p)));
                }
            } catch (IOException e) {
                skip(directory, "cannot list: " + e.getMessage());
            }
            out.sort(null);
            return out;
        }

        @Override
        public Optional<FileContent> read(String path) {
            try {
                Path p = root.resolve(path);
                byte[] bytes = Files.readAllBytes(p);
                read.add(path);
                return Optional.of(new FileContent(path, bytes, mode(p), false, new String(bytes, StandardCharsets.UTF_8), "UTF-8"));
            } catch (IOException e) {
                skip(path, "cannot read: " + e.getMessage());
                return Optional.empty();
            }
        }

        private static int mode(Path p) throws IOException {
            Set<PosixFilePermission> perms = Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS);
            int mode = 0;
            PosixFilePermission[] order = PosixFilePermission.values();
            for (int i = 0; i < order.length; i++) {
                if (perms.contains(order[i])) {
                    mode |= 1 << (8 - i);
                }
            }
            return mode;
        }

        @Override
        public void skip(String path, String reason) {
            skipped.add(new SkippedFile(path, reason));
        }

        @Override
        public List<String> filesRead() {
            return List.copyOf(read);
        }

        @Override
        public List<SkippedFile> skipped() {
            return List.copyOf(skipped);
        }

        @Override
        public String digest() {
            return "sha256:test";
        }

        @Override
        public void close() {
        }
    }
}
