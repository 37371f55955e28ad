package dev.assay.safetycard.search;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Lists the files one rg command searches, in the order {@code rg --sort path} visits them, never leaving the
 * repository: path arguments are repository-relative without {@code ..}, every component is checked not to be a
 * symbolic link, and folders are walked without following links. Filtering follows ripgrep 13: {@code -g} overrides
 * first, then ignore files ({@code .rgignore} over {@code .ignore} over {@code .gitignore} over
 * {@code .git/info/exclude}; the deepest folder with a matching rule wins; {@code .gitignore} only inside a git
 * repository and not above its top), then {@code -t}/{@code -T}, then hidden names. Paths named on the command line
 * are searched as they are.
 */
final class RepoWalker {
    static final long MAX_IGNORE_FILE_BYTES = 1L << 20;

    /** One file to search: the path rg prints, the repository-relative path, and whether it was named explicitly. */
    record Candidate(String display, String repoPath, Path file, boolean explicit) {
    }

    interface Sink {
        /** Receives a file; returns false to stop the walk. */
        boolean accept(Candidate c) throws IOException;
    }

    private final Path root;
    private final RgCommand cmd;
    private final IgnoreRules overrides;
    private final boolean overridesWhitelist;
    private final FileTypes.Selection types;
    private final Budget budget;
    private final List<String> errors;
    private final Map<String, DirRules> dirRules = new HashMap<>();

    private record DirRules(IgnoreRules rgignore, IgnoreRules ignore, IgnoreRules gitignore, IgnoreRules exclude,
            boolean hasGit) {
    }

    RepoWalker(Path root, RgCommand cmd, IgnoreRules overrides, FileTypes.Selection types, Budget budget,
            List<String> errors) {
        this.root = root;
        this.cmd = cmd;
        this.overrides = overrides;
        this.overridesWhitelist = overrides.hasIgnoreRule();
        this.types = types;
        this.budget = budget;
        this.errors = errors;
    }

    /** A path argument made repository-relative, or an error message. */
    record Resolved(String repoPath, String error) {
    }

    /** Checks and normalises a path argument as given on the command line or in a scope. */
    static Resolved normalise(String arg) {
        if (arg.isEmpty()) {
            return new Resolved(null, "an empty path was given");
        }
        if (arg.startsWith("/") || arg.startsWith("~")) {
            return new Resolved(null, "'" + arg + "' is not a repository-relative path");
        }
        if (arg.indexOf('\0') >= 0) {
            return new Resolved(null, "a path contains a NUL character");
        }
        StringBuilder norm = new StringBuilder();
        for (String part : arg.split("/")) {
            if (part.isEmpty() || part.equals(".")) {
                continue;
            }
            if (part.equals("..")) {
                return new Resolved(null, "'" + arg + "' contains '..'; paths must stay inside the repository");
            }
            if (norm.length() > 0) {
                norm.append('/');
            }
            norm.append(part);
        }
        return new Resolved(norm.toString(), null);
    }

    /**
     * Walks one path argument. {@code implicit} marks ripgrep's default "./" (paths are then printed without it).
     * Returns false when the sink or a limit stopped the walk.
     */
    boolean walk(String arg, boolean implicit, Sink sink) throws IOException {
        Resolved r = normalise(arg);
        if (r.error() != null) {
            errors.add(r.error());
            return true;
        }
        String repoPath = r.repoPath();
        Path p = root;
        if (!repoPath.isEmpty()) {
            for (String part : repoPath.split("/")) {
                p = p.resolve(part);
                BasicFileAttributes a;
                try {
                    a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                } catch (NoSuchFileException e) {
                    errors.add(arg + ": No such file or directory");
                    return true;
                }
                if (a.isSymbolicLink()) {
                    errors.add(arg + ": passes through a symbolic link, which is not followed");
                    return true;
                }
            }
        }
        BasicFileAttributes attrs = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (attrs.isRegularFile()) {
            if (!budget.countEntry()) {
                return false;
            }
            return sink.accept(new Candidate(arg, repoPath, p, true));
        }
        if (!attrs.isDirectory()) {
            errors.add(arg + ": not a regular file or folder");
            return true;
        }
        String displayBase = implicit ? "" : (arg.endsWith("/") ? arg : arg + "/");
        return walkDir(p, repoPath, displayBase, 1, repoPath, sink);
    }

    private boolean walkDir(Path dir, String repoPath, String displayBase, int depth, String walkRoot, Sink sink)
            throws IOException {
        if (depth > cmd.maxDepth()) {
            return true;
        }
        List<String> names = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir)) {
            for (Path child : stream) {
                if (!budget.countEntry()) {
                    return false;
                }
                names.add(child.getFileName().toString());
            }
        }
        names.sort(RepoWalker::compareNames);
        for (String name : names) {
            if (!budget.ok()) {
                return false;
            }
            Path child = dir.resolve(name);
            BasicFileAttributes a;
            try {
                a = Files.readAttributes(child, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            } catch (NoSuchFileException e) {
                continue;
            }
            if (a.isSymbolicLink() || (!a.isDirectory() && !a.isRegularFile())) {
                continue; // ripgrep does not follow links while walking, and searches only regular files
            }
            String childRepo = repoPath.isEmpty() ? name : repoPath + "/" + name;
            boolean isDir = a.isDirectory();
            if (skip(childRepo, name, isDir, walkRoot)) {
                continue;
            }
            if (isDir) {
                if (!walkDir(child, childRepo, displayBase + name + "/", depth + 1, walkRoot, sink)) {
                    return false;
                }
            } else if (!sink.accept(new Candidate(displayBase + name, childRepo, child, false))) {
                return false;
            }
        }
        return true;
    }

    /** Orders names by code point, which is the byte order of their UTF-8 encoding, as ripgrep sorts. */
    static int compareNames(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }

    private boolean skip(String repoPath, String name, boolean isDir, String walkRoot) throws IOException {
        if (!overrides.isEmpty()) {
            IgnoreMatch m = overrides.match(repoPath, isDir).invert();
            if (m == IgnoreMatch.NONE && overridesWhitelist && !isDir) {
                return true;
            }
            if (m != IgnoreMatch.NONE) {
                return m == IgnoreMatch.IGNORE;
            }
        }
        boolean whitelisted = false;
        IgnoreMatch ig = ignoreMatch(repoPath, isDir, walkRoot);
        if (ig == IgnoreMatch.IGNORE) {
            return true;
        }
        whitelisted = ig == IgnoreMatch.WHITELIST;
        if (!types.isEmpty()) {
            IgnoreMatch t = types.match(name, isDir);
            if (t == IgnoreMatch.IGNORE) {
                return true;
            }
            whitelisted |= t == IgnoreMatch.WHITELIST;
        }
        return !whitelisted && !cmd.hidden() && name.startsWith(".");
    }

    private IgnoreMatch ignoreMatch(String repoPath, boolean isDir, String walkRoot) throws IOException {
        boolean dot = !cmd.noIgnoreDot();
        boolean vcs = !cmd.noIgnoreVcs();
        boolean exclude = vcs && !cmd.noIgnoreExclude();
        if (!dot && !vcs) {
            return IgnoreMatch.NONE;
        }
        // Every folder up to the repository root counts for "inside a git repository"; with --no-ignore-parent
        // only the folders from the searched path down contribute rules.
        List<DirRules> rules = new ArrayList<>();
        boolean anyGit = false;
        String dir = parent(repoPath);
        while (dir != null) {
            DirRules r = rulesOf(dir);
            anyGit |= r.hasGit();
            if (!cmd.noIgnoreParent() || within(dir, walkRoot)) {
                rules.add(r);
            }
            dir = dir.isEmpty() ? null : parent(dir);
        }
        IgnoreMatch custom = IgnoreMatch.NONE;
        IgnoreMatch ignore = IgnoreMatch.NONE;
        IgnoreMatch git = IgnoreMatch.NONE;
        IgnoreMatch excl = IgnoreMatch.NONE;
        boolean sawGit = false;
        for (DirRules r : rules) {
            if (dot && custom == IgnoreMatch.NONE) {
                custom = r.rgignore().match(repoPath, isDir);
            }
            if (dot && ignore == IgnoreMatch.NONE) {
                ignore = r.ignore().match(repoPath, isDir);
            }
            if (vcs && anyGit && !sawGit && git == IgnoreMatch.NONE) {
                git = r.gitignore().match(repoPath, isDir);
            }
            if (exclude && anyGit && !sawGit && excl == IgnoreMatch.NONE) {
                excl = r.exclude().match(repoPath, isDir);
            }
            sawGit |= r.hasGit();
        }
        for (IgnoreMatch m : List.of(custom, ignore, git, excl)) {
            if (m != IgnoreMatch.NONE) {
                return m;
            }
        }
        return IgnoreMatch.NONE;
    }

    private static boolean within(String dir, String walkRoot) {
        return walkRoot.isEmpty() || dir.equals(walkRoot) || dir.startsWith(walkRoot + "/");
    }

    private static String parent(String repoPath) {
        if (repoPath.isEmpty()) {
            return null;
        }
        int slash = repoPath.lastIndexOf('/');
        return slash < 0 ? "" : repoPath.substring(0, slash);
    }

    private DirRules rulesOf(String dir) throws IOException {
        DirRules cached = dirRules.get(dir);
        if (cached != null) {
            return cached;
        }
        Path d = dir.isEmpty() ? root : root.resolve(dir);
        IgnoreRules rg = load(d.resolve(".rgignore"), dir, dir.isEmpty() ? ".rgignore" : dir + "/.rgignore");
        IgnoreRules ig = load(d.resolve(".ignore"), dir, dir.isEmpty() ? ".ignore" : dir + "/.ignore");
        IgnoreRules gi = load(d.resolve(".gitignore"), dir, dir.isEmpty() ? ".gitignore" : dir + "/.gitignore");
        Path git = d.resolve(".git");
        boolean hasGit = Files.exists(git, LinkOption.NOFOLLOW_LINKS);
        IgnoreRules ex = IgnoreRules.empty(dir);
        if (Files.isDirectory(git, LinkOption.NOFOLLOW_LINKS)) {
            Path info = git.resolve("info");
            if (Files.isDirectory(info, LinkOption.NOFOLLOW_LINKS)) {
                ex = load(info.resolve("exclude"), dir, (dir.isEmpty() ? "" : dir + "/") + ".git/info/exclude");
            }
        }
        DirRules r = new DirRules(rg, ig, gi, ex, hasGit);
        dirRules.put(dir, r);
        return r;
    }

    private IgnoreRules load(Path file, String dir, String shownAs) throws IOException {
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return IgnoreRules.empty(dir);
        }
        if (!a.isRegularFile()) {
            return IgnoreRules.empty(dir);
        }
        if (a.size() > MAX_IGNORE_FILE_BYTES) {
            budget.fail(shownAs + " is larger than " + MAX_IGNORE_FILE_BYTES + " bytes");
            return IgnoreRules.empty(dir);
        }
        byte[] bytes = budget.read(file, shownAs, MAX_IGNORE_FILE_BYTES);
        if (bytes == null) {
            return IgnoreRules.empty(dir);
        }
        List<String> problems = new ArrayList<>();
        IgnoreRules rules = IgnoreRules.parse(dir, new String(bytes, StandardCharsets.UTF_8), shownAs, problems);
        if (rules.isEmpty() && problems.isEmpty()) {
            return IgnoreRules.empty(dir);
        }
        return rules;
    }
}
