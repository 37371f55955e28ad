package dev.assay.engine.fact;

import dev.assay.engine.model.Evidence;

/**
 * A file of the target as the loader indexed it. {@code mode} holds POSIX permission bits (for example 0644), or -1 when
 * the target cannot tell (a zip entry without them, a file system without POSIX attributes).
 */
public record FileEntry(String file, long size, int mode, boolean binary) implements Fact {

    public static final int UNKNOWN_MODE = -1;

    public boolean modeKnown() {
        return mode >= 0;
    }

    public boolean groupReadable() {
        return modeKnown() && (mode & 0040) != 0;
    }

    public boolean worldReadable() {
        return modeKnown() && (mode & 0004) != 0;
    }

    public boolean readableByOthers() {
        return groupReadable() || worldReadable();
    }

    public boolean writableByOthers() {
        return modeKnown() && (mode & 0022) != 0;
    }

    /** The mode as an octal string such as "0644", or "unknown". */
    public String modeOctal() {
        return modeKnown() ? String.format("0%03o", mode & 0777) : "unknown";
    }

    @Override
    public Evidence evidence() {
        return new Evidence(file, 0, 0, "mode " + modeOctal());
    }
}
