package dev.assay.extract.config;

import dev.assay.engine.fact.ConfigValue;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A tree rebuilt from config values that may come from several files (OpenClaw's {@code $include}, already merged and
 * overridden): each node is the value at its path and remembers the file and line it was written on. Members keep the
 * order of the values; array elements their index order. A value whose parent path is missing is dropped (merging
 * never produces one).
 */
public final class MergedConfig implements ConfigTree {

    private final ConfigNode root;
    private final Map<ConfigNode, String> files = new IdentityHashMap<>();
    private final Map<String, String> snippets = new HashMap<>();

    private MergedConfig(List<ConfigValue> values) {
        Map<String, ConfigNode> byPath = new LinkedHashMap<>();
        for (ConfigValue v : values) {
            ConfigNode node = switch (v.type()) {
                case "object" -> ConfigNode.object(v.line());
                case "array" -> ConfigNode.array(v.line());
                case "string" -> ConfigNode.scalar(ConfigNode.Type.STRING, v.value(), v.line());
                case "number" -> ConfigNode.scalar(ConfigNode.Type.NUMBER, v.value(), v.line());
                case "boolean" -> ConfigNode.scalar(ConfigNode.Type.BOOLEAN, v.value(), v.line());
                default -> ConfigNode.scalar(ConfigNode.Type.NULL, v.value(), v.line());
            };
            byPath.put(v.path(), node);
            files.put(node, v.file());
            snippets.putIfAbsent(v.file() + '\u0000' + v.line(), v.snippet());
        }
        ConfigNode top = byPath.get("");
        if (top == null || !top.isObject()) {
            top = ConfigNode.object(1);
            files.put(top, values.isEmpty() ? "" : values.get(0).file());
        }
        root = top;
        for (Map.Entry<String, ConfigNode> e : byPath.entrySet()) {
            String path = e.getKey();
            if (path.isEmpty()) {
                continue;
            }
            // The parent is the longest shorter path that holds a value: a key may itself contain dots.
            for (int dot = path.lastIndexOf('.'); ; dot = path.lastIndexOf('.', dot - 1)) {
                String parentPath = dot < 0 ? "" : path.substring(0, dot);
                ConfigNode parent = parentPath.isEmpty() ? root : byPath.get(parentPath);
                if (parent != null) {
                    String key = path.substring(dot + 1);
                    if (parent.isObject()) {
                        parent.put(key, e.getValue());
                    } else if (parent.isArray() && key.equals(Integer.toString(parent.size()))) {
                        parent.add(e.getValue());
                    }
                    break;
                }
                if (dot < 0) {
                    break;
                }
            }
        }
    }

    /** The tree of {@code values}: the value at path "" is the root (an empty object when there is none). */
    public static MergedConfig of(List<ConfigValue> values) {
        return new MergedConfig(values);
    }

    @Override
    public ConfigNode root() {
        return root;
    }

    @Override
    public String fileOf(ConfigNode node) {
        return files.getOrDefault(node, "");
    }

    @Override
    public String snippet(String file, int line) {
        return snippets.getOrDefault(file + '\u0000' + line, "");
    }
}
