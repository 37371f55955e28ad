package dev.assay.extract.component;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.fact.FileTag;
import dev.assay.engine.spi.Limits;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Encrypted archives shipped inside a component are told from their headers (FileTag encrypted-archive); plain
 * archives, other files and malformed headers stay quiet. Every archive is built here, byte by byte.
 */
class EncryptedArchivesTest {

    private final EncryptedArchives archives = new EncryptedArchives(ScanSettings.bundled().archives());

    @TempDir
    Path dir;

    // ---- zip

    @Test
    void aPlainZipIsQuiet() throws IOException {
        assertEquals(Optional.empty(), archives.inspect(plainZip()));
    }

    @Test
    void aZipEntryWithTheEncryptionFlagIsFound() throws IOException {
        byte[] zip = encryptedZip(plainZip(), 0);
        assertEquals(Optional.of("zip entry payload.bin is encrypted (ZipCrypto)"), archives.inspect(zip));
    }

    @Test
    void aWinZipAesEntryIsNamedAsAes() throws IOException {
        assertEquals(Optional.of("zip entry payload.bin is encrypted (AES)"), archives.inspect(encryptedZip(plainZip(), 99)));
    }

    @Test
    void withoutACentralDirectoryTheLocalHeadersAreRead() throws IOException {
        byte[] zip = encryptedZip(plainZip(), 0);
        byte[] localOnly = Arrays.copyOf(zip, centralDirectoryOffset(zip));
        assertEquals(Optional.of("zip entry payload.bin is encrypted (ZipCrypto)"), archives.inspect(localOnly));
        assertEquals(Optional.empty(), archives.inspect(Arrays.copyOf(plainZip(), centralDirectoryOffset(plainZip()))));
    }

    @Test
    void onlyTheCentralDirectoryFlagCountsWhenThereIsOne() throws IOException {
        byte[] zip = plainZip();
        int central = centralDirectoryOffset(zip);
        // The local header says encrypted but the central directory, which unzip trusts, does not.
        zip[6] |= 1;
        assertEquals(Optional.empty(), archives.inspect(zip));
        zip[central + 8] |= 1;
        assertTrue(archives.inspect(zip).isPresent());
    }

    @Test
    void hostileEntryNamesAreShownAsPrintableAsciiAndBounded() throws IOException {
        String name = "evil\u202e\n" + "x".repeat(300);
        byte[] zip = encryptedZip(zipOf(name, "data"), 0);
        String note = archives.inspect(zip).orElseThrow();
        assertTrue(note.startsWith("zip entry evil??xxx"), note);
        assertTrue(note.length() < 140, note);
    }

    // ---- 7z

    @Test
    void a7zWhoseHeaderNamesTheAesCoderIsFound() {
        assertEquals(Optional.of("7z header is encrypted (AES)"), archives.inspect(sevenZip(true)));
    }

    @Test
    void a7zWithOnlyLzmaIsQuiet() {
        assertEquals(Optional.empty(), archives.inspect(sevenZip(false)));
    }

    @Test
    void a7zWhoseHeaderLiesOutsideTheBytesIsQuiet() {
        byte[] b = sevenZip(true);
        putLong(b, 12, 1L << 40);
        assertEquals(Optional.empty(), archives.inspect(b));
        putLong(b, 12, 0);
        putLong(b, 20, -5);
        assertEquals(Optional.empty(), archives.inspect(b));
    }

    // ---- RAR

    @Test
    void aRar4FileWithThePasswordFlagIsFound() {
        assertEquals(Optional.of("RAR entry setup.exe is encrypted"), archives.inspect(rar4(0x0004, 0)));
    }

    @Test
    void aRar4WithEncryptedHeadersIsFound() {
        assertEquals(Optional.of("RAR headers are encrypted"), archives.inspect(rar4(0, 0x0080)));
    }

    @Test
    void aPlainRar4IsQuiet() {
        assertEquals(Optional.empty(), archives.inspect(rar4(0, 0)));
    }

    @Test
    void aRar5WithAnEncryptionHeaderIsFound() {
        assertEquals(Optional.of("RAR headers are encrypted"), archives.inspect(rar5(Rar5.HEADERS_ENCRYPTED)));
    }

    @Test
    void aRar5FileWithAnEncryptionRecordIsFound() {
        assertEquals(Optional.of("RAR entry is encrypted"), archives.inspect(rar5(Rar5.FILE_ENCRYPTED)));
    }

    @Test
    void aPlainRar5IsQuiet() {
        assertEquals(Optional.empty(), archives.inspect(rar5(Rar5.PLAIN)));
    }

    // ---- malformed input and other files

    @Test
    void textAndShortFilesAreQuiet() {
        assertEquals(Optional.empty(), archives.inspect(null));
        assertEquals(Optional.empty(), archives.inspect(new byte[] {'P', 'K', 3, 4}));
        assertEquals(Optional.empty(), archives.inspect("PK\u0003\u0004 is how a zip starts".getBytes(StandardCharsets.UTF_8)));
    }

    @Provide
    Arbitrary<byte[]> hostileArchives() throws IOException {
        List<byte[]> seeds = List.of(encryptedZip(plainZip(), 0), plainZip(), sevenZip(true), rar4(0x0004, 0),
                rar5(Rar5.FILE_ENCRYPTED), rar5(Rar5.PLAIN));
        return Arbitraries.of(seeds).flatMap(seed -> Arbitraries.integers().between(0, seed.length).flatMap(cut ->
                Arbitraries.bytes().array(byte[].class).ofMaxSize(64).flatMap(noise ->
                        Arbitraries.integers().between(0, seed.length).map(at -> mutate(seed, cut, noise, at)))));
    }

    /** Truncated, overwritten and extended headers never throw and never read outside the bytes. */
    @Property(tries = 400)
    void malformedArchivesNeverThrow(@ForAll("hostileArchives") byte[] bytes) {
        archives.inspect(bytes);
    }

    private static byte[] mutate(byte[] seed, int cut, byte[] noise, int at) {
        byte[] b = Arrays.copyOf(seed, Math.max(cut, Math.min(seed.length, at + noise.length)));
        for (int i = 0; i < noise.length && at + i < b.length; i++) {
            b[at + i] = noise[i];
        }
        return b;
    }

    // ---- through the extractor

    @Test
    void theExtractorTagsAnEncryptedArchiveAndNotAPlainOne() throws IOException {
        Scan.write(dir, "SKILL.md", "---\nname: demo\ndescription: demo\n---\n# Demo\n".getBytes(StandardCharsets.UTF_8));
        Scan.write(dir, "vendor/engine.zip", encryptedZip(plainZip(), 0));
        Scan.write(dir, "vendor/renamed.dat", rar4(0x0004, 0));
        Scan.write(dir, "assets/templates.zip", plainZip());
        Scan scan = Scan.of(dir, Limits.defaults());
        List<String> tagged = scan.all(FileTag.class).stream().filter(t -> t.tag().equals("encrypted-archive"))
                .map(t -> t.file() + ": " + t.note()).toList();
        assertEquals(List.of("vendor/engine.zip: zip entry payload.bin is encrypted (ZipCrypto)",
                "vendor/renamed.dat: RAR entry setup.exe is encrypted"), tagged);
        // The zips in the folder are opened (1.3.0); the encrypted entry is not read, and coverage says so.
        assertEquals(List.of("vendor/engine.zip!/payload.bin: encrypted entry not read"), scan.skipped().stream()
                .filter(s -> s.file().startsWith("vendor/")).map(s -> s.file() + ": " + s.reason()).toList());
    }

    // ---- builders

    private static byte[] plainZip() throws IOException {
        return zipOf("payload.bin", "inert fixture bytes");
    }

    private static byte[] zipOf(String name, String content) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(out, StandardCharsets.UTF_8)) {
            byte[] data = content.getBytes(StandardCharsets.UTF_8);
            ZipEntry e = new ZipEntry(name);
            e.setMethod(ZipEntry.STORED);
            e.setSize(data.length);
            CRC32 crc = new CRC32();
            crc.update(data);
            e.setCrc(crc.getValue());
            e.setTime(0);
            zip.putNextEntry(e);
            zip.write(data);
            zip.closeEntry();
        }
        return out.toByteArray();
    }

    /** The zip with its first entry's encryption flag set in both headers (and, when given, another method). */
    private static byte[] encryptedZip(byte[] zip, int method) {
        byte[] b = zip.clone();
        int central = centralDirectoryOffset(b);
        b[6] |= 1;
        b[central + 8] |= 1;
        if (method != 0) {
            b[8] = (byte) method;
            b[central + 10] = (byte) method;
        }
        return b;
    }

    private static int centralDirectoryOffset(byte[] zip) {
        int eocd = zip.length - 22;
        return (zip[eocd + 16] & 0xFF) | (zip[eocd + 17] & 0xFF) << 8 | (zip[eocd + 18] & 0xFF) << 16;
    }

    /** A 7z signature header and an encoded header whose one folder has AES then LZMA, or LZMA alone. */
    private static byte[] sevenZip(boolean aes) {
        ByteArrayOutputStream packed = new ByteArrayOutputStream();
        packed.writeBytes(new byte[16]); // the packed (here: dummy) stream the encoded header points at
        ByteArrayOutputStream h = new ByteArrayOutputStream();
        h.write(0x17); // kEncodedHeader
        h.writeBytes(new byte[] {0x06, 0x00, 0x01, 0x09, 0x10, 0x00}); // PackInfo: pos 0, 1 stream of 16 bytes
        h.writeBytes(new byte[] {0x07, 0x0B, 0x01, 0x00}); // UnpackInfo, Folder: one folder, not external
        if (aes) {
            h.write(0x02); // two coders
            h.writeBytes(new byte[] {0x24, 0x06, (byte) 0xF1, 0x07, 0x01, 0x02, 0x13, 0x07}); // AES, 2 bytes props
        } else {
            h.write(0x01);
        }
        h.writeBytes(new byte[] {0x23, 0x03, 0x01, 0x01, 0x05, 0x5D, 0x00, 0x00, 0x10, 0x00}); // LZMA, 5 bytes props
        h.writeBytes(new byte[] {0x0C, 0x20, 0x00, 0x00}); // unpack sizes, end
        byte[] header = h.toByteArray();
        byte[] start = new byte[32];
        System.arraycopy(new byte[] {'7', 'z', (byte) 0xBC, (byte) 0xAF, 0x27, 0x1C, 0x00, 0x04}, 0, start, 0, 8);
        putLong(start, 12, packed.size());
        putLong(start, 20, header.length);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(start);
        out.writeBytes(packed.toByteArray());
        out.writeBytes(header);
        return out.toByteArray();
    }

    private static void putLong(byte[] b, int at, long v) {
        for (int i = 0; i < 8; i++) {
            b[at + i] = (byte) (v >>> (8 * i));
        }
    }

    /** RAR 4: marker, main header (with {@code mainFlags}), one file header (with {@code fileFlags}) and its data. */
    private static byte[] rar4(int fileFlags, int mainFlags) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(new byte[] {'R', 'a', 'r', '!', 0x1A, 0x07, 0x00});
        out.writeBytes(new byte[] {0x00, 0x00, 0x73, (byte) mainFlags, (byte) (mainFlags >> 8), 13, 0, 0, 0, 0, 0, 0, 0});
        byte[] name = "setup.exe".getBytes(StandardCharsets.US_ASCII);
        byte[] data = "inert".getBytes(StandardCharsets.US_ASCII);
        int flags = fileFlags | 0x8000;
        int size = 32 + name.length;
        byte[] file = new byte[size];
        file[2] = 0x74;
        file[3] = (byte) flags;
        file[4] = (byte) (flags >> 8);
        file[5] = (byte) size;
        file[6] = (byte) (size >> 8);
        file[7] = (byte) data.length; // PACK_SIZE
        file[11] = (byte) data.length; // UNP_SIZE
        file[26] = (byte) name.length;
        System.arraycopy(name, 0, file, 32, name.length);
        out.writeBytes(file);
        out.writeBytes(data);
        out.writeBytes(new byte[] {0x00, 0x00, 0x7B, 0x00, 0x40, 0x07, 0x00}); // end of archive
        return out.toByteArray();
    }

    private enum Rar5 { PLAIN, FILE_ENCRYPTED, HEADERS_ENCRYPTED }

    /** RAR 5: signature, then an encryption header, or a main header and one file header (with an extra area). */
    private static byte[] rar5(Rar5 kind) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(new byte[] {'R', 'a', 'r', '!', 0x1A, 0x07, 0x01, 0x00});
        if (kind == Rar5.HEADERS_ENCRYPTED) {
            block(out, new byte[] {0x04, 0x00, 0x00, 0x00}, new byte[0]); // type 4, flags 0, version 0, flags 0
            out.writeBytes(new byte[48]); // what follows is encrypted: never read
            return out.toByteArray();
        }
        block(out, new byte[] {0x01, 0x00, 0x00}, new byte[0]); // main header: type 1, flags 0, archive flags 0
        byte[] name = "setup.exe".getBytes(StandardCharsets.US_ASCII);
        byte[] data = "inert".getBytes(StandardCharsets.US_ASCII);
        // The extra area: one record (size, type, data). Type 1 is encryption; type 3 (file time) is not.
        byte[] extra = kind == Rar5.FILE_ENCRYPTED ? new byte[] {0x03, 0x01, 0x00, 0x00} : new byte[] {0x03, 0x03, 0x00, 0x00};
        ByteArrayOutputStream fields = new ByteArrayOutputStream();
        fields.writeBytes(new byte[] {0x02, 0x03, (byte) extra.length, (byte) data.length}); // type 2, flags extra+data
        fields.writeBytes(new byte[] {0x00, (byte) data.length, 0x00, 0x00, 0x00, (byte) name.length}); // file fields
        fields.writeBytes(name);
        block(out, fields.toByteArray(), extra);
        out.writeBytes(data);
        block(out, new byte[] {0x05, 0x00, 0x00}, new byte[0]); // end of archive
        return out.toByteArray();
    }

    private static void block(ByteArrayOutputStream out, byte[] fields, byte[] extra) {
        out.writeBytes(new byte[4]); // CRC32, not checked
        out.write(fields.length + extra.length); // header size: one vint byte here
        out.writeBytes(fields);
        out.writeBytes(extra);
    }
}
