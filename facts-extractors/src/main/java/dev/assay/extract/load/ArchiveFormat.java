package dev.assay.extract.load;

import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Locale;

/**
 * Archive formats told apart by their first bytes. Content decides: a name's extension is only used to name a
 * zip that is a wheel, and to recognise an empty tar (all zeros carry no signature).
 */
enum ArchiveFormat {
    ZIP, TAR, TAR_GZ, NONE;

    /** One tar header block. */
    static final int HEAD_BYTES = 512;

    /** Bytes of the start of a file to look at: enough compressed input to yield a tar header block. */
    static final int SNIFF_BYTES = 64 * 1024;

    /** Kinds as a {@link dev.assay.engine.spi.Target} reports them. */
    String kind(String fileName) {
        return switch (this) {
            case ZIP -> lowerName(fileName).endsWith(".whl") ? "whl" : "zip";
            case TAR -> "tar";
            case TAR_GZ -> "tar.gz";
            case NONE -> "file";
        };
    }

    /** The format a file name claims by its extension, or NONE. */
    static ArchiveFormat claimedBy(String fileName) {
        String name = lowerName(fileName);
        if (name.endsWith(".zip") || name.endsWith(".whl")) {
            return ZIP;
        }
        if (name.endsWith(".tar")) {
            return TAR;
        }
        if (name.endsWith(".tar.gz") || name.endsWith(".tgz")) {
            return TAR_GZ;
        }
        return NONE;
    }

    /**
     * The format of content starting with {@code head} (up to {@link #SNIFF_BYTES} bytes of it). Gzip counts only when
     * its first decompressed block is a tar header: a compressed single file is not an archive.
     */
    static ArchiveFormat detect(byte[] head, int length, String fileName) {
        if (isZip(head, length)) {
            return ZIP;
        }
        if (isGzip(head, length)) {
            byte[] inner = gunzipHead(head, length);
            return inner != null && isTar(inner, inner.length, fileName, true) ? TAR_GZ : NONE;
        }
        return isTar(head, length, fileName, false) ? TAR : NONE;
    }

    /** Whether a gzip stream starts here (whatever it holds). */
    static boolean isGzip(byte[] head, int length) {
        return length >= 2 && (head[0] & 0xFF) == 0x1F && (head[1] & 0xFF) == 0x8B;
    }

    static boolean isZip(byte[] head, int length) {
        if (length < 4 || head[0] != 'P' || head[1] != 'K') {
            return false;
        }
        // Local file header, empty archive (end record only), or the spanning marker some writers put first.
        return (head[2] == 3 && head[3] == 4) || (head[2] == 5 && head[3] == 6) || (head[2] == 7 && head[3] == 8);
    }

    /**
     * A tar header block: its checksum field matches the sum of its bytes (computed both unsigned and signed, as old
     * writers differ). An all-zero block is an empty tar only when the name says tar.
     */
    static boolean isTar(byte[] head, int length, String fileName, boolean insideGzip) {
        if (length < HEAD_BYTES) {
            return false;
        }
        boolean allZero = true;
        long unsigned = 0;
        long signed = 0;
        for (int i = 0; i < HEAD_BYTES; i++) {
            int b = (i >= 148 && i < 156) ? ' ' : head[i];
            if (head[i] != 0) {
                allZero = false;
            }
            unsigned += b & 0xFF;
            signed += (byte) b;
        }
        if (allZero) {
            ArchiveFormat claimed = claimedBy(fileName);
            return insideGzip ? claimed == TAR_GZ : claimed == TAR;
        }
        long stored = parseOctal(head, 148, 8);
        return stored >= 0 && (stored == unsigned || stored == signed);
    }

    private static long parseOctal(byte[] b, int offset, int length) {
        int i = offset;
        int end = offset + length;
        while (i < end && (b[i] == ' ' || b[i] == 0)) {
            i++;
        }
        if (i == end) {
            return -1;
        }
        long value = 0;
        int digits = 0;
        for (; i < end && b[i] >= '0' && b[i] <= '7'; i++) {
            value = value * 8 + (b[i] - '0');
            digits++;
        }
        for (; i < end; i++) {
            if (b[i] != ' ' && b[i] != 0) {
                return -1;
            }
        }
        return digits == 0 ? -1 : value;
    }

    /**
     * The first block of a gzip stream's content (less when the sample ends first), or null when not even the gzip
     * header can be read.
     */
    private static byte[] gunzipHead(byte[] head, int length) {
        byte[] out = new byte[HEAD_BYTES];
        int size = 0;
        try (InputStream in = GzipCompressorInputStream.builder()
                .setInputStream(new ByteArrayInputStream(head, 0, length)).get()) {
            while (size < out.length) {
                int n = in.read(out, size, out.length - size);
                if (n < 0) {
                    break;
                }
                size += n;
            }
        } catch (IOException e) {
            // The sample is only the start of the stream: keep whatever it yielded.
            if (size == 0) {
                return null;
            }
        }
        return Arrays.copyOf(out, size);
    }

    private static String lowerName(String fileName) {
        return fileName == null ? "" : fileName.toLowerCase(Locale.ROOT);
    }
}
