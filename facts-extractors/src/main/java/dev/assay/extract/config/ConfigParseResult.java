package dev.assay.extract.config;

/**
 * What {@link ConfigParser#parse} gives: a parsed document, or the one-line reason it could not be used.
 */
public sealed interface ConfigParseResult permits ConfigParseResult.Parsed, ConfigParseResult.Failed {

    /** The document parsed within its bounds. */
    record Parsed(ParsedConfig config) implements ConfigParseResult {
    }

    /**
     * The document was refused. {@code reason} is one line without the file name ("invalid JSON5 at line 3: …"), fit
     * for {@link dev.assay.engine.spi.Target#skip}; {@link #message()} prefixes the file.
     */
    record Failed(String file, String reason) implements ConfigParseResult {

        public String message() {
            return file + ": " + reason;
        }
    }
}
