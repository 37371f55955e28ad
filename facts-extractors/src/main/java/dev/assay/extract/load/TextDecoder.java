package dev.assay.extract.load;

import dev.assay.engine.spi.FileContent;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * Decides whether bytes are text and decodes them. Guarantees: never throws on any input; the same bytes always give
 * the same result; invalid sequences become U+FFFD; a byte order mark is not part of the text.
 *
 * <p>Detected encodings, as named in {@link FileContent#encoding()}: {@code UTF-8}, {@code UTF-8-BOM},
 * {@code UTF-16LE-BOM}, {@code UTF-16BE-BOM}, {@code UTF-32LE-BOM}, {@code UTF-32BE-BOM}, {@code UTF-16LE} and
 * {@code UTF-16BE} (no BOM: text of the ASCII range, recognised by its zero high bytes), and {@code binary}.
 * Binary is decided on shares, so that a few stray bytes cannot turn text into an unscanned "binary": after any BOM,
 * the first 8 KiB are binary when NUL bytes are more than 1% of them (of at least 1 KiB, so a short file is not
 * flipped by one or two), control characters (NUL included) more than 10%, or control characters and bytes of invalid
 * UTF-8 sequences together more than 25%. Text that is kept may still hold those stray bytes (NUL as U+0000, invalid
 * sequences as U+FFFD). {@link #textParts} gives the text parts of a file that is binary by this test.
 */
public final class TextDecoder {

    /** How much of a file the binary test looks at. */
    static final int SAMPLE_BYTES = 8192;

    public static final String BINARY = "binary";

    /** The encoding name of a binary file's text parts ({@link #textParts}), given by the component extractor. */
    public static final String UTF_8_TEXT_PARTS = "UTF-8-text-parts";

    /** NUL bytes are judged as a share of at least this many bytes: one or two in a short file are not binary. */
    static final int NUL_FLOOR_BYTES = 1024;

    private static final Charset UTF_32LE = Charset.forName("UTF-32LE");
    private static final Charset UTF_32BE = Charset.forName("UTF-32BE");

    private TextDecoder() {
    }

    /** Decodes a file's bytes; {@code bytes} is kept as given (not copied). */
    public static FileContent decode(String path, byte[] bytes, int mode) {
        int n = bytes.length;
        if (startsWith(bytes, 0xEF, 0xBB, 0xBF)) {
            return text(path, bytes, mode, 3, StandardCharsets.UTF_8, "UTF-8-BOM");
        }
        // The UTF-32 marks must be tested before UTF-16's, whose little-endian mark is their prefix.
        if (startsWith(bytes, 0xFF, 0xFE, 0x00, 0x00)) {
            return text(path, bytes, mode, 4, UTF_32LE, "UTF-32LE-BOM");
        }
        if (startsWith(bytes, 0x00, 0x00, 0xFE, 0xFF)) {
            return text(path, bytes, mode, 4, UTF_32BE, "UTF-32BE-BOM");
        }
        if (startsWith(bytes, 0xFF, 0xFE)) {
            return text(path, bytes, mode, 2, StandardCharsets.UTF_16LE, "UTF-16LE-BOM");
        }
        if (startsWith(bytes, 0xFE, 0xFF)) {
            return text(path, bytes, mode, 2, StandardCharsets.UTF_16BE, "UTF-16BE-BOM");
        }
        int sample = Math.min(n, SAMPLE_BYTES);
        if (looksLikeAsciiUtf16(bytes, sample, true)) {
            return text(path, bytes, mode, 0, StandardCharsets.UTF_16LE, "UTF-16LE");
        }
        if (looksLikeAsciiUtf16(bytes, sample, false)) {
            return text(path, bytes, mode, 0, StandardCharsets.UTF_16BE, "UTF-16BE");
        }
        int controls = 0;
        int nuls = 0;
        for (int i = 0; i < sample; i++) {
            int b = bytes[i] & 0xFF;
            if (b == 0) {
                nuls++;
            }
            if (isControl(b)) {
                controls++;
            }
        }
        if (tooManyNuls(nuls, sample) || tooManyControls(controls, sample)
                || tooManyOdd(controls + invalidUtf8Bytes(bytes, sample), sample)) {
            return binary(path, bytes, mode);
        }
        return new FileContent(path, bytes, mode, false, new String(bytes, StandardCharsets.UTF_8), "UTF-8");
    }

    private static FileContent text(String path, byte[] bytes, int mode, int skip, Charset charset, String name) {
        String text = new String(bytes, skip, bytes.length - skip, charset);
        // A mark at the start does not make the rest text: check what it decodes to.
        int sample = Math.min(text.length(), SAMPLE_BYTES / 2);
        int controls = 0;
        int nuls = 0;
        for (int i = 0; i < sample; i++) {
            char c = text.charAt(i);
            if (c == 0) {
                nuls++;
            }
            if (c < 0x80 && isControl(c)) {
                controls++;
            }
        }
        if (tooManyNuls(nuls, sample) || tooManyControls(controls, sample)) {
            return binary(path, bytes, mode);
        }
        return new FileContent(path, bytes, mode, false, text, name);
    }

    private static FileContent binary(String path, byte[] bytes, int mode) {
        return new FileContent(path, bytes, mode, true, null, BINARY);
    }

    /**
     * UTF-16 without a mark is recognised only for text in the ASCII range: at least 90% of the code units have a
     * zero high byte and a printable or whitespace low byte. Other UTF-16 without a mark cannot be told apart from
     * binary reliably, so it is left to the binary test.
     */
    private static boolean looksLikeAsciiUtf16(byte[] bytes, int sample, boolean littleEndian) {
        int units = sample / 2;
        if (units < 2 || bytes.length % 2 != 0) {
            return false;
        }
        int textUnits = 0;
        for (int i = 0; i < units; i++) {
            int first = bytes[2 * i] & 0xFF;
            int second = bytes[2 * i + 1] & 0xFF;
            int low = littleEndian ? first : second;
            int high = littleEndian ? second : first;
            if (high == 0 && isPrintableAscii(low)) {
                textUnits++;
            }
        }
        return textUnits * 10L >= units * 9L;
    }

    private static boolean isPrintableAscii(int b) {
        return (b >= 0x20 && b < 0x7F) || b == '\t' || b == '\n' || b == '\r' || b == '\f';
    }

    /**
     * The text parts of bytes that are binary by the test above, for a file whose name says it is text (a SKILL.md or
     * a .py with a binary block prepended): decoded as UTF-8, with every control character and every invalid sequence
     * replaced by a space, so that line breaks, and with them line numbers, stay where they are in the file.
     */
    public static String textParts(byte[] bytes) {
        String decoded = new String(bytes, StandardCharsets.UTF_8);
        StringBuilder out = new StringBuilder(decoded.length());
        for (int i = 0; i < decoded.length(); i++) {
            char c = decoded.charAt(i);
            out.append(c == '\uFFFD' || (c < 0x80 && isControl(c)) ? ' ' : c);
        }
        return out.toString();
    }

    /**
     * The text parts of bytes as {@link #textParts} gives them, but as bytes at the file's own offsets, for a parser:
     * every control byte and every byte of an invalid UTF-8 sequence becomes a space, all other bytes stay.
     */
    public static byte[] textPartBytes(byte[] bytes) {
        byte[] out = bytes.clone();
        int i = 0;
        while (i < out.length) {
            int b = out[i] & 0xFF;
            int length = b < 0x80 ? 1 : b >= 0xC2 && b <= 0xDF ? 2 : b >= 0xE0 && b <= 0xEF ? 3
                    : b >= 0xF0 && b <= 0xF4 ? 4 : 0;
            int valid = length == 0 ? 0 : validSequence(out, i, length) ? length : 0;
            if (valid == 0) {
                out[i++] = ' ';
            } else {
                if (valid == 1 && isControl(b)) {
                    out[i] = ' ';
                }
                i += valid;
            }
        }
        return out;
    }

    /** Whether the {@code length} bytes at {@code i} are one well-formed UTF-8 character (no overlong or surrogate). */
    private static boolean validSequence(byte[] bytes, int i, int length) {
        if (i + length > bytes.length) {
            return false;
        }
        for (int j = 1; j < length; j++) {
            if ((bytes[i + j] & 0xC0) != 0x80) {
                return false;
            }
        }
        int b0 = bytes[i] & 0xFF;
        int b1 = length > 1 ? bytes[i + 1] & 0xFF : 0;
        return !(b0 == 0xE0 && b1 < 0xA0 || b0 == 0xED && b1 >= 0xA0 || b0 == 0xF0 && b1 < 0x90
                || b0 == 0xF4 && b1 >= 0x90);
    }

    /** How many of the first {@code sample} bytes belong to invalid UTF-8 sequences (a cut-off last one is not). */
    private static int invalidUtf8Bytes(byte[] bytes, int sample) {
        int invalid = 0;
        int i = 0;
        while (i < sample) {
            int b = bytes[i] & 0xFF;
            int length = b < 0x80 ? 1 : b >= 0xC2 && b <= 0xDF ? 2 : b >= 0xE0 && b <= 0xEF ? 3
                    : b >= 0xF0 && b <= 0xF4 ? 4 : 0;
            if (length == 0) {
                invalid++;
                i++;
                continue;
            }
            int j = 1;
            while (j < length && i + j < sample && ((bytes[i + j] & 0xFF) & 0xC0) == 0x80) {
                j++;
            }
            if (j < length && i + j < sample) {
                invalid += j;
            }
            i += j;
        }
        return invalid;
    }

    /** C0 controls and DEL, except the whitespace ones and ESC (terminal colours in logs). */
    private static boolean isControl(int c) {
        if (c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == 0x0B || c == 0x1B) {
            return false;
        }
        return c < 0x20 || c == 0x7F;
    }

    private static boolean tooManyControls(int controls, int sample) {
        return sample > 0 && controls * 10L > sample;
    }

    private static boolean tooManyNuls(int nuls, int sample) {
        return nuls * 100L > Math.max(sample, NUL_FLOOR_BYTES);
    }

    private static boolean tooManyOdd(int odd, int sample) {
        return sample > 0 && odd * 4L > sample;
    }

    private static boolean startsWith(byte[] bytes, int... prefix) {
        if (bytes.length < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if ((bytes[i] & 0xFF) != prefix[i]) {
                return false;
            }
        }
        return true;
    }
}
