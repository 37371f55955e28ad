package dev.assay.safetycard.search;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** Lets tests in other packages run the reference ripgrep the same way the search tests do. */
public final class RealRipgrepAccess {
    private RealRipgrepAccess() {
    }

    public static void requireInstalled() {
        RealRipgrep.requireInstalled();
    }

    public static List<String> run(Path cwd, Path emptyHome, List<String> args)
            throws IOException, InterruptedException {
        return RealRipgrep.run(cwd, emptyHome, args);
    }
}
