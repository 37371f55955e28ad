package dev.assay.extract.config;

import java.util.Locale;
import java.util.Optional;

/**
 * The syntaxes the config parser reads. {@link #JSONC} is JSON with comments and trailing commas (VS Code, Gemini CLI);
 * {@link #JSON5} adds what Jackson can read of JSON5: unquoted keys, single quotes, leading '+', leading or trailing
 * decimal points, Infinity and NaN. Hexadecimal numbers are not readable by Jackson and fail the parse.
 */
public enum ConfigFormat {
    JSON("json", "JSON"),
    JSONC("jsonc", "JSON"),
    JSON5("json5", "JSON5"),
    YAML("yaml", "YAML"),
    TOML("toml", "TOML"),
    ENV("env", ".env");

    private final String id;
    private final String label;

    ConfigFormat(String id, String label) {
        this.id = id;
        this.label = label;
    }

    /** The lower-case id used in data files: json, jsonc, json5, yaml, toml, env. */
    public String id() {
        return id;
    }

    /** The name used in messages ("invalid JSON5 at line 3"). */
    public String label() {
        return label;
    }

    /** The format with this id, if any. */
    public static Optional<ConfigFormat> byId(String id) {
        String wanted = id == null ? "" : id.toLowerCase(Locale.ROOT);
        for (ConfigFormat f : values()) {
            if (f.id.equals(wanted)) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }

    /** The format a file name suggests by its extension (.json, .json5, .jsonc, .yaml, .yml, .toml, .env). */
    public static Optional<ConfigFormat> forFileName(String fileName) {
        String name = fileName.substring(fileName.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
        if (name.equals(".env") || name.endsWith(".env")) {
            return Optional.of(ENV);
        }
        int dot = name.lastIndexOf('.');
        String ext = dot < 0 ? "" : name.substring(dot + 1);
        switch (ext) {
            case "json":
                return Optional.of(JSON);
            case "jsonc":
                return Optional.of(JSONC);
            case "json5":
                return Optional.of(JSON5);
            case "yaml":
            case "yml":
                return Optional.of(YAML);
            case "toml":
                return Optional.of(TOML);
            default:
                return Optional.empty();
        }
    }
}
