package dev.assay.engine.spi;

/** A file or directory a scan did not read, and why (one short line). */
public record SkippedFile(String file, String reason) implements Comparable<SkippedFile> {

    @Override
    public int compareTo(SkippedFile o) {
        int c = file.compareTo(o.file);
        return c != 0 ? c : reason.compareTo(o.reason);
    }
}
