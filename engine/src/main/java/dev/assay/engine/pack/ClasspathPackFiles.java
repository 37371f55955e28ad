package dev.assay.engine.pack;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/**
 * The files of a shipped pack, read from the class path as the build index lists them. Its {@link #rulesHash()} is
 * either hashed from the files or, for {@link #withBuildHash}, the one the build computed and wrote into the index:
 * hashing reads every file, tests included (1.6 MB for skilltotal@1.3.0), on every start.
 */
final class ClasspathPackFiles implements PackFiles {

    private final ShippedPackIndex.Entry entry;
    private final ClassLoader loader;
    private final boolean buildHash;

    ClasspathPackFiles(ShippedPackIndex.Entry entry, ClassLoader loader) {
        this(entry, loader, false);
    }

    private ClasspathPackFiles(ShippedPackIndex.Entry entry, ClassLoader loader, boolean buildHash) {
        this.entry = entry;
        this.loader = loader;
        this.buildHash = buildHash;
    }

    /**
     * The files, answering {@link #rulesHash()} from the index. Only for a caller that checks the files it reads
     * against the build's {@link ShippedPackIndex.Entry#loadedCrc()}: the index must still describe them.
     */
    static ClasspathPackFiles withBuildHash(ShippedPackIndex.Entry entry, ClassLoader loader) {
        return new ClasspathPackFiles(entry, loader, true);
    }

    @Override
    public String rulesHash() throws IOException {
        return buildHash ? entry.rulesHash() : RulesHash.of(this);
    }

    @Override
    public String origin() {
        return "shipped " + entry.ref();
    }

    @Override
    public List<String> list() {
        return entry.files();
    }

    @Override
    public byte[] read(String path) throws IOException {
        if (!entry.files().contains(path)) {
            throw new IOException(path + ": not a file of " + entry.ref());
        }
        try (InputStream in = loader.getResourceAsStream(entry.root() + path)) {
            if (in == null) {
                throw new IOException(entry.root() + path + ": missing from the class path");
            }
            return in.readAllBytes();
        }
    }
}
