package dev.assay.engine.fact;

import dev.assay.engine.model.Evidence;

/**
 * One node of a structured configuration file (JSON, JSON5, YAML, TOML, .env). {@code path} joins the keys from the
 * document root with '.', array elements by their 0-based index ({@code mcpServers.fs.args.0}). {@code document} names
 * what the file is ({@code openclaw}, {@code claude-desktop}, {@code vscode-mcp}, … or {@code config} when unknown).
 * {@code type} is one of string, number, boolean, null, object, array; {@code value} is the scalar's text (for objects
 * and arrays, the number of children). {@code line} is the 1-based line of the key, {@code snippet} that source line.
 *
 * <p>{@code configFile} names the config the value belongs to once includes are merged: the value's own file, or for a
 * value read from a file an OpenClaw config pulls in with {@code $include}, the top config file (openclaw.json). Rules
 * that combine settings join on it, so that settings split over included files are judged together as the agent
 * merges them; {@code file} and {@code line} still say where the value is written. Empty means the value's own file.
 */
public record ConfigValue(String file, String document, String path, String value, String type, int line, String snippet,
        String configFile) implements Fact {

    public ConfigValue {
        configFile = configFile == null || configFile.isEmpty() ? file : configFile;
    }

    /** A value of a config that includes no other file: it is its own config. */
    public ConfigValue(String file, String document, String path, String value, String type, int line, String snippet) {
        this(file, document, path, value, type, line, snippet, file);
    }

    public boolean isScalar() {
        return !"object".equals(type) && !"array".equals(type);
    }

    /** The last key of the path. */
    public String key() {
        int dot = path.lastIndexOf('.');
        return dot < 0 ? path : path.substring(dot + 1);
    }

    /** The same value, as part of the config whose top file is {@code configFile}. */
    public ConfigValue inConfig(String configFile) {
        return new ConfigValue(file, document, path, value, type, line, snippet, configFile);
    }

    @Override
    public Evidence evidence() {
        return Evidence.at(file, line, snippet);
    }
}
