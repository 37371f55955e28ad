package dev.assay.engine.pack;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/** The files of a shipped pack, read from the class path as the build index lists them. */
final class ClasspathPackFiles implements PackFiles {

    private final ShippedPackIndex.Entry entry;
    private final ClassLoader loader;

    ClasspathPackFiles(ShippedPackIndex.Entry entry, ClassLoader loader) {
        this.entry = entry;
        this.loader = loader;
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
