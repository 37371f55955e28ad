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
}
