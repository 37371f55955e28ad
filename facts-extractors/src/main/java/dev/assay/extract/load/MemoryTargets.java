package dev.assay.extract.load;

import dev.assay.engine.spi.Limits;
import dev.assay.engine.spi.Target;
import dev.assay.engine.spi.TargetException;
import dev.assay.engine.spi.TargetSource;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Opens targets that are not local paths ({@link TargetSource}): an archive held as bytes is expanded by the same
 * {@link ArchiveExpander} as an archive file, so its report is the one the file gives; a file tree given as streams is
 * read into memory within the same bounds as a folder on disk (names refused by the same path rules, at most
 * {@code maxFiles} files, {@code maxFileBytes} each, {@code maxTotalBytes} in all) and served like an expanded archive.
 * Unlike a folder on disk, whose files are read when an extractor asks, a tree's files are read when it is opened.
 */
final class MemoryTargets {

    private MemoryTargets() {
    }

    static Target open(TargetSource source, Limits limits) throws TargetException {
        if (source instanceof TargetSource.Archive a) {
            return archive(a, limits);
        }
        return tree((TargetSource.Tree) source, limits);
    }

    private static Target archive(TargetSource.Archive source, Limits limits) throws TargetException {
        String display = source.displayPath();
        String name = source.fileName().replace('\\', '_');
        byte[] bytes = source.bytes();
        ArchiveFormat format = ArchiveFormat.detect(bytes, Math.min(bytes.length, ArchiveFormat.SNIFF_BYTES), name);
        if (format == ArchiveFormat.NONE) {
            ArchiveFormat claimed = ArchiveFormat.claimedBy(name);
            if (claimed != ArchiveFormat.NONE) {
                throw new TargetException("not a valid " + claimed.kind(name) + " archive: " + display);
            }
            return singleFile(display, name, bytes, limits, null);
        }
        if (limits.maxArchiveNesting() == 0) {
            return singleFile(display, name, bytes, limits, "archive not opened (maxArchiveNesting is 0)");
        }
        String kind = format.kind(name);
        MemoryTree tree = new MemoryTree();
        Ledger ledger = new Ledger();
        ArchiveExpander.Outcome outcome =
                new ArchiveExpander(limits, tree, ledger).expand(ArchiveExpander.bytes(bytes), format, "", 1);
        if (outcome.unopenable()) {
            throw new TargetException("cannot open " + kind + " archive " + display + ": " + outcome.problem());
        }
        return new ArchiveTarget(display, kind, limits, tree, ledger);
    }

    /** One file, as a file on disk that is no archive (or is not to be opened) is scanned. */
    private static Target singleFile(String display, String name, byte[] bytes, Limits limits, String note) {
        MemoryTree tree = new MemoryTree();
        Ledger ledger = new Ledger();
        if (bytes.length > limits.maxFileBytes()) {
            ledger.skip(name, tooLarge(limits));
        } else {
            tree.putFile(name, bytes, -1);
        }
        if (note != null) {
            ledger.skip(name, note);
        }
        return new ArchiveTarget(display, "file", limits, tree, ledger);
    }

    private static Target tree(TargetSource.Tree source, Limits limits) {
        MemoryTree tree = new MemoryTree();
        Ledger ledger = new Ledger();
        List<TargetSource.TreeFile> files = new ArrayList<>(source.files());
        // Path order, so that the file and byte limits cut the same files on every run, as for a folder on disk.
        files.sort(Comparator.comparing(TargetSource.TreeFile::path));
        long total = 0;
        int kept = 0;
        for (TargetSource.TreeFile file : files) {
            String path = file.path();
            String refusal = path.indexOf('\\') >= 0 ? "file name with a backslash not listed"
                    : TargetPaths.refusal(path, limits.maxDepth());
            if (refusal == null) {
                refusal = tree.fileRefusal(path);
            }
            if (refusal != null) {
                ledger.skip(path, refusal);
                continue;
            }
            if (kept >= limits.maxFiles()) {
                ledger.skip(path, "file limit of " + limits.maxFiles() + " reached");
                continue;
            }
            if (file.size() > limits.maxFileBytes()) {
                ledger.skip(path, tooLarge(limits));
                continue;
            }
            if (total + file.size() > limits.maxTotalBytes()) {
                ledger.skip(path, byteLimit(limits));
                continue;
            }
            byte[] bytes;
            try (InputStream in = file.content().open()) {
                bytes = Bounded.readAtMost(in, limits.maxFileBytes());
            } catch (IOException | RuntimeException e) {
                ledger.skip(path, "unreadable: " + TargetPaths.oneLine(
                        e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
                continue;
            }
            // The stated size may be wrong: what was actually read decides.
            if (bytes.length > limits.maxFileBytes()) {
                ledger.skip(path, tooLarge(limits));
                continue;
            }
            if (total + bytes.length > limits.maxTotalBytes()) {
                ledger.skip(path, byteLimit(limits));
                continue;
            }
            total += bytes.length;
            kept++;
            tree.putFile(path, bytes, file.mode());
        }
        return new ArchiveTarget(source.displayPath(), "directory", limits, tree, ledger);
    }

    private static String tooLarge(Limits limits) {
        return "larger than " + limits.maxFileBytes() + " bytes";
    }

    private static String byteLimit(Limits limits) {
        return "scan byte limit of " + limits.maxTotalBytes() + " reached";
    }
}
