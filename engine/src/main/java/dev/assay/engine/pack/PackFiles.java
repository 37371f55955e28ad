package dev.assay.engine.pack;

import java.io.IOException;
import java.util.List;

/** The files of one pack version, wherever they live (a folder, the classpath). Paths are '/'-separated, relative. */
public interface PackFiles {

    /** Where the pack comes from, for messages: a folder path or {@code shipped}. */
    String origin();

    /** Every file of the pack, sorted. */
    List<String> list();

    byte[] read(String path) throws IOException;

    /**
     * The pack's {@code rulesHash} ({@link RulesHash}): computed from the files, unless the source knows it already
     * (a shipped pack's was computed by the build over the same files).
     */
    default String rulesHash() throws IOException {
        return RulesHash.of(this);
    }
}
