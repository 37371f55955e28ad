package dev.assay.engine.authoring;

import dev.assay.engine.pack.PackFiles;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One fixture case of a pack: the folder {@code tests/cases/<name>/} with a {@code target/} to scan and, optionally,
 * {@code expect.yaml}. {@code expectations} joins the case's {@code ruleid}/{@code ok} lists and the inline
 * annotations of its target files. {@code modes} maps target-relative files to octal modes; {@code score},
 * {@code level} and {@code attestation} are null when the case does not state them. {@code lines} gives the
 * expect.yaml line of {@code score}, {@code level}, {@code attestation} and of each {@code modes} entry.
 *
 * <p>Git keeps no file modes, so {@link #materialise} copies the target with every file 0600 and every folder 0700
 * before applying {@code modes}. Git cannot hold a folder named {@code .git} either, so a fixture names it
 * {@code dot-git} and the copy restores the name.
 */
public record FixtureCase(String name, String folder, String expectFile, List<Expectation> expectations,
        Map<String, String> modes, BigDecimal score, String level, Boolean attestation, Map<String, Integer> lines,
        List<String> targetFiles) {

    public FixtureCase {
        expectations = List.copyOf(expectations);
        modes = java.util.Collections.unmodifiableMap(new TreeMap<>(modes));
        lines = java.util.Collections.unmodifiableMap(new TreeMap<>(lines));
        targetFiles = List.copyOf(targetFiles);
    }

    /** The case's target folder inside the pack, e.g. {@code tests/cases/mcp-home/target/}. */
    public String targetPrefix() {
        return folder + "/target/";
    }

    /** The expect.yaml line of a key ({@code score}, {@code level}, {@code attestation}, {@code modes:<file>}), else 0. */
    public int line(String key) {
        return lines.getOrDefault(key, 0);
    }

    /**
     * Writes the case's target into {@code into/<name>/}, files 0600 and folders 0700, then applies {@code modes}.
     * Only files of the pack are read, and nothing is written outside {@code into}.
     *
     * @return the folder to scan
     * @throws IOException when a file cannot be copied or a mode names a path outside the target
     */
    public Path materialise(PackFiles files, Path into) throws IOException {
        Path root = into.resolve(name).normalize();
        if (!root.startsWith(into.normalize()) || root.equals(into.normalize())) {
            throw new IOException(folder + ": case name does not make a folder of its own");
        }
        Files.createDirectories(root);
        restrict(root, true);
        for (String path : targetFiles) {
            Path dst = inside(root, restoreNames(path.substring(targetPrefix().length())));
            createFolders(root, dst.getParent());
            Files.write(dst, files.read(path));
            restrict(dst, false);
        }
        for (Map.Entry<String, String> m : modes.entrySet()) {
            Path p = inside(root, restoreNames(m.getKey()));
            if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
                throw new IOException(expectFile + ": modes names " + m.getKey() + ", which is not in " + targetPrefix());
            }
            setMode(p, Integer.parseInt(m.getValue(), 8));
        }
        return root;
    }

    /** The path inside the scanned copy: {@code dot-git} segments become {@code .git}. */
    static String restoreNames(String relative) {
        StringBuilder b = new StringBuilder();
        for (String seg : relative.split("/", -1)) {
            b.append(b.length() == 0 ? "" : "/").append(seg.equals("dot-git") ? ".git" : seg);
        }
        return b.toString();
    }

    private static Path inside(Path root, String relative) throws IOException {
        Path p = root.resolve(relative).normalize();
        if (!p.startsWith(root) || p.equals(root)) {
            throw new IOException(relative + ": not a path inside the case's target");
        }
        return p;
    }

    private static void createFolders(Path root, Path dir) throws IOException {
        if (dir.equals(root) || Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        createFolders(root, dir.getParent());
        Files.createDirectory(dir);
        restrict(dir, true);
    }

    private static void restrict(Path p, boolean folder) throws IOException {
        setMode(p, folder ? 0700 : 0600);
    }

    private static void setMode(Path p, int mode) throws IOException {
        PosixFileAttributeView view = Files.getFileAttributeView(p, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
        if (view == null) {
            return; // no POSIX modes on this file system: the mode-dependent rules cannot be exercised here
        }
        Set<PosixFilePermission> perms = EnumSet.noneOf(PosixFilePermission.class);
        PosixFilePermission[] order = {PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE,
            PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_WRITE,
            PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_WRITE,
            PosixFilePermission.OTHERS_EXECUTE};
        for (int i = 0; i < 9; i++) {
            if ((mode & (1 << (8 - i))) != 0) {
                perms.add(order[i]);
            }
        }
        view.setPermissions(perms);
    }
}
