package dev.assay.engine.spi;

/**
 * A file's bytes as read within the limits. {@code text} is the decoded text (UTF-8 with or without BOM, UTF-16 with a
 * BOM; invalid bytes become U+FFFD), or null when the file is binary. {@code encoding} names what was detected.
 */
public record FileContent(String path, byte[] bytes, int mode, boolean binary, String text, String encoding) {

    public boolean isText() {
        return text != null;
    }
}
