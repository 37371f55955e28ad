package dev.assay.extract.component.manifest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.engine.fact.ConfigValue;
import dev.assay.engine.fact.ManifestScript;
import dev.assay.engine.fact.McpTool;
import dev.assay.engine.spi.FactSink;
import dev.assay.engine.spi.FileContent;
import dev.assay.engine.spi.Limits;
import dev.assay.extract.component.NamePattern;
import dev.assay.extract.component.ScanSettings;
import dev.assay.extract.config.ConfigBounds;
import dev.assay.extract.config.ConfigFormat;
import dev.assay.extract.config.ConfigNode;
import dev.assay.extract.config.ConfigParseResult;
import dev.assay.extract.config.ConfigParser;
import dev.assay.extract.config.ParsedConfig;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads the manifests of a component: package.json (ConfigValue document {@code package-json}, npm lifecycle
 * scripts as ManifestScript), pyproject.toml ({@code pyproject}, in-tree build backends and hatch build hooks),
 * setup.cfg ({@code setup-cfg}), PKG-INFO/METADATA (name and version), {@code .pth} files (executable lines) and MCP
 * manifests ({@code mcp-manifest}, {@code mcp-config} for client configs, {@code smithery}; tools[] as McpTool).
 * Parsing reuses the bounded config parser; a manifest that does not parse is reported in the result, never thrown.
 */
public final class ManifestReader {

    /** What a manifest says about the component. */
    public record Manifest(Kind kind, String name, String version, boolean decidesMcpServer, String problem) {
    }

    /** The kinds of manifest this reader knows. */
    public enum Kind { NPM, PYTHON, PYTHON_METADATA, MCP, PTH }

    /** Made on first use: most components have no manifest value to write, and a mapper costs start-up time. */
    private static final class Writer {
        static final ObjectMapper JSON = new ObjectMapper();
    }

    private final ScanSettings settings;
    private final FactSink sink;
    private final ConfigBounds bounds;

    public ManifestReader(ScanSettings settings, FactSink sink, Limits limits) {
        this.settings = settings;
        this.sink = sink;
        this.bounds = ConfigBounds.from(limits);
    }

    /** The kind of manifest a path names, if any. */
    public Optional<Kind> kindOf(String path) {
        String name = path.substring(path.lastIndexOf('/') + 1);
        String parent = parentName(path);
        ScanSettings.Components c = settings.components();
        if (c.npmManifests().contains(name)) {
            return Optional.of(Kind.NPM);
        }
        if (name.equals("pyproject.toml") || name.equals("setup.cfg")) {
            return Optional.of(Kind.PYTHON);
        }
        if (c.pythonMetadataFiles().contains(name)
                && (name.equals("PKG-INFO") || NamePattern.any(c.pythonMetadataDirectories(), parent))) {
            return Optional.of(Kind.PYTHON_METADATA);
        }
        if (name.endsWith(".pth") && name.length() > 4) {
            return Optional.of(Kind.PTH);
        }
        if (c.mcpManifests().contains(name)) {
            return Optional.of(Kind.MCP);
        }
        return Optional.empty();
    }

    private static String parentName(String path) {
        int slash = path.lastIndexOf('/');
        if (slash < 0) {
            return "";
        }
        String dir = path.substring(0, slash);
        return dir.substring(dir.lastIndexOf('/') + 1);
    }

    /**
     * Reads a manifest, emitting its ConfigValue, ManifestScript and McpTool facts.
     *
     * @param siblings names of the files in the manifest's folder (npm's implicit install needs binding.gyp)
     */
    public Manifest read(Kind kind, FileContent content, Set<String> siblings) {
        String path = content.path();
        switch (kind) {
            case NPM:
                return npm(content, siblings);
            case PYTHON:
                return path.endsWith("setup.cfg") ? setupCfg(content) : pyproject(content);
            case PYTHON_METADATA:
                return metadata(content);
            case PTH:
                return pth(content);
            case MCP:
                return mcp(content);
            default:
                throw new IllegalStateException("unknown manifest kind " + kind);
        }
    }

    private Object parse(FileContent content, ConfigFormat format) {
        ConfigParseResult result = ConfigParser.parse(content, format, bounds);
        if (result instanceof ConfigParseResult.Failed) {
            return ((ConfigParseResult.Failed) result).reason();
        }
        return ((ConfigParseResult.Parsed) result).config();
    }

    private static String text(ConfigNode root, String... keys) {
        return root.at(keys).flatMap(ConfigNode::nonEmptyText).orElse("");
    }

    private void emitValues(ParsedConfig config, String document) {
        for (ConfigValue v : config.values(document)) {
            sink.accept(v);
        }
    }

    // ---- npm

    private Manifest npm(FileContent content, Set<String> siblings) {
        Object parsed = parse(content, ConfigFormat.JSON);
        if (parsed instanceof String) {
            return new Manifest(Kind.NPM, "", "", false, (String) parsed);
        }
        ParsedConfig config = (ParsedConfig) parsed;
        emitValues(config, "package-json");
        ConfigNode root = config.root();
        boolean installScript = false;
        Optional<ConfigNode> scripts = root.get("scripts");
        if (scripts.isPresent() && scripts.get().isObject()) {
            for (Map.Entry<String, ConfigNode> e : scripts.get().fields().entrySet()) {
                if (!settings.npm().lifecycleScripts().contains(e.getKey())) {
                    continue;
                }
                installScript |= e.getKey().equals("install") || e.getKey().equals("preinstall");
                String command = e.getValue().nonEmptyText().orElse("");
                int line = e.getValue().line();
                sink.accept(new ManifestScript(content.path(), "npm", e.getKey(), command, line,
                        config.snippet(line)));
            }
        }
        String gyp = settings.npm().implicitInstallFile();
        if (gyp != null && siblings.contains(gyp) && !installScript) {
            sink.accept(new ManifestScript(content.path(), "npm", "install", "node-gyp rebuild", 1,
                    gyp + " present: npm runs node-gyp rebuild on install"));
        }
        return new Manifest(Kind.NPM, text(root, "name"), text(root, "version"), false, null);
    }

    // ---- Python

    private Manifest pyproject(FileContent content) {
        Object parsed = parse(content, ConfigFormat.TOML);
        if (parsed instanceof String) {
            return new Manifest(Kind.PYTHON, "", "", false, (String) parsed);
        }
        ParsedConfig config = (ParsedConfig) parsed;
        emitValues(config, "pyproject");
        ConfigNode root = config.root();
        Optional<ConfigNode> backend = root.at("build-system", "build-backend");
        Optional<ConfigNode> backendPath = root.at("build-system", "backend-path");
        if (backend.isPresent() && backendPath.isPresent()) {
            List<String> paths = new ArrayList<>();
            for (ConfigNode p : backendPath.get().elements()) {
                p.nonEmptyText().ifPresent(paths::add);
            }
            String command = backend.get().nonEmptyText().orElse("") + " (backend-path " + String.join(", ", paths)
                    + ")";
            int line = backend.get().line();
            sink.accept(new ManifestScript(content.path(), "pypi", "build-backend", command, line,
                    config.snippet(line)));
        }
        hatchHook(content.path(), config, root.at("tool", "hatch", "build", "hooks", "custom"));
        root.at("tool", "hatch", "build", "targets").ifPresent(targets -> {
            for (ConfigNode target : targets.fields().values()) {
                hatchHook(content.path(), config, target.at("hooks", "custom"));
            }
        });
        String name = text(root, "project", "name");
        String version = text(root, "project", "version");
        if (name.isEmpty()) {
            name = text(root, "tool", "poetry", "name");
            version = text(root, "tool", "poetry", "version");
        }
        return new Manifest(Kind.PYTHON, name, version, false, null);
    }

    private void hatchHook(String file, ParsedConfig config, Optional<ConfigNode> custom) {
        if (custom.isEmpty()) {
            return;
        }
        String script = custom.get().get("path").flatMap(ConfigNode::nonEmptyText).orElse("hatch_build.py");
        int line = custom.get().line();
        sink.accept(new ManifestScript(file, "pypi", "build-hook", script, line, config.snippet(line)));
    }

    private Manifest setupCfg(FileContent content) {
        if (!content.isText()) {
            return new Manifest(Kind.PYTHON, "", "", false, "binary content, not setup.cfg");
        }
        IniDocument ini = IniDocument.read(content.path(), content.text(), bounds.maxNodes(), bounds.snippetChars());
        for (ConfigValue v : ini.values("setup-cfg")) {
            sink.accept(v);
        }
        return new Manifest(Kind.PYTHON, ini.get("metadata", "name"), ini.get("metadata", "version"), false,
                ini.problem());
    }

    /** PKG-INFO / METADATA: RFC 822 style headers up to the first blank line. */
    private Manifest metadata(FileContent content) {
        if (!content.isText()) {
            return new Manifest(Kind.PYTHON_METADATA, "", "", false, "binary content, not package metadata");
        }
        String name = "";
        String version = "";
        String text = content.text();
        int start = 0;
        int lines = 0;
        while (start < text.length() && lines++ < 10_000) {
            int end = text.indexOf('\n', start);
            String line = (end < 0 ? text.substring(start) : text.substring(start, end)).stripTrailing();
            if (line.isEmpty()) {
                break;
            }
            if (line.regionMatches(true, 0, "Name:", 0, 5) && name.isEmpty()) {
                name = line.substring(5).strip();
            } else if (line.regionMatches(true, 0, "Version:", 0, 8) && version.isEmpty()) {
                version = line.substring(8).strip();
            }
            if (end < 0) {
                break;
            }
            start = end + 1;
        }
        return new Manifest(Kind.PYTHON_METADATA, name, version, false, null);
    }

    /** A .pth file: lines that start with {@code import} run at every interpreter start. */
    private Manifest pth(FileContent content) {
        if (!content.isText()) {
            return new Manifest(Kind.PTH, "", "", false, "binary content, not a .pth file");
        }
        String[] lines = content.text().split("\r\n|\r|\n", -1);
        int limit = Math.min(lines.length, bounds.maxNodes());
        for (int i = 0; i < limit; i++) {
            String line = lines[i];
            for (String prefix : settings.python().pthExecutablePrefixes()) {
                if (line.startsWith(prefix)) {
                    String command = cut(line.strip(), bounds.snippetChars() * 8);
                    sink.accept(new ManifestScript(content.path(), "pypi", "pth", command, i + 1,
                            cut(line.strip(), bounds.snippetChars())));
                    break;
                }
            }
        }
        return new Manifest(Kind.PTH, "", "", false, null);
    }

    private static String cut(String s, int max) {
        return s.length() > max ? s.substring(0, max) + "…" : s;
    }

    // ---- MCP

    private Manifest mcp(FileContent content) {
        String path = content.path();
        String name = path.substring(path.lastIndexOf('/') + 1);
        ConfigFormat format = name.endsWith(".yaml") || name.endsWith(".yml") ? ConfigFormat.YAML : ConfigFormat.JSONC;
        Object parsed = parse(content, format);
        if (parsed instanceof String) {
            return new Manifest(Kind.MCP, "", "", false, (String) parsed);
        }
        ParsedConfig config = (ParsedConfig) parsed;
        ConfigNode root = config.root();
        if (!root.isObject()) {
            return new Manifest(Kind.MCP, "", "", false, "not an object at the top level");
        }
        ScanSettings.Components c = settings.components();
        boolean client = c.mcpClientKeys().stream().anyMatch(k -> root.get(k).isPresent());
        boolean server = c.mcpServerKeys().stream().anyMatch(k -> root.get(k).isPresent());
        String document = client && !server ? "mcp-config"
                : name.startsWith("smithery.") ? "smithery" : "mcp-manifest";
        emitValues(config, document);
        root.get("tools").ifPresent(tools -> {
            for (ConfigNode tool : tools.elements()) {
                if (!tool.isObject()) {
                    continue;
                }
                String toolName = text(tool, "name");
                String description = text(tool, "description");
                String schema = tool.get("inputSchema").or(() -> tool.get("input_schema"))
                        .map(s -> write(toJson(s))).orElse("");
                sink.accept(new McpTool(path, toolName, description, schema, false, tool.line(),
                        config.snippet(tool.line())));
            }
        });
        String version = text(root, "version");
        if (version.isEmpty()) {
            version = text(root, "version_detail", "version");
        }
        return new Manifest(Kind.MCP, text(root, "name"), version, server, null);
    }

    private static JsonNode toJson(ConfigNode node) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        switch (node.type()) {
            case OBJECT: {
                ObjectNode o = f.objectNode();
                for (Map.Entry<String, ConfigNode> e : node.fields().entrySet()) {
                    o.set(e.getKey(), toJson(e.getValue()));
                }
                return o;
            }
            case ARRAY: {
                ArrayNode a = f.arrayNode();
                for (ConfigNode e : node.elements()) {
                    a.add(toJson(e));
                }
                return a;
            }
            case NUMBER:
                try {
                    return f.numberNode(new BigDecimal(node.text()));
                } catch (NumberFormatException e) {
                    return f.textNode(node.text());
                }
            case BOOLEAN:
                return f.booleanNode(Boolean.parseBoolean(node.text()));
            case NULL:
                return f.nullNode();
            default:
                return f.textNode(node.text());
        }
    }

    private String write(JsonNode node) {
        try {
            String s = Writer.JSON.writeValueAsString(node);
            int max = settings.bounds().maxTextChars();
            return s.length() > max ? s.substring(0, max) + "…" : s;
        } catch (JsonProcessingException e) {
            return "";
        }
    }
}
