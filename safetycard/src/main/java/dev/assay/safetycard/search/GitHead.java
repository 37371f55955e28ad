package dev.assay.safetycard.search;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Reads the commit a working tree has checked out from its git metadata files, without running git (a hostile
 * repository could carry configuration that makes git run programs). Follows {@code HEAD} through loose refs and
 * {@code packed-refs}, and a {@code .git} file's {@code gitdir:} (worktrees, submodules) with its
 * {@code commondir}. Reads only small regular files and never follows a symbolic link in the metadata.
 */
public final class GitHead {
    private static final int MAX_SMALL_FILE = 4096;
    private static final long MAX_PACKED_REFS = 64L << 20;
    private static final int MAX_SYMREF_DEPTH = 5;
    private static final Pattern HASH = Pattern.compile("[0-9a-f]{40}|[0-9a-f]{64}");

    /** The commit ({@code null} if unreadable) and, when unreadable, why. */
    public record Result(String commit, String problem) {
    }

    private GitHead() {
    }

    public static Result read(Path repo) {
        try {
            Path dotGit = repo.resolve(".git");
            BasicFileAttributes a;
            try {
                a = Files.readAttributes(dotGit, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            } catch (NoSuchFileException e) {
                return new Result(null, "the folder has no .git; it is not a git working tree");
            }
            Path gitDir;
            if (a.isDirectory()) {
                gitDir = dotGit;
            } else if (a.isRegularFile()) {
                String text = small(dotGit);
                if (text == null || !text.startsWith("gitdir:")) {
                    return new Result(null, ".git is a file without a 'gitdir:' line");
                }
                String target = text.substring("gitdir:".length()).strip();
                gitDir = repo.resolve(target).normalize();
                if (!Files.isDirectory(gitDir, LinkOption.NOFOLLOW_LINKS)) {
                    return new Result(null, ".git points to '" + target + "', which is not a folder");
                }
            } else {
                return new Result(null, ".git is neither a folder nor a file");
            }
            Path commonDir = gitDir;
            String common = small(gitDir.resolve("commondir"));
            if (common != null && !common.isBlank()) {
                commonDir = gitDir.resolve(common.strip()).normalize();
            }
            String head = small(gitDir.resolve("HEAD"));
            if (head == null) {
                return new Result(null, "cannot read .git/HEAD");
            }
            return resolve(head.strip(), gitDir, commonDir, 0);
        } catch (IOException e) {
            return new Result(null, "cannot read the git metadata (" + e.getClass().getSimpleName() + ")");
        }
    }

    private static Result resolve(String value, Path gitDir, Path commonDir, int depth) throws IOException {
        String v = value.strip();
        if (HASH.matcher(v.toLowerCase(Locale.ROOT)).matches()) {
            return new Result(v.toLowerCase(Locale.ROOT), null);
        }
        if (!v.startsWith("ref:")) {
            return new Result(null, "HEAD holds neither a commit nor a ref");
        }
        if (depth >= MAX_SYMREF_DEPTH) {
            return new Result(null, "symbolic refs nest deeper than " + MAX_SYMREF_DEPTH);
        }
        String ref = v.substring(4).strip();
        if (!validRef(ref)) {
            return new Result(null, "HEAD names an invalid ref '" + clip(ref) + "'");
        }
        for (Path base : new Path[] {gitDir, commonDir}) {
            String loose = small(base.resolve(ref));
            if (loose != null) {
                return resolve(loose, gitDir, commonDir, depth + 1);
            }
        }
        Path packed = commonDir.resolve("packed-refs");
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(packed, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return new Result(null, "the ref '" + ref + "' that HEAD names does not exist (no commits yet?)");
        }
        if (!a.isRegularFile() || a.size() > MAX_PACKED_REFS) {
            return new Result(null, "packed-refs is not a regular file of a reasonable size");
        }
        for (String line : Files.readAllLines(packed, StandardCharsets.UTF_8)) {
            if (line.startsWith("#") || line.startsWith("^")) {
                continue;
            }
            int space = line.indexOf(' ');
            if (space > 0 && line.substring(space + 1).strip().equals(ref)) {
                String hash = line.substring(0, space).toLowerCase(Locale.ROOT);
                if (HASH.matcher(hash).matches()) {
                    return new Result(hash, null);
                }
            }
        }
        return new Result(null, "the ref '" + ref + "' that HEAD names does not exist (no commits yet?)");
    }

    static boolean validRef(String ref) {
        if (!ref.startsWith("refs/") || ref.length() > 1024 || ref.endsWith("/") || ref.endsWith(".lock")) {
            return false;
        }
        for (String part : ref.split("/")) {
            if (part.isEmpty() || part.startsWith(".") || part.contains("..")) {
                return false;
            }
            for (char c : part.toCharArray()) {
                if (c < 0x20 || c == 0x7f || c == '\\' || c == ':' || c == '?' || c == '*' || c == '[' || c == '~'
                        || c == '^' || c == ' ') {
                    return false;
                }
            }
        }
        return true;
    }

    /** A small regular file's text, or {@code null} when absent, not regular, a link, or too large. */
    private static String small(Path file) throws IOException {
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return null;
        }
        if (!a.isRegularFile() || a.size() > MAX_SMALL_FILE) {
            return null;
        }
        return Files.readString(file, StandardCharsets.UTF_8);
    }

    private static String clip(String s) {
        return s.length() <= 80 ? s : s.substring(0, 77) + "...";
    }
}
