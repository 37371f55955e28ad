package dev.assay.engine.pack;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * {@code rulesHash}: sha256 over the canonical listing of a pack's files. For each file in sorted path order the
 * digest takes the UTF-8 path, a NUL, the byte length in decimal, a NUL and the bytes, so no two different packs
 * share a listing. Written {@code sha256:<lower-case hex>}.
 */
public final class RulesHash {

    private RulesHash() {
    }

    public static String of(PackFiles files) throws IOException {
        MessageDigest md = sha256();
        for (String path : files.list().stream().sorted().toList()) {
            byte[] bytes = files.read(path);
            md.update(path.getBytes(StandardCharsets.UTF_8));
            md.update((byte) 0);
            md.update(Long.toString(bytes.length).getBytes(StandardCharsets.US_ASCII));
            md.update((byte) 0);
            md.update(bytes);
        }
        return "sha256:" + HexFormat.of().formatHex(md.digest());
    }

    /** {@code sha256:<hex>} of a byte string, as used for formula hashes and digests. */
    public static String ofBytes(byte[] bytes) {
        return "sha256:" + HexFormat.of().formatHex(sha256().digest(bytes));
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JVM lacks SHA-256", e);
        }
    }
}
