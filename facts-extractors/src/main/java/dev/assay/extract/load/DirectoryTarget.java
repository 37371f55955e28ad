package dev.assay.extract.load;

import dev.assay.engine.spi.FileContent;
import dev.assay.engine.spi.Limits;
import dev.assay.engine.spi.TargetEntry;

import java.io.IOException;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A directory, or a single file, on disk, read lazily: nothing is listed or read until an extractor asks. No
 * symbolic link is followed, neither as the path asked for nor as any directory on the way to it; only regular
 * files are opened, so a FIFO or device can never block or feed the scan. Everything refused is recorded as skipped.
 */
final class DirectoryTarget extends RecordingTarget {

    private final Limits limits;
    private final Path root;
    private final DiskFiles disk;
    /** For a single-file target: the entry's name and the file it stands for; null for a directory target. */
    private final String soleName;
    private final Path soleFile;
    /** Distinct files listed, walked or read so far; bounded by {@link Limits#maxFiles()}. */
    private final TreeSet<String> indexed = new TreeSet<>();
    /**
     * Archives found in the directory, opened when first listed or named, into {@code name.zip!/}: their entries are
     * held here, expanded within the same bounds as the rest of the scan (the bytes and files of the directory count
     * against the archives' totals, and the archives' output against the directory's).
     */
    private final MemoryTree expanded = new MemoryTree();
    private final ArchiveExpander expander;
    /** Archive files tried so far, and whether they were opened. */
    private final TreeMap<String, Boolean> archives = new TreeMap<>();

    private DirectoryTarget(String displayPath, String kind, Limits limits, Path root, String soleName, Path soleFile) {
        super(displayPath, kind, new Ledger());
        this.limits = limits;
        this.root = root;
        this.disk = new DiskFiles(root);
        this.soleName = soleName;
        this.soleFile = soleFile;
        this.expander = new ArchiveExpander(limits, expanded, ledger, ledger::bytesRead, indexed::size);
    }

    /** A directory target; {@code realRoot} is the directory with any link the user named already resolved. */
    static DirectoryTarget directory(String displayPath, Limits limits, Path realRoot) {
        return new DirectoryTarget(displayPath, "directory", limits, realRoot, null, null);
    }

    /** A target holding one file, named {@code name}, whose content is at {@code realFile}. */
    static DirectoryTarget singleFile(String displayPath, Limits limits, String name, Path realFile) {
        return new DirectoryTarget(displayPath, "file", limits, realFile.getParent(), name, realFile);
    }

    @Override
    public boolean exists(String path) {
        DiskFiles.Stat stat = statOrSkip(path);
        return stat != null;
    }

    @Override
    public boolean isDirectory(String path) {
        DiskFiles.Stat stat = statOrSkip(path);
        return stat != null && stat.type() == DiskFiles.Type.DIRECTORY;
    }

    @Override
    public List<TargetEntry> list(String directory) {
        if (!isDirectory(directory)) {
            return List.of();
        }
        return listing(directory).entries();
    }

    @Override
    public List<TargetEntry> walk(String directory, int maxDepth) {
        if (!isDirectory(directory)) {
            return List.of();
        }
        int allowedByLimits = limits.maxDepth() - TargetPaths.depth(directory);
        int levels = Math.min(maxDepth, allowedByLimits);
        boolean cutByLimits = maxDepth > allowedByLimits;
        List<TargetEntry> files = new ArrayList<>();
        if (levels <= 0) {
            if (cutByLimits && maxDepth > 0) {
                ledger.skip(directory, "deeper than " + limits.maxDepth() + " levels; not walked");
            }
            return files;
        }
        record Pending(String path, int level) {
        }
        Deque<Pending> stack = new ArrayDeque<>();
        stack.push(new Pending(directory, 1));
        int directoriesVisited = 0;
        while (!stack.isEmpty()) {
            Pending dir = stack.pop();
            if (++directoriesVisited > limits.maxFiles()) {
                ledger.skip(dir.path(), "more than " + limits.maxFiles() + " directories walked; walk stopped");
                break;
            }
            Listing listing = listing(dir.path());
            List<TargetEntry> subdirectories = new ArrayList<>();
            for (TargetEntry entry : listing.entries()) {
                if (!entry.directory()) {
                    files.add(entry);
                } else if (dir.level() < levels) {
                    subdirectories.add(entry);
                } else if (cutByLimits) {
                    ledger.skip(entry.path(), "deeper than " + limits.maxDepth() + " levels; not walked");
                }
            }
            if (listing.fileLimitReached()) {
                break;
            }
            // Pushed in reverse so that directories are visited in name order: the file limit then cuts the
            // same files on every run.
            for (int i = subdirectories.size() - 1; i >= 0; i--) {
                stack.push(new Pending(subdirectories.get(i).path(), dir.level() + 1));
            }
        }
        files.sort(null);
        return files;
    }

    @Override
    public Optional<FileContent> read(String path) {
        ensureOpen();
        String refusal = TargetPaths.refusal(path, limits.maxDepth());
        if (refusal != null) {
            ledger.skip(path, refusal);
            return Optional.empty();
        }
        Optional<FileContent> cached = ledger.cached(path);
        if (cached.isPresent()) {
            return cached;
        }
        if (inArchive(path)) {
            MemoryTree.Node node = expanded.get(path);
            if (node == null || node.directory()) {
                return Optional.empty();
            }
            return Optional.of(ledger.record(TextDecoder.decode(path, node.bytes(), node.mode())));
        }
        Located located;
        try {
            located = locate(path);
        } catch (IOException e) {
            ledger.skip(path, DiskFiles.readFailure(e));
            return Optional.empty();
        }
        if (located == null || located.stat().type() == DiskFiles.Type.DIRECTORY) {
            return Optional.empty();
        }
        DiskFiles.Stat stat = located.stat();
        if (stat.type() != DiskFiles.Type.FILE) {
            ledger.skip(path, stat.notReadableReason());
            return Optional.empty();
        }
        if (stat.size() > limits.maxFileBytes()) {
            ledger.skip(path, tooLarge());
            return Optional.empty();
        }
        if (!admit(path)) {
            ledger.skip(path, fileLimit());
            return Optional.empty();
        }
        if (bytesUsed() + stat.size() > limits.maxTotalBytes()) {
            ledger.skip(path, byteLimit());
            return Optional.empty();
        }
        byte[] bytes;
        try {
            bytes = DiskFiles.readAtMost(located.file(), limits.maxFileBytes());
        } catch (IOException e) {
            ledger.skip(path, DiskFiles.readFailure(e));
            return Optional.empty();
        }
        // The file may have grown since it was measured: what was actually read decides.
        if (bytes.length > limits.maxFileBytes()) {
            ledger.skip(path, tooLarge());
            return Optional.empty();
        }
        if (bytesUsed() + bytes.length > limits.maxTotalBytes()) {
            ledger.skip(path, byteLimit());
            return Optional.empty();
        }
        return Optional.of(ledger.record(TextDecoder.decode(path, bytes, stat.mode())));
    }

    private void ensureOpen() {
        checkOpen();
    }

    /**
     * Bytes read plus bytes expanded out of archives. An archive entry that is read counts twice (expanded, then
     * read): conservative, and it keeps one simple rule for both.
     */
    private long bytesUsed() {
        return ledger.bytesRead() + expander.produced();
    }

    @Override
    protected void released() {
        expanded.clear();
    }

    /**
     * Whether a path lies inside an archive of the directory ({@code skill/payload.zip!/x}), opening that archive
     * the first time. A real directory whose name ends in '!' is not an archive's and stays on disk.
     */
    private boolean inArchive(String path) {
        if (soleName != null || path.indexOf('!') < 0) {
            return false;
        }
        String walked = "";
        for (String part : path.split("/")) {
            if (part.length() > 1 && part.endsWith(ArchiveExpander.NESTED_MARK)
                    && openArchive(TargetPaths.child(walked, part.substring(0, part.length() - 1)))) {
                return true;
            }
            walked = TargetPaths.child(walked, part);
        }
        return false;
    }

    /**
     * Opens an archive file of the directory into {@code path!} once; true when it was opened. Only files named
     * like an archive are tried (sniffing every file would read each twice); content then decides the format. The
     * archive stays a file of the target, so that its own headers (encryption) are still read.
     */
    private boolean openArchive(String path) {
        Boolean known = archives.get(path);
        if (known != null) {
            return known;
        }
        archives.put(path, false);
        if (ArchiveFormat.claimedBy(path.substring(path.lastIndexOf('/') + 1)) == ArchiveFormat.NONE) {
            return false;
        }
        Located file;
        Located clash;
        try {
            file = locate(path);
            clash = locate(path + ArchiveExpander.NESTED_MARK);
        } catch (IOException e) {
            return false;
        }
        if (file == null || file.stat().type() != DiskFiles.Type.FILE) {
            return false;
        }
        if (clash != null) {
            ledger.skip(path, "archive not opened: " + path + ArchiveExpander.NESTED_MARK + " exists in the directory");
            return false;
        }
        Optional<FileContent> content = read(path);
        if (content.isEmpty()) {
            return false;
        }
        ArchiveExpander.Outcome outcome = expander.openNested(path, content.get().bytes(), -1, 0);
        boolean opened = outcome != null && !outcome.unopenable();
        archives.put(path, opened);
        return opened;
    }

    private String tooLarge() {
        return "larger than " + limits.maxFileBytes() + " bytes";
    }

    private String fileLimit() {
        return "file limit of " + limits.maxFiles() + " reached";
    }

    private String byteLimit() {
        return "scan byte limit of " + limits.maxTotalBytes() + " reached";
    }

    /** Counts a file against the scan's file limit; false when the limit is reached. */
    private boolean admit(String path) {
        if (indexed.contains(path)) {
            return true;
        }
        if (indexed.size() >= limits.maxFiles()) {
            return false;
        }
        indexed.add(path);
        return true;
    }

    private record Located(Path file, DiskFiles.Stat stat) {
    }

    /**
     * The usable file or directory at a path, or null. Links and special files met on the way are recorded as
     * skipped; a missing path is not (extractors probe for files that usually are not there).
     */
    private DiskFiles.Stat statOrSkip(String path) {
        ensureOpen();
        if (TargetPaths.refusal(path, limits.maxDepth()) != null) {
            return null;
        }
        if (inArchive(path)) {
            MemoryTree.Node node = expanded.get(path);
            if (node == null) {
                return null;
            }
            return node.directory() ? new DiskFiles.Stat(DiskFiles.Type.DIRECTORY, 0, node.mode())
                    : new DiskFiles.Stat(DiskFiles.Type.FILE, node.bytes().length, node.mode());
        }
        Located located;
        try {
            located = locate(path);
        } catch (IOException e) {
            ledger.skip(path, DiskFiles.readFailure(e));
            return null;
        }
        if (located == null) {
            return null;
        }
        DiskFiles.Type type = located.stat().type();
        if (type != DiskFiles.Type.FILE && type != DiskFiles.Type.DIRECTORY) {
            ledger.skip(path, located.stat().notReadableReason());
            return null;
        }
        return located.stat();
    }

    /**
     * Finds a canonical path without following links: every directory on the way must be a real directory. Returns
     * the last component's attributes as they are (a link or FIFO included), or null when nothing is there.
     */
    private Located locate(String path) throws IOException {
        if (soleName != null) {
            if (path.isEmpty()) {
                return new Located(root, new DiskFiles.Stat(DiskFiles.Type.DIRECTORY, 0, -1));
            }
            if (!path.equals(soleName)) {
                return null;
            }
            DiskFiles.Stat stat = disk.lstat(soleFile);
            return stat == null ? null : new Located(soleFile, stat);
        }
        if (path.isEmpty()) {
            DiskFiles.Stat stat = disk.lstat(root);
            return stat == null ? null : new Located(root, stat);
        }
        Path current = root;
        String walked = "";
        String[] parts = path.split("/");
        for (int i = 0; i < parts.length; i++) {
            try {
                current = current.resolve(parts[i]);
            } catch (InvalidPathException e) {
                return null;
            }
            walked = TargetPaths.child(walked, parts[i]);
            DiskFiles.Stat stat = disk.lstat(current);
            if (stat == null) {
                return null;
            }
            if (i == parts.length - 1) {
                return new Located(current, stat);
            }
            if (stat.type() == DiskFiles.Type.SYMLINK) {
                ledger.skip(walked, stat.notReadableReason());
                return null;
            }
            if (stat.type() != DiskFiles.Type.DIRECTORY) {
                return null;
            }
        }
        return null;
    }

    private record Listing(List<TargetEntry> entries, boolean fileLimitReached) {
    }

    /** The usable entries of a directory known to exist, sorted; what is refused is recorded as skipped. */
    private Listing listing(String directory) {
        if (soleName != null) {
            DiskFiles.Stat stat = statOrSkip(soleName);
            if (stat == null) {
                return new Listing(List.of(), false);
            }
            admit(soleName);
            return new Listing(List.of(new TargetEntry(soleName, false, stat.size(), stat.mode())), false);
        }
        if (TargetPaths.depth(directory) >= limits.maxDepth()) {
            ledger.skip(directory, "deeper than " + limits.maxDepth() + " levels; not listed");
            return new Listing(List.of(), false);
        }
        if (inArchive(directory)) {
            return archiveListing(directory);
        }
        Path dir = directory.isEmpty() ? root : root.resolve(directory);
        TreeSet<String> names = names(dir, directory);
        List<TargetEntry> entries = new ArrayList<>(names.size());
        boolean fileLimitReached = false;
        for (String name : names) {
            String path = TargetPaths.child(directory, name);
            if (name.indexOf('\\') >= 0) {
                ledger.skip(path, "file name with a backslash not listed");
                continue;
            }
            DiskFiles.Stat stat;
            try {
                stat = disk.lstat(dir.resolve(name));
            } catch (IOException | InvalidPathException e) {
                ledger.skip(path, e instanceof IOException io ? DiskFiles.readFailure(io) : "unreadable file name");
                continue;
            }
            if (stat == null) {
                ledger.skip(path, "unreadable file name or vanished while scanning");
                continue;
            }
            switch (stat.type()) {
                case DIRECTORY -> entries.add(new TargetEntry(path, true, 0, stat.mode()));
                case FILE -> {
                    if (admit(path)) {
                        entries.add(new TargetEntry(path, false, stat.size(), stat.mode()));
                        // An archive's entries sit beside it, in path!: '!' sorts before any other name character.
                        if (openArchive(path)) {
                            entries.add(new TargetEntry(path + ArchiveExpander.NESTED_MARK, true, 0, -1));
                        }
                    } else {
                        fileLimitReached = true;
                    }
                }
                default -> ledger.skip(path, stat.notReadableReason());
            }
        }
        if (fileLimitReached) {
            ledger.skip(directory, fileLimit() + "; later files not indexed");
        }
        entries.sort(null);
        return new Listing(entries, fileLimitReached);
    }

    /** The entries of a directory inside an archive; files count against the scan's file limit like files on disk. */
    private Listing archiveListing(String directory) {
        List<TargetEntry> entries = new ArrayList<>();
        for (MemoryTree.Node node : expanded.children(directory)) {
            if (node.directory()) {
                entries.add(new TargetEntry(node.path(), true, 0, node.mode()));
            } else if (admit(node.path())) {
                entries.add(new TargetEntry(node.path(), false, node.bytes().length, node.mode()));
            } else {
                ledger.skip(directory, fileLimit() + "; later files not indexed");
                return new Listing(entries, true);
            }
        }
        return new Listing(entries, false);
    }

    /**
     * The names in a directory, at most {@code maxFiles} of them: the first by name, so that the cut does not
     * depend on the order the file system returns them in.
     */
    private TreeSet<String> names(Path dir, String directory) {
        TreeSet<String> names = new TreeSet<>();
        long total = 0;
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir)) {
            for (Path p : stream) {
                total++;
                names.add(p.getFileName().toString());
                if (names.size() > limits.maxFiles()) {
                    names.pollLast();
                }
            }
        } catch (IOException e) {
            ledger.skip(directory, DiskFiles.readFailure(e));
            return new TreeSet<>();
        } catch (DirectoryIteratorException e) {
            ledger.skip(directory, DiskFiles.readFailure(e.getCause()));
            return new TreeSet<>();
        }
        if (total > limits.maxFiles()) {
            ledger.skip(directory, "holds " + total + " entries; only the first " + limits.maxFiles()
                    + " by name listed");
        }
        return names;
    }
}
