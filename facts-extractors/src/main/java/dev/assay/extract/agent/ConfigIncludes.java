package dev.assay.extract.agent;

import dev.assay.engine.fact.ConfigValue;
import dev.assay.engine.spi.FileContent;
import dev.assay.engine.spi.Target;
import dev.assay.extract.config.ConfigBounds;
import dev.assay.extract.config.ConfigFormat;
import dev.assay.extract.config.ConfigParseResult;
import dev.assay.extract.config.ConfigParser;
import dev.assay.extract.config.ParsedConfig;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Follows the config includes of OpenClaw ({@code "$include": "./agents.json5"} or a list of files, in any object):
 * the included file's values are read as if written in place of the object holding the key, so that rules see
 * {@code agents.defaults.sandbox.mode} whether it is written in openclaw.json or in an included file; each value
 * keeps the included file and its own line, so a finding points there. Merge order as OpenClaw documents it: the files
 * of a list in order, later ones overriding earlier ones, and the object's own sibling keys last; a value a later
 * source overrides is dropped.
 *
 * <p>Bounded and confined: only relative paths that stay inside the folder of the top config (the state folder),
 * never an absolute path, {@code ~}, or a {@code ..} that leaves it; no symbolic link (the target never follows one);
 * at most {@code maxDepth} levels and {@code maxFiles} files per top config; a cycle is cut where it closes. Every
 * include not followed is recorded with {@link Target#skip} and its reason. The files read are kept for the caller,
 * who emits their facts when it emits the top config's.
 */
final class ConfigIncludes {

    private final KnownLocations.Includes settings;
    private final Target target;
    private final ConfigBounds bounds;
    private final String document;
    private final String root;
    private final Map<String, FileContent> followed = new LinkedHashMap<>();
    /** Includes read, counting a file included from two places twice: the bound is on work, not on distinct files. */
    private int reads;
    private final Set<String> skippedOnce = new HashSet<>();

    /** @param root the folder includes must stay inside: the folder of the top config */
    ConfigIncludes(KnownLocations.Includes settings, Target target, ConfigBounds bounds, String document, String root) {
        this.settings = settings;
        this.target = target;
        this.bounds = bounds;
        this.document = document;
        this.root = root;
    }

    /** The files included and read, in the order they were followed, with their contents. */
    Map<String, FileContent> followed() {
        return followed;
    }

    /** The values of {@code config} with its includes resolved, as described above. */
    List<ConfigValue> values(ParsedConfig config) {
        Deque<String> chain = new ArrayDeque<>();
        chain.push(config.file());
        return resolve(config, "", chain);
    }

    /** The values of one file, re-rooted under {@code prefix}, with its own includes merged in. */
    private List<ConfigValue> resolve(ParsedConfig config, String prefix, Deque<String> chain) {
        List<ConfigValue> own = new ArrayList<>();
        for (ConfigValue v : config.values(document)) {
            if (!prefix.isEmpty() && v.path().isEmpty()) {
                continue; // the included root stands for the object that holds $include, already a value
            }
            own.add(new ConfigValue(v.file(), v.document(), join(prefix, v.path()), v.value(), v.type(), v.line(),
                    v.snippet()));
        }
        List<List<ConfigValue>> layers = new ArrayList<>();
        for (ConfigValue key : own) {
            if (!key.file().equals(config.file()) || !key.key().equals(settings.key())) {
                continue;
            }
            List<String> specs = new ArrayList<>();
            if ("string".equals(key.type())) {
                specs.add(key.value());
            } else if ("array".equals(key.type())) {
                for (ConfigValue e : own) {
                    if (e.file().equals(config.file()) && parentOf(e.path()).equals(key.path()) && "string".equals(e.type())) {
                        specs.add(e.value());
                    }
                }
            }
            String holder = parentOf(key.path());
            for (String spec : specs) {
                follow(config.file(), spec, holder, chain).ifPresent(layers::add);
            }
        }
        layers.add(own);
        return withoutOverridden(layers);
    }

    /** Reads one included file if it may be read; otherwise records why not. */
    private Optional<List<ConfigValue>> follow(String from, String spec, String holder, Deque<String> chain) {
        Optional<String> resolved = confined(TargetGlob.parent(from), spec);
        if (resolved.isEmpty()) {
            return skip(from, spec, spec, "absolute, home-relative or outside the state folder " + shown(root));
        }
        String path = resolved.get();
        if (chain.contains(path)) {
            return skip(from, spec, path, "include cycle (" + path + " already includes this file)");
        }
        if (chain.size() > settings.maxDepth()) {
            return skip(from, spec, path, "deeper than " + settings.maxDepth() + " levels of includes");
        }
        if (reads >= settings.maxFiles()) {
            return skip(from, spec, path, "more than " + settings.maxFiles() + " included files");
        }
        if (!target.exists(path) || target.isDirectory(path)) {
            return skip(from, spec, path, "no such file (or a symbolic link, which is never followed)");
        }
        Optional<FileContent> content = target.read(path);
        if (content.isEmpty()) {
            return skip(from, spec, path, "not readable (see its own entry)");
        }
        ConfigParseResult result = ConfigParser.parse(content.get(), ConfigFormat.JSON5, bounds);
        if (result instanceof ConfigParseResult.Failed failed) {
            return skip(from, spec, path, failed.reason());
        }
        ParsedConfig included = ((ConfigParseResult.Parsed) result).config();
        if (!included.root().isObject()) {
            return skip(from, spec, path, "not an object at the top level");
        }
        reads++;
        followed.put(path, content.get());
        chain.push(path);
        try {
            return Optional.of(resolve(included, holder, chain));
        } finally {
            chain.pop();
        }
    }

    private Optional<List<ConfigValue>> skip(String from, String spec, String path, String reason) {
        if (skippedOnce.add(from + "\u0000" + spec)) {
            target.skip(path, settings.key() + " \"" + spec + "\" in " + from + " not followed: " + reason);
        }
        return Optional.empty();
    }

    /**
     * The target path of an include relative to the including file's folder, when it stays inside {@link #root}: no
     * absolute path, no {@code ~}, no {@code ..} above the root (backslashes count as separators).
     */
    Optional<String> confined(String fromFolder, String spec) {
        String s = spec.strip().replace('\\', '/');
        if (s.isEmpty() || s.startsWith("/") || s.startsWith("~") || s.matches("^[A-Za-z]:.*") || s.indexOf('\0') >= 0) {
            return Optional.empty();
        }
        Deque<String> parts = new ArrayDeque<>();
        if (!fromFolder.isEmpty()) {
            for (String p : fromFolder.split("/")) {
                parts.addLast(p);
            }
        }
        for (String p : s.split("/")) {
            if (p.isEmpty() || p.equals(".")) {
                continue;
            }
            if (p.equals("..")) {
                if (parts.isEmpty()) {
                    return Optional.empty();
                }
                parts.removeLast();
            } else {
                parts.addLast(p);
            }
        }
        String path = String.join("/", parts);
        boolean inside = root.isEmpty() ? !path.isEmpty() : path.startsWith(root + "/");
        return inside ? Optional.of(path) : Optional.empty();
    }

    /**
     * The values of all layers, earlier layers first, without those a later layer overrides: one at the same path, or
     * under a path a later layer sets to a scalar or a list (which replaces the whole object).
     */
    static List<ConfigValue> withoutOverridden(List<List<ConfigValue>> layers) {
        Set<String> defined = new HashSet<>();
        Set<String> replaced = new HashSet<>();
        List<List<ConfigValue>> kept = new ArrayList<>();
        for (int i = layers.size() - 1; i >= 0; i--) {
            List<ConfigValue> keep = new ArrayList<>();
            for (ConfigValue v : layers.get(i)) {
                if (i == layers.size() - 1 || !defined.contains(v.path()) && !underReplaced(v.path(), replaced)) {
                    keep.add(v);
                }
            }
            for (ConfigValue v : keep) {
                defined.add(v.path());
                if (!"object".equals(v.type())) {
                    replaced.add(v.path());
                }
            }
            kept.add(0, keep);
        }
        List<ConfigValue> out = new ArrayList<>();
        kept.forEach(out::addAll);
        return out;
    }

    private static boolean underReplaced(String path, Set<String> replaced) {
        for (int dot = path.indexOf('.'); dot >= 0; dot = path.indexOf('.', dot + 1)) {
            if (replaced.contains(path.substring(0, dot))) {
                return true;
            }
        }
        return false;
    }

    private static String parentOf(String path) {
        int dot = path.lastIndexOf('.');
        return dot < 0 ? "" : path.substring(0, dot);
    }

    private static String join(String prefix, String path) {
        return prefix.isEmpty() ? path : path.isEmpty() ? prefix : prefix + "." + path;
    }

    private static String shown(String folder) {
        return folder.isEmpty() ? "(the scanned folder)" : folder;
    }
}
