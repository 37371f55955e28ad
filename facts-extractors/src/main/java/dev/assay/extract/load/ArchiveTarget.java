package dev.assay.extract.load;

import dev.assay.engine.spi.FileContent;
import dev.assay.engine.spi.Limits;
import dev.assay.engine.spi.TargetEntry;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * An archive expanded in memory when it was opened (see {@link ArchiveExpander}): every bound was applied then, and
 * what the expansion refused is already in {@link #skipped()}. Reads only decode what is held.
 */
final class ArchiveTarget extends RecordingTarget {

    private final Limits limits;
    private final MemoryTree tree;

    ArchiveTarget(String displayPath, String kind, Limits limits, MemoryTree tree, Ledger ledger) {
        super(displayPath, kind, ledger);
        this.limits = limits;
        this.tree = tree;
    }

    @Override
    public boolean exists(String path) {
        return node(path) != null || isRoot(path);
    }

    @Override
    public boolean isDirectory(String path) {
        if (isRoot(path)) {
            return true;
        }
        MemoryTree.Node node = node(path);
        return node != null && node.directory();
    }

    @Override
    public List<TargetEntry> list(String directory) {
        if (!isDirectory(directory)) {
            return List.of();
        }
        List<TargetEntry> result = new ArrayList<>();
        for (MemoryTree.Node node : tree.children(directory)) {
            result.add(entry(node));
        }
        return result;
    }

    @Override
    public List<TargetEntry> walk(String directory, int maxDepth) {
        if (!isDirectory(directory)) {
            return List.of();
        }
        // Entries deeper than the limit were refused (and recorded) at expansion, so nothing is cut here.
        int base = TargetPaths.depth(directory);
        int levels = Math.min(maxDepth, limits.maxDepth() - base);
        List<TargetEntry> result = new ArrayList<>();
        for (MemoryTree.Node node : tree.below(directory)) {
            if (!node.directory() && TargetPaths.depth(node.path()) - base <= levels) {
                result.add(entry(node));
            }
        }
        return result;
    }

    @Override
    public Optional<FileContent> read(String path) {
        checkOpen();
        String refusal = TargetPaths.refusal(path, limits.maxDepth());
        if (refusal != null) {
            ledger.skip(path, refusal);
            return Optional.empty();
        }
        Optional<FileContent> cached = ledger.cached(path);
        if (cached.isPresent()) {
            return cached;
        }
        MemoryTree.Node node = tree.get(path);
        if (node == null || node.directory()) {
            return Optional.empty();
        }
        return Optional.of(ledger.record(TextDecoder.decode(path, node.bytes(), node.mode())));
    }

    @Override
    protected void released() {
        tree.clear();
    }

    private boolean isRoot(String path) {
        return path != null && path.isEmpty();
    }

    private MemoryTree.Node node(String path) {
        checkOpen();
        if (path == null || path.isEmpty() || TargetPaths.refusal(path, limits.maxDepth()) != null) {
            return null;
        }
        return tree.get(path);
    }

    private static TargetEntry entry(MemoryTree.Node node) {
        return new TargetEntry(node.path(), node.directory(), node.directory() ? 0 : node.bytes().length, node.mode());
    }
}
