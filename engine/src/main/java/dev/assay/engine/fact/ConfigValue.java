package dev.assay.engine.fact;

import dev.assay.engine.model.Evidence;

/**
 * One node of a structured configuration file (JSON, JSON5, YAML, TOML, .env). {@code path} joins the keys from the
 * document root with '.', array elements by their 0-based index ({@code mcpServers.fs.args.0}). {@code document} names
 * what the file is ({@code openclaw}, {@code claude-desktop}, {@code vscode-mcp}, … or {@code config} when unknown).
 * {@code type} is one of string, number, boolean, null, object, array; {@code value} is the scalar's text (for objects
 * and arrays, the number of children). {@code line} is the 1-based line of the key, {@code snippet} that source line.
 */
public record ConfigValue(String file, String document, String path, String value, String type, int line, String snippet)
        implements Fact {

    public boolean isScalar() {
        return !"object".equals(type) && !"array".equals(type);
    }

    /** The last key of the path. */
    public String key() {
        int dot = path.lastIndexOf('.');
        return dot < 0 ? path : path.substring(dot + 1);
    }

    @Override
    public Evidence evidence() {
        return Evidence.at(file, line, snippet);
    }
}
