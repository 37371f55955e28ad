package dev.assay.extract.agent;

import dev.assay.engine.fact.ConfigValue;
import dev.assay.engine.fact.ReplacedConfigValue;
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
import java.util.HashMap;
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
 * keeps the included file and its own line, so a finding points there. Merged as OpenClaw's {@code deepMerge} does
 * (src/config/includes.ts): the files of a list in order, later ones over earlier ones, and the object's own sibling
 * keys last; objects merge key by key, lists are concatenated, any other value replaces what was there. A value a
 * later source replaces is dropped from the merged config but kept apart ({@link #replaced()}): it is still written
 * on disk, where a literal secret is a secret whether or not the agent uses it.
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
    /** Values a later source replaced, as merging met them (every level of includes). */
    private final List<ReplacedConfigValue> replaced = new ArrayList<>();
    private List<ReplacedConfigValue> replacedInConfig = List.of();

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

    /**
     * The values of {@code config} with its includes resolved, as described above, each tagged with the top file as
     * the config it belongs to ({@link ConfigValue#configFile()}).
     */
    List<ConfigValue> values(ParsedConfig config) {
        Deque<String> chain = new ArrayDeque<>();
        chain.push(config.file());
        List<ConfigValue> merged = resolve(config, "", chain);
        List<ConfigValue> out = new ArrayList<>(merged.size());
        Set<String> written = new HashSet<>();
        for (ConfigValue v : merged) {
            out.add(v.inConfig(config.file()));
            written.add(v.file() + "\u0000" + v.line() + "\u0000" + v.path());
        }
        // A file included twice may be replaced in one place and in effect in another: it is in effect then. The
        // same value replaced twice is listed once.
        List<ReplacedConfigValue> apart = new ArrayList<>();
        for (ReplacedConfigValue r : replaced) {
            if (written.add(r.file() + "\u0000" + r.line() + "\u0000" + r.path())) {
                apart.add(new ReplacedConfigValue(r.file(), r.document(), r.path(), r.value(), r.type(), r.line(),
                        r.snippet(), config.file(), r.replacedBy()));
            }
        }
        replacedInConfig = List.copyOf(apart);
        return out;
    }

    /**
     * The values written in the files read that a later source replaced, so that the merged config of
     * {@link #values} does not hold them, each tagged with the top file as its config; valid after {@link #values}.
     */
    List<ReplacedConfigValue> replaced() {
        return replacedInConfig;
    }

    /** The values one {@code $include} key brings in, under the path of the object that holds the key. */
    private record Included(String holder, List<ConfigValue> values) {
        int depth() {
            return holder.isEmpty() ? 0 : holder.split("\\.", -1).length;
        }
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
        List<Included> includes = new ArrayList<>();
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
            List<ConfigValue> merged = null;
            for (String spec : specs) {
                Optional<List<ConfigValue>> file = follow(config.file(), spec, holder, chain);
                if (file.isPresent()) {
                    // A list of files is merged in order, each later file over the ones before it.
                    merged = merged == null ? file.get() : merge(merged, file.get(), replaced);
                }
            }
            if (merged != null) {
                includes.add(new Included(holder, merged));
            }
        }
        // The object's own keys are merged over what it includes. An include held deeper down is part of the own keys
        // of an include held higher up, so the deepest are merged first.
        includes.sort(java.util.Comparator.comparingInt(Included::depth).reversed());
        List<ConfigValue> result = own;
        for (Included included : includes) {
            result = merge(included.values(), result, replaced);
        }
        return result;
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
     * OpenClaw's deep merge of {@code source} over {@code target}, on flattened values: where both hold an object the
     * two merge key by key; where both hold a list, the source's elements follow the target's (renumbered after them);
     * anywhere else the source's value replaces the target's, with everything under it. The target's surviving values
     * come first, then the source's. A target value the source replaces (not merges with) is added to
     * {@code replaced}.
     */
    static List<ConfigValue> merge(List<ConfigValue> target, List<ConfigValue> source,
            List<ReplacedConfigValue> replaced) {
        Map<String, ConfigValue> t = byPath(target);
        Map<String, ConfigValue> s = byPath(source);
        List<ConfigValue> out = new ArrayList<>(target.size() + source.size());
        for (ConfigValue v : target) {
            Fate fate = fate(v.path(), t, s);
            if (fate.survives()) {
                out.add(v);
            } else if (fate.replacedBy() != null) {
                replaced.add(ReplacedConfigValue.of(v, fate.replacedBy()));
            }
        }
        for (ConfigValue v : source) {
            out.add(placed(v, t, s));
        }
        return out;
    }

    /**
     * What becomes of a target value when the source is merged over it: it keeps its place; or the source's node
     * at the same path stands for it (merged with it: both objects or both lists); or a source value replaces it.
     */
    private record Fate(boolean survives, ConfigValue replacedBy) {
        static final Fate KEPT = new Fate(true, null);
        static final Fate MERGED = new Fate(false, null);
    }

    private static Fate fate(String path, Map<String, ConfigValue> t, Map<String, ConfigValue> s) {
        for (String at : prefixes(path)) {
            ConfigValue tv = t.get(at);
            ConfigValue sv = s.get(at);
            if (sv == null && tv != null) {
                return Fate.KEPT; // the source sets nothing here, so nothing below either
            }
            if (sv == null || tv == null) {
                continue; // an included file's values sit under an object only the including file holds
            }
            boolean mergeable = both(tv, sv, "object") || both(tv, sv, "array");
            if (at.equals(path)) {
                return mergeable ? Fate.MERGED : new Fate(false, sv);
            }
            if (both(tv, sv, "object")) {
                continue;
            }
            // a list keeps its elements and gets the source's after them; anything else is replaced with all below
            return both(tv, sv, "array") ? Fate.KEPT : new Fate(false, sv);
        }
        return Fate.KEPT;
    }

    /** A source value where it lands: renumbered after the target's elements when both hold a list above it. */
    private static ConfigValue placed(ConfigValue v, Map<String, ConfigValue> t, Map<String, ConfigValue> s) {
        String path = v.path();
        for (String at : prefixes(path)) {
            ConfigValue tv = t.get(at);
            ConfigValue sv = s.get(at);
            if (tv == null || sv == null) {
                continue;
            }
            if (both(tv, sv, "array")) {
                int before = count(tv);
                if (at.equals(path)) {
                    return withPath(v, path, Integer.toString(before + count(sv)));
                }
                int start = at.length() + 1;
                int end = path.indexOf('.', start);
                String index = end < 0 ? path.substring(start) : path.substring(start, end);
                if (!index.matches("\\d{1,9}")) {
                    return v;
                }
                String renumbered = at + "." + (before + Integer.parseInt(index)) + (end < 0 ? "" : path.substring(end));
                return withPath(v, renumbered, v.value());
            }
            if (!both(tv, sv, "object")) {
                return v; // the source's value replaces the target's here
            }
        }
        return v;
    }

    /** The path itself and every shorter path above it, shortest first ("" is the root). */
    private static List<String> prefixes(String path) {
        List<String> out = new ArrayList<>();
        out.add("");
        for (int dot = path.indexOf('.'); dot >= 0; dot = path.indexOf('.', dot + 1)) {
            out.add(path.substring(0, dot));
        }
        if (!path.isEmpty()) {
            out.add(path);
        }
        return out;
    }

    private static Map<String, ConfigValue> byPath(List<ConfigValue> values) {
        Map<String, ConfigValue> out = new HashMap<>();
        for (ConfigValue v : values) {
            out.put(v.path(), v);
        }
        return out;
    }

    private static boolean both(ConfigValue a, ConfigValue b, String type) {
        return type.equals(a.type()) && type.equals(b.type());
    }

    private static int count(ConfigValue list) {
        try {
            return Integer.parseInt(list.value());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static ConfigValue withPath(ConfigValue v, String path, String value) {
        return new ConfigValue(v.file(), v.document(), path, value, v.type(), v.line(), v.snippet(), v.configFile());
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
