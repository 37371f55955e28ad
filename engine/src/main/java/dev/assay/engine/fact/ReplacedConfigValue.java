package dev.assay.engine.fact;

import dev.assay.engine.model.Evidence;

/**
 * A config value that is written on disk but not in effect: a later source of the same merged config replaces it
 * (an OpenClaw {@code $include}d file whose key a later included file, or the including object's own key, sets
 * again). The fields are those of {@link ConfigValue} as the value is written, its path as merged (where it would
 * apply); {@code replacedBy} says where the value that replaces it is written ({@code file:line}).
 *
 * <p>Rules about the effective config never see it (they match {@code ConfigValue}); a rule about what sits on disk,
 * such as a literal secret, names both types. Its own type so that rules written before it existed are unchanged.
 */
public record ReplacedConfigValue(String file, String document, String path, String value, String type, int line,
        String snippet, String configFile, String replacedBy) implements Fact {

    public ReplacedConfigValue {
        configFile = configFile == null || configFile.isEmpty() ? file : configFile;
        replacedBy = replacedBy == null ? "" : replacedBy;
    }

    /** {@code written} as replaced by {@code by}. */
    public static ReplacedConfigValue of(ConfigValue written, ConfigValue by) {
        return new ReplacedConfigValue(written.file(), written.document(), written.path(), written.value(),
                written.type(), written.line(), written.snippet(), written.configFile(), by.file() + ":" + by.line());
    }

    /** The value as written in its file. */
    public ConfigValue written() {
        return new ConfigValue(file, document, path, value, type, line, snippet, configFile);
    }

    /** The last key of the path. */
    public String key() {
        return written().key();
    }

    @Override
    public Evidence evidence() {
        return Evidence.at(file, line, snippet);
    }
}
