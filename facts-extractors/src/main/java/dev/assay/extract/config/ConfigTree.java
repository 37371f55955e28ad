package dev.assay.extract.config;

/**
 * A config tree and where each of its nodes was written: one parsed file ({@link ParsedConfig}), or the values of
 * several files merged into one tree ({@link MergedConfig}, for OpenClaw's {@code $include}). Readers that turn nodes
 * into facts take their evidence (file, line, snippet) from here, so a value read from an included file points there.
 */
public interface ConfigTree {

    ConfigNode root();

    /** The file the node was written in. */
    String fileOf(ConfigNode node);

    /** The trimmed source line of {@code file} at {@code line}, cut to the snippet bound; "" when unknown. */
    String snippet(String file, int line);
}
