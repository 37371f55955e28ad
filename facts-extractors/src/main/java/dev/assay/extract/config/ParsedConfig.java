package dev.assay.extract.config;

import dev.assay.engine.fact.ConfigValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A config document that parsed within its bounds: the tree, and the source lines for evidence snippets.
 */
public final class ParsedConfig implements ConfigTree {

    private final String file;
    private final ConfigFormat format;
    private final ConfigNode root;
    private final SourceLines lines;
    private final int snippetChars;

    ParsedConfig(String file, ConfigFormat format, ConfigNode root, SourceLines lines, int snippetChars) {
        this.file = file;
        this.format = format;
        this.root = root;
        this.lines = lines;
        this.snippetChars = snippetChars;
    }

    /** The file's path as given in the {@link dev.assay.engine.spi.FileContent}. */
    public String file() {
        return file;
    }

    public ConfigFormat format() {
        return format;
    }

    @Override
    public ConfigNode root() {
        return root;
    }

    /** Every node of a parsed file was written in that file. */
    @Override
    public String fileOf(ConfigNode node) {
        return file;
    }

    @Override
    public String snippet(String file, int line) {
        return this.file.equals(file) ? snippet(line) : "";
    }

    /** The trimmed source line (1-based), cut to the snippet bound; "" when out of range. */
    public String snippet(int line) {
        return lines.snippet(line, snippetChars);
    }

    /**
     * One value per node in document order (pre-order: a node before its children), the root first with path "".
     * Paths join keys with '.', array elements by 0-based index.
     */
    public List<ConfigValue> values(String document) {
        List<ConfigValue> out = new ArrayList<>();
        collect(document, "", root, out);
        return out;
    }

    private void collect(String document, String path, ConfigNode node, List<ConfigValue> out) {
        String value = node.isScalar() ? node.text() : Integer.toString(node.size());
        out.add(new ConfigValue(file, document, path, value, node.type().id(), node.line(), snippet(node.line())));
        if (node.isObject()) {
            for (Map.Entry<String, ConfigNode> e : node.fields().entrySet()) {
                collect(document, join(path, e.getKey()), e.getValue(), out);
            }
        } else if (node.isArray()) {
            List<ConfigNode> elements = node.elements();
            for (int i = 0; i < elements.size(); i++) {
                collect(document, join(path, Integer.toString(i)), elements.get(i), out);
            }
        }
    }

    private static String join(String path, String key) {
        return path.isEmpty() ? key : path + "." + key;
    }
}
