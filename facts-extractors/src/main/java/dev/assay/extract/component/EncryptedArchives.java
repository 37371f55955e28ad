package dev.assay.extract.component;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Tells from an archive's headers whether it keeps its content encrypted: a zip with an entry whose encryption flag is
 * set, a 7z whose coders include AES, a RAR (4 or 5) with encrypted headers or an encrypted file. Works on the bytes
 * already read within the target's size limits; reads headers only, never extracts or decompresses, never follows an
 * offset outside the bytes given, and returns empty for anything it cannot read (a malformed archive never throws).
 * The answer is a short note naming what was found.
 */
final class EncryptedArchives {

    private static final byte[] SEVEN_ZIP = {'7', 'z', (byte) 0xBC, (byte) 0xAF, 0x27, 0x1C};
    private static final byte[] RAR4 = {'R', 'a', 'r', '!', 0x1A, 0x07, 0x00};
    private static final byte[] RAR5 = {'R', 'a', 'r', '!', 0x1A, 0x07, 0x01, 0x00};
    /** The 7z method id of AES-256 + SHA-256. */
    private static final byte[] SEVEN_ZIP_AES = {0x06, (byte) 0xF1, 0x07, 0x01};

    private final ScanSettings.Archives bounds;

    EncryptedArchives(ScanSettings.Archives bounds) {
        this.bounds = bounds;
    }

    /** A note when {@code bytes} are an archive that holds encrypted content, else empty. */
    Optional<String> inspect(byte[] bytes) {
        if (bytes == null || bytes.length < 8) {
            return Optional.empty();
        }
        try {
            if (startsWith(bytes, SEVEN_ZIP)) {
                return sevenZip(bytes);
            }
            if (startsWith(bytes, RAR5)) {
                return rar5(bytes);
            }
            if (startsWith(bytes, RAR4)) {
                return rar4(bytes);
            }
            if (u32(bytes, 0) == 0x04034b50L || u32(bytes, 0) == 0x06054b50L) {
                return zip(bytes);
            }
            return Optional.empty();
        } catch (IndexOutOfBoundsException | ArithmeticException e) {
            // A header that points past the bytes read, or a number too large to be real: not an archive we can read.
            return Optional.empty();
        }
    }

    // ---- zip: the central directory when there is one, else the local headers in order

    private Optional<String> zip(byte[] b) {
        int eocd = endOfCentralDirectory(b);
        if (eocd >= 0) {
            int count = u16(b, eocd + 10);
            long offset = u32(b, eocd + 16);
            int at = (int) Math.min(offset, Integer.MAX_VALUE);
            boolean read = false;
            for (int i = 0; i < Math.min(count, bounds.maxEntries()) && at + 46L <= b.length; i++) {
                if (u32(b, at) != 0x02014b50L) {
                    break;
                }
                read = true;
                int flags = u16(b, at + 8);
                int method = u16(b, at + 10);
                int nameLength = u16(b, at + 28);
                if ((flags & 0x1) != 0) {
                    return Optional.of(zipNote(b, at + 46, nameLength, method, flags));
                }
                at = Math.addExact(at, 46 + nameLength + u16(b, at + 30) + u16(b, at + 32));
            }
            if (read) {
                return Optional.empty();
            }
            // No central directory where the end record says (zip64, or a damaged or appended archive): walk the
            // local headers instead.
        }
        int at = 0;
        for (int i = 0; i < bounds.maxEntries() && at + 30 <= b.length && u32(b, at) == 0x04034b50L; i++) {
            int flags = u16(b, at + 6);
            int method = u16(b, at + 8);
            int nameLength = u16(b, at + 26);
            if ((flags & 0x1) != 0) {
                return Optional.of(zipNote(b, at + 30, nameLength, method, flags));
            }
            if ((flags & 0x8) != 0) {
                break; // sizes follow the data: the next header cannot be found without reading the data
            }
            long size = u32(b, at + 18);
            at = Math.toIntExact(at + 30L + nameLength + u16(b, at + 28) + size);
        }
        return Optional.empty();
    }

    /** The end-of-central-directory record, searched backwards over the largest comment a zip can have. */
    private static int endOfCentralDirectory(byte[] b) {
        int lowest = Math.max(0, b.length - 22 - 0xFFFF);
        for (int at = b.length - 22; at >= lowest; at--) {
            if (b[at] == 'P' && b[at + 1] == 'K' && b[at + 2] == 5 && b[at + 3] == 6) {
                return at;
            }
        }
        return -1;
    }

    private String zipNote(byte[] b, int nameAt, int nameLength, int method, int flags) {
        String how = method == 99 ? "AES" : (flags & 0x40) != 0 ? "strong encryption" : "ZipCrypto";
        String name = nameAt + nameLength <= b.length ? shown(b, nameAt, nameLength) : "";
        return "zip entry " + (name.isEmpty() ? "(unnamed)" : name) + " is encrypted (" + how + ")";
    }

    // ---- 7z: the coders named in the (plain part of the) header

    private Optional<String> sevenZip(byte[] b) {
        if (b.length < 32) {
            return Optional.empty();
        }
        long nextOffset = u64(b, 12);
        long nextSize = u64(b, 20);
        if (nextOffset < 0 || nextSize <= 0 || nextOffset > b.length || nextSize > b.length) {
            return Optional.empty();
        }
        int start = Math.toIntExact(32 + nextOffset);
        int end = Math.toIntExact(Math.min((long) b.length, start + Math.min(nextSize, bounds.maxHeaderBytes())));
        if (start >= end) {
            return Optional.empty();
        }
        // A coder record is a flags byte (low nibble: id size; 0x10 complex, 0x20 has properties) and the method id.
        for (int at = start + 1; at + SEVEN_ZIP_AES.length <= end; at++) {
            int flags = b[at - 1] & 0xFF;
            if ((flags & 0xCF) == SEVEN_ZIP_AES.length && matches(b, at, SEVEN_ZIP_AES)) {
                return Optional.of((b[start] == 0x17 ? "7z header" : "7z content") + " is encrypted (AES)");
            }
        }
        return Optional.empty();
    }

    // ---- RAR 4: marker, then blocks of (crc 2, type 1, flags 2, size 2[, added size 4])

    private Optional<String> rar4(byte[] b) {
        int at = RAR4.length;
        for (int i = 0; i < bounds.maxEntries() && at + 7 <= b.length; i++) {
            int type = b[at + 2] & 0xFF;
            int flags = u16(b, at + 3);
            int size = u16(b, at + 5);
            if (size < 7) {
                break;
            }
            if (type == 0x73 && (flags & 0x0080) != 0) {
                return Optional.of("RAR headers are encrypted");
            }
            if (type == 0x74 && (flags & 0x0004) != 0) {
                int nameLength = at + 28 <= b.length ? u16(b, at + 26) : 0;
                String name = at + 32 + nameLength <= b.length ? shown(b, at + 32, nameLength) : "";
                return Optional.of("RAR entry " + (name.isEmpty() ? "(unnamed)" : name) + " is encrypted");
            }
            long added = (flags & 0x8000) != 0 && at + 11 <= b.length ? u32(b, at + 7) : 0;
            at = Math.toIntExact(at + size + added);
        }
        return Optional.empty();
    }

    // ---- RAR 5: blocks of (crc 4, size vint, type vint, flags vint[, extra size][, data size]); extra records last

    private Optional<String> rar5(byte[] b) {
        int at = RAR5.length;
        for (int i = 0; i < bounds.maxEntries() && at + 4 < b.length; i++) {
            int[] pos = {at + 4};
            long headerSize = vint(b, pos);
            int headerStart = pos[0];
            long headerEnd = headerStart + headerSize;
            if (headerSize <= 0 || headerEnd > b.length) {
                break;
            }
            long type = vint(b, pos);
            long flags = vint(b, pos);
            long extraSize = (flags & 0x1) != 0 ? vint(b, pos) : 0;
            long dataSize = (flags & 0x2) != 0 ? vint(b, pos) : 0;
            if (type == 4) {
                return Optional.of("RAR headers are encrypted");
            }
            if ((type == 2 || type == 3) && extraSize > 0 && extraSize <= headerSize
                    && hasEncryptionRecord(b, Math.toIntExact(headerEnd - extraSize), Math.toIntExact(headerEnd))) {
                return Optional.of(type == 2 ? "RAR entry is encrypted" : "RAR service data is encrypted");
            }
            if (type == 5) {
                break; // end of archive
            }
            at = Math.toIntExact(Math.addExact(headerEnd, dataSize));
        }
        return Optional.empty();
    }

    /** Whether the extra area {@code [from, to)} of a RAR 5 header holds an encryption record (type 1). */
    private boolean hasEncryptionRecord(byte[] b, int from, int to) {
        int at = from;
        for (int i = 0; i < bounds.maxEntries() && at < to; i++) {
            int[] pos = {at};
            long size = vint(b, pos); // the size of the record's type and data
            long next = pos[0] + size;
            if (size <= 0 || next > to) {
                return false;
            }
            if (vint(b, pos) == 0x01) {
                return true;
            }
            at = Math.toIntExact(next);
        }
        return false;
    }

    /** RAR 5 variable-length integer: 7 bits a byte, low bits first; at most ten bytes. */
    private static long vint(byte[] b, int[] pos) {
        long value = 0;
        for (int shift = 0; shift < 70; shift += 7) {
            int v = b[pos[0]++] & 0xFF;
            value |= (long) (v & 0x7F) << shift;
            if ((v & 0x80) == 0) {
                if (value < 0) {
                    throw new ArithmeticException("vint out of range");
                }
                return value;
            }
        }
        throw new ArithmeticException("vint too long");
    }

    // ---- bytes

    private static boolean startsWith(byte[] b, byte[] prefix) {
        return b.length >= prefix.length && matches(b, 0, prefix);
    }

    private static boolean matches(byte[] b, int at, byte[] what) {
        for (int i = 0; i < what.length; i++) {
            if (b[at + i] != what[i]) {
                return false;
            }
        }
        return true;
    }

    private static int u16(byte[] b, int at) {
        return (b[at] & 0xFF) | (b[at + 1] & 0xFF) << 8;
    }

    private static long u32(byte[] b, int at) {
        return (u16(b, at) | (long) u16(b, at + 2) << 16) & 0xFFFFFFFFL;
    }

    private static long u64(byte[] b, int at) {
        return u32(b, at) | u32(b, at + 4) << 32;
    }

    /** An entry name as shown in a note: printable ASCII only, at most maxNameChars. */
    private String shown(byte[] b, int at, int length) {
        String raw = new String(b, at, Math.min(length, bounds.maxNameChars() * 4), StandardCharsets.UTF_8);
        StringBuilder out = new StringBuilder();
        raw.codePoints().limit(bounds.maxNameChars())
                .forEach(c -> out.appendCodePoint(c >= 0x20 && c < 0x7F ? c : '?'));
        return out.toString();
    }
}
