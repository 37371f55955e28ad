package dev.assay.extract.config;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.toml.TomlFactory;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.assay.engine.spi.FileContent;
import dev.assay.engine.spi.Limits;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;

/**
 * Parses untrusted structured config text (JSON, JSONC, JSON5, YAML, TOML, .env) into a {@link ConfigNode} tree with
 * lines, within {@link ConfigBounds}. Never throws on bad input: a syntax error or an exceeded bound gives
 * {@link ConfigParseResult.Failed} with one line. Guarantees: the size is checked before parsing; nesting and node
 * count are bounded; YAML aliases are kept as {@code *name} strings and never expanded; YAML tags are ignored (no
 * object is ever constructed from a tag); only the first YAML document of a stream is read; a repeated key keeps its
 * last value (JSON, JSON5, YAML, .env) while TOML rejects it as its specification requires. Thread-safe, stateless.
 */
public final class ConfigParser {

    private static final int MAX_MESSAGE_CHARS = 160;

    private ConfigParser() {
    }

    /** Parses with the bounds a scan's {@link Limits} give (see {@link ConfigBounds#from}). */
    public static ConfigParseResult parse(FileContent content, ConfigFormat format, Limits limits) {
        return parse(content, format, ConfigBounds.from(limits));
    }

    /** Parses the decoded text of a file as the given format. */
    public static ConfigParseResult parse(FileContent content, ConfigFormat format, ConfigBounds bounds) {
        String file = content.path();
        if (!content.isText()) {
            return new ConfigParseResult.Failed(file, "binary content, not " + format.label());
        }
        long size = content.bytes() == null ? 0 : content.bytes().length;
        String text = content.text();
        long limit = bounds.maxCharsFor(format);
        if (size > limit || text.length() > limit) {
            return new ConfigParseResult.Failed(file, format.label() + " document of " + Math.max(size, text.length())
                    + " bytes is above the bound of " + limit);
        }
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1);
        }
        try {
            ConfigNode root = parseTree(text, format, bounds);
            if (root == null) {
                root = ConfigNode.scalar(ConfigNode.Type.NULL, null, 1);
            }
            SourceLines lines = new SourceLines(text, format == ConfigFormat.YAML);
            return new ConfigParseResult.Parsed(new ParsedConfig(file, format, root, lines, bounds.snippetChars()));
        } catch (ConfigRejected e) {
            String where = e.line() > 0 ? " at line " + e.line() : "";
            String what = e.boundExceeded() ? format.label() + where + " exceeds a bound: " : "invalid " + format.label() + where + ": ";
            return new ConfigParseResult.Failed(file, what + oneLine(e.getMessage()));
        }
    }

    private static ConfigNode parseTree(String text, ConfigFormat format, ConfigBounds bounds) throws ConfigRejected {
        switch (format) {
            case JSON:
            case JSONC:
            case JSON5:
                return parseJson(text, format, bounds);
            case YAML:
                return parseYaml(text, bounds);
            case TOML:
                return parseToml(text, bounds);
            case ENV:
                return DotEnvReader.read(text, bounds);
            default:
                throw new IllegalStateException("unhandled format " + format);
        }
    }

    private static StreamReadConstraints constraints(ConfigBounds bounds) {
        // Jackson's own checks sit one step outside ours, so that ours report first and in plain words.
        return StreamReadConstraints.builder()
                .maxNestingDepth(bounds.maxDepth() + 1)
                .maxDocumentLength(bounds.maxChars())
                .maxTokenCount(3L * bounds.maxNodes() + 8)
                .maxStringLength((int) Math.min(Integer.MAX_VALUE, bounds.maxChars()))
                .build();
    }

    private static ConfigNode parseJson(String text, ConfigFormat format, ConfigBounds bounds) throws ConfigRejected {
        JsonFactory factory = JsonFactory.builder()
                .streamReadConstraints(constraints(bounds))
                .configure(JsonReadFeature.ALLOW_JAVA_COMMENTS, format != ConfigFormat.JSON)
                .configure(JsonReadFeature.ALLOW_TRAILING_COMMA, format != ConfigFormat.JSON)
                .configure(JsonReadFeature.ALLOW_SINGLE_QUOTES, format == ConfigFormat.JSON5)
                .configure(JsonReadFeature.ALLOW_UNQUOTED_FIELD_NAMES, format == ConfigFormat.JSON5)
                .configure(JsonReadFeature.ALLOW_LEADING_PLUS_SIGN_FOR_NUMBERS, format == ConfigFormat.JSON5)
                .configure(JsonReadFeature.ALLOW_LEADING_DECIMAL_POINT_FOR_NUMBERS, format == ConfigFormat.JSON5)
                .configure(JsonReadFeature.ALLOW_TRAILING_DECIMAL_POINT_FOR_NUMBERS, format == ConfigFormat.JSON5)
                .configure(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS, format == ConfigFormat.JSON5)
                .configure(JsonReadFeature.ALLOW_BACKSLASH_ESCAPING_ANY_CHARACTER, format == ConfigFormat.JSON5)
                .build();
        try (JsonParser parser = factory.createParser(new StringReader(text))) {
            ConfigNode root = new StreamingTreeBuilder(bounds).read(parser);
            if (root != null && parser.nextToken() != null) {
                throw new ConfigRejected(StreamingTreeBuilder.lineOf(parser.currentTokenLocation()),
                        "content after the end of the document");
            }
            return root;
        } catch (StreamConstraintsException e) {
            throw ConfigRejected.bound(lineOf(e), withoutSettingName(e.getOriginalMessage()));
        } catch (JsonProcessingException e) {
            throw new ConfigRejected(lineOf(e), e.getOriginalMessage());
        } catch (IOException e) {
            throw new ConfigRejected(0, "unreadable: " + e.getMessage());
        }
    }

    private static ConfigNode parseYaml(String text, ConfigBounds bounds) throws ConfigRejected {
        LoaderOptions options = new LoaderOptions();
        options.setAllowDuplicateKeys(true);
        options.setAllowRecursiveKeys(false);
        options.setMaxAliasesForCollections(50);
        options.setNestingDepthLimit(bounds.maxDepth() + 1);
        options.setCodePointLimit((int) Math.min(Integer.MAX_VALUE, bounds.maxCharsFor(ConfigFormat.YAML)));
        options.setProcessComments(false);
        YAMLFactory factory = YAMLFactory.builder()
                .loaderOptions(options)
                .streamReadConstraints(constraints(bounds))
                .build();
        try (JsonParser parser = factory.createParser(new StringReader(text))) {
            return new StreamingTreeBuilder(bounds).read(parser);
        } catch (StreamConstraintsException e) {
            throw ConfigRejected.bound(lineOf(e), withoutSettingName(e.getOriginalMessage()));
        } catch (JsonProcessingException e) {
            throw new ConfigRejected(lineOf(e), e.getOriginalMessage());
        } catch (IOException e) {
            throw new ConfigRejected(0, "unreadable: " + e.getMessage());
        } catch (RuntimeException e) {
            // SnakeYAML reports some limits (code points, nesting) as unchecked exceptions.
            throw new ConfigRejected(0, String.valueOf(e.getMessage()));
        }
    }

    private static ConfigNode parseToml(String text, ConfigBounds bounds) throws ConfigRejected {
        TomlMapper mapper = new TomlMapper(TomlFactory.builder().streamReadConstraints(constraints(bounds)).build());
        JsonNode tree;
        try {
            tree = mapper.readTree(new StringReader(text));
        } catch (StreamConstraintsException e) {
            throw ConfigRejected.bound(lineOf(e), withoutSettingName(e.getOriginalMessage()));
        } catch (JsonProcessingException e) {
            throw new ConfigRejected(lineOf(e), e.getOriginalMessage());
        } catch (IOException e) {
            throw new ConfigRejected(0, "unreadable: " + e.getMessage());
        } catch (RuntimeException e) {
            throw new ConfigRejected(0, String.valueOf(e.getMessage()));
        }
        if (tree == null || tree.isMissingNode()) {
            return ConfigNode.object(1);
        }
        TomlLineIndex index = new TomlLineIndex(text);
        int[] nodes = {0};
        return convert(tree, new ArrayList<>(), index, bounds, nodes);
    }

    private static ConfigNode convert(JsonNode node, List<String> path, TomlLineIndex index, ConfigBounds bounds,
            int[] nodes) throws ConfigRejected {
        int line = index.lineOf(path);
        if (++nodes[0] > bounds.maxNodes()) {
            throw ConfigRejected.bound(line, "more than " + bounds.maxNodes() + " values");
        }
        if (path.size() > bounds.maxDepth()) {
            throw ConfigRejected.bound(line, "nested deeper than " + bounds.maxDepth() + " levels");
        }
        if (node.isObject()) {
            ConfigNode object = ConfigNode.object(line);
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                path.add(e.getKey());
                object.put(e.getKey(), convert(e.getValue(), path, index, bounds, nodes));
                path.remove(path.size() - 1);
            }
            return object;
        }
        if (node.isArray()) {
            ConfigNode array = ConfigNode.array(line);
            for (int i = 0; i < node.size(); i++) {
                path.add(Integer.toString(i));
                array.add(convert(node.get(i), path, index, bounds, nodes));
                path.remove(path.size() - 1);
            }
            return array;
        }
        if (node.isNumber()) {
            return ConfigNode.scalar(ConfigNode.Type.NUMBER, node.asText(), line);
        }
        if (node.isBoolean()) {
            return ConfigNode.scalar(ConfigNode.Type.BOOLEAN, node.asText(), line);
        }
        if (node.isNull()) {
            return ConfigNode.scalar(ConfigNode.Type.NULL, null, line);
        }
        return ConfigNode.scalar(ConfigNode.Type.STRING, node.asText(), line);
    }

    private static int lineOf(JsonProcessingException e) {
        return StreamingTreeBuilder.lineOf(e.getLocation());
    }

    /** Jackson names its internal setting in constraint messages; the reader of a skip reason needs only the numbers. */
    private static String withoutSettingName(String message) {
        if (message == null) {
            return null;
        }
        int from = message.indexOf(", from `");
        int close = from < 0 ? -1 : message.indexOf('`', from + 8);
        return close < 0 ? message : message.substring(0, from) + message.substring(close + 1);
    }

    /** First line of a library message, control characters replaced, cut short: messages may quote hostile input. */
    static String oneLine(String message) {
        String m = message == null ? "unknown error" : message;
        int nl = m.indexOf('\n');
        if (nl >= 0) {
            m = m.substring(0, nl);
        }
        StringBuilder b = new StringBuilder(Math.min(m.length(), MAX_MESSAGE_CHARS + 1));
        for (int i = 0; i < m.length() && b.length() < MAX_MESSAGE_CHARS; i++) {
            char c = m.charAt(i);
            b.append(Character.isISOControl(c) || Character.isSurrogate(c) ? '?' : c);
        }
        if (b.length() < m.length()) {
            b.append('…');
        }
        return b.toString().strip();
    }
}
