package dev.assay.extract.load;

import dev.assay.engine.spi.Limits;
import dev.assay.engine.spi.SkippedFile;
import dev.assay.engine.spi.Target;

import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;

/** Builds inert archive fixtures in memory for the loader tests. */
final class Fixtures {

    private Fixtures() {
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static Path write(Path dir, String name, byte[] bytes) {
        try {
            Path p = dir.resolve(name);
            Files.createDirectories(p.getParent());
            Files.write(p, bytes);
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Limits limits(long maxFileBytes, long maxTotalBytes, int maxFiles, int maxDepth, int ratio, int nesting) {
        return new Limits(maxFileBytes, maxTotalBytes, maxFiles, maxDepth, ratio, nesting, 64);
    }

    static SkippedFile skip(String file, String reason) {
        return new SkippedFile(file, reason);
    }

    static String text(Target target, String path) {
        return target.read(path).orElseThrow(() -> new AssertionError("not readable: " + path)).text();
    }

    /** One entry to put in an archive. */
    record Entry(String name, byte[] bytes, int unixMode, Kind kind, String linkTarget, boolean storeUncompressed) {

        enum Kind { FILE, DIRECTORY, SYMLINK, HARDLINK, FIFO, CHAR_DEVICE }

        static Entry file(String name, String text) {
            return new Entry(name, utf8(text), 0100644, Kind.FILE, null, false);
        }

        static Entry file(String name, byte[] bytes) {
            return new Entry(name, bytes, 0100644, Kind.FILE, null, false);
        }

        static Entry file(String name, String text, int permissions) {
            return new Entry(name, utf8(text), 0100000 | permissions, Kind.FILE, null, false);
        }

        static Entry dir(String name) {
            return new Entry(name, new byte[0], 040755, Kind.DIRECTORY, null, false);
        }

        static Entry symlink(String name, String target) {
            return new Entry(name, utf8(target), 0120777, Kind.SYMLINK, target, false);
        }

        static Entry hardlink(String name, String target) {
            return new Entry(name, new byte[0], 0100644, Kind.HARDLINK, target, false);
        }

        static Entry fifo(String name) {
            return new Entry(name, new byte[0], 010644, Kind.FIFO, null, false);
        }

        static Entry charDevice(String name) {
            return new Entry(name, new byte[0], 020644, Kind.CHAR_DEVICE, null, false);
        }

        Entry stored() {
            return new Entry(name, bytes, unixMode, kind, linkTarget, true);
        }
    }

    static byte[] zip(Entry... entries) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ZipArchiveOutputStream zip = new ZipArchiveOutputStream(out)) {
            for (Entry e : entries) {
                ZipArchiveEntry z = new ZipArchiveEntry(e.name());
                z.setUnixMode(e.unixMode());
                if (e.storeUncompressed()) {
                    z.setMethod(ZipArchiveEntry.STORED);
                    z.setSize(e.bytes().length);
                    CRC32 crc = new CRC32();
                    crc.update(e.bytes());
                    z.setCrc(crc.getValue());
                }
                zip.putArchiveEntry(z);
                zip.write(e.bytes());
                zip.closeArchiveEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    static byte[] tar(Entry... entries) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (TarArchiveOutputStream tar = new TarArchiveOutputStream(out)) {
            tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
            for (Entry e : entries) {
                TarArchiveEntry t = switch (e.kind()) {
                    case FILE, DIRECTORY -> new TarArchiveEntry(e.name(), true);
                    case SYMLINK -> new TarArchiveEntry(e.name(), TarArchiveEntry.LF_SYMLINK, true);
                    case HARDLINK -> new TarArchiveEntry(e.name(), TarArchiveEntry.LF_LINK, true);
                    case FIFO -> new TarArchiveEntry(e.name(), TarArchiveEntry.LF_FIFO, true);
                    case CHAR_DEVICE -> new TarArchiveEntry(e.name(), TarArchiveEntry.LF_CHR, true);
                };
                t.setMode(e.unixMode());
                if (e.linkTarget() != null) {
                    t.setLinkName(e.linkTarget());
                }
                boolean hasData = e.kind() == Entry.Kind.FILE;
                t.setSize(hasData ? e.bytes().length : 0);
                tar.putArchiveEntry(t);
                if (hasData) {
                    tar.write(e.bytes());
                }
                tar.closeArchiveEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    static byte[] gzip(byte[] bytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GzipCompressorOutputStream gz = new GzipCompressorOutputStream(out)) {
            gz.write(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    static byte[] tarGz(Entry... entries) {
        return gzip(tar(entries));
    }

    /**
     * A zip whose central directory lists several names for one deflated local entry: each entry alone is within
     * any ratio, together they expand the archive far beyond its size (overlapping-entry bomb).
     */
    static byte[] overlappingZip(byte[] content, List<String> names) {
        byte[] deflated = deflate(content);
        CRC32 crc = new CRC32();
        crc.update(content);
        byte[] localName = utf8(names.get(0));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        writeInt(out, 0x04034b50);
        writeShort(out, 20);
        writeShort(out, 0);
        writeShort(out, 8);
        writeShort(out, 0);
        writeShort(out, 0);
        writeInt(out, (int) crc.getValue());
        writeInt(out, deflated.length);
        writeInt(out, content.length);
        writeShort(out, localName.length);
        writeShort(out, 0);
        out.writeBytes(localName);
        out.writeBytes(deflated);
        int directoryStart = out.size();
        for (String name : names) {
            byte[] n = utf8(name);
            writeInt(out, 0x02014b50);
            writeShort(out, (3 << 8) | 20);
            writeShort(out, 20);
            writeShort(out, 0);
            writeShort(out, 8);
            writeShort(out, 0);
            writeShort(out, 0);
            writeInt(out, (int) crc.getValue());
            writeInt(out, deflated.length);
            writeInt(out, content.length);
            writeShort(out, n.length);
            writeShort(out, 0);
            writeShort(out, 0);
            writeShort(out, 0);
            writeShort(out, 0);
            writeInt(out, 0100644 << 16);
            writeInt(out, 0);
            out.writeBytes(n);
        }
        int directoryLength = out.size() - directoryStart;
        writeInt(out, 0x06054b50);
        writeShort(out, 0);
        writeShort(out, 0);
        writeShort(out, names.size());
        writeShort(out, names.size());
        writeInt(out, directoryLength);
        writeInt(out, directoryStart);
        writeShort(out, 0);
        return out.toByteArray();
    }

    /** Replaces every occurrence of an ASCII string by another of the same length, in place. */
    static void replaceAll(byte[] bytes, String from, String to) {
        byte[] f = utf8(from);
        byte[] r = utf8(to);
        if (f.length != r.length) {
            throw new IllegalArgumentException("lengths differ");
        }
        for (int i = 0; i + f.length <= bytes.length; i++) {
            if (java.util.Arrays.equals(bytes, i, i + f.length, f, 0, f.length)) {
                System.arraycopy(r, 0, bytes, i, r.length);
            }
        }
    }

    /** Overwrites the uncompressed size of every central directory record (a lying header). */
    static void setCentralDirectorySizes(byte[] zip, int size) {
        for (int i = 0; i + 46 <= zip.length; i++) {
            if (zip[i] == 'P' && zip[i + 1] == 'K' && zip[i + 2] == 1 && zip[i + 3] == 2) {
                zip[i + 24] = (byte) size;
                zip[i + 25] = (byte) (size >>> 8);
                zip[i + 26] = (byte) (size >>> 16);
                zip[i + 27] = (byte) (size >>> 24);
            }
        }
    }

    private static byte[] deflate(byte[] content) {
        java.util.zip.Deflater deflater = new java.util.zip.Deflater(java.util.zip.Deflater.BEST_COMPRESSION, true);
        deflater.setInput(content);
        deflater.finish();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[65536];
        while (!deflater.finished()) {
            int n = deflater.deflate(buffer);
            out.write(buffer, 0, n);
        }
        deflater.end();
        return out.toByteArray();
    }

    private static void writeShort(ByteArrayOutputStream out, int v) {
        out.write(v & 0xFF);
        out.write((v >>> 8) & 0xFF);
    }

    private static void writeInt(ByteArrayOutputStream out, int v) {
        writeShort(out, v & 0xFFFF);
        writeShort(out, (v >>> 16) & 0xFFFF);
    }

    static List<String> names(String prefix, int count) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            names.add(prefix + i);
        }
        return names;
    }
}
