package dev.assay.engine.pack;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.CRC32;

/**
 * Pack files that remember a CRC-32 of each file read through them. The build records, in the shipped pack index,
 * this checksum over the files the pack loader reads (manifest, rules, DRL, data tables: everything the executable
 * model is generated from); at run time the same reads give the same value unless the class path holds other rules
 * than the build compiled. It detects a stale build, not tampering: whoever can change the jar can change the index.
 * CRC-32 runs natively even in a cold JVM, where SHA-256 over the same bytes would run interpreted.
 */
final class LoadedFilesCrc implements PackFiles {

    private final PackFiles files;
    /** Path → "length:crc" of each file read; a file read twice must read the same. Sorted for a canonical value. */
    private final Map<String, String> read = new TreeMap<>();
    private boolean changedWhileRead;

    LoadedFilesCrc(PackFiles files) {
        this.files = files;
    }

    @Override
    public String origin() {
        return files.origin();
    }

    @Override
    public List<String> list() {
        return files.list();
    }

    @Override
    public synchronized byte[] read(String path) throws IOException {
        byte[] bytes = files.read(path);
        CRC32 crc = new CRC32();
        crc.update(bytes);
        String value = bytes.length + ":" + Long.toHexString(crc.getValue());
        String before = read.put(path, value);
        changedWhileRead |= before != null && !before.equals(value);
        return bytes;
    }

    @Override
    public String rulesHash() throws IOException {
        return files.rulesHash();
    }

    /**
     * {@code crc32:<hex>} over the paths read, in sorted order, each with its length and CRC; empty when a file read
     * twice differed between the reads (never equal to a recorded value).
     */
    synchronized String value() {
        if (changedWhileRead) {
            return "";
        }
        CRC32 crc = new CRC32();
        read.forEach((path, v) -> crc.update((path + '\0' + v + '\0').getBytes(StandardCharsets.UTF_8)));
        return "crc32:" + String.format("%08x", crc.getValue()) + ":" + read.size();
    }
}
