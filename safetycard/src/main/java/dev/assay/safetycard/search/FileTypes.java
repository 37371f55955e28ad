package dev.assay.safetycard.search;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * ripgrep's file-type table ({@code -t}/{@code -T}), read from the {@code rg-types.yaml} resource. A selection
 * matches file names only: the last matching type decides (types given with {@code -T} come after those given with
 * {@code -t}, as in ripgrep); with any {@code -t} given, a file that matches none is skipped.
 */
public final class FileTypes {
    private static final String RESOURCE = "/dev/assay/safetycard/search/rg-types.yaml";
    private static volatile FileTypes shipped;

    private final Map<String, List<String>> globsByType;

    private FileTypes(Map<String, List<String>> globsByType) {
        this.globsByType = Collections.unmodifiableMap(globsByType);
    }

    /** The shipped table. */
    public static FileTypes shipped() {
        FileTypes t = shipped;
        if (t == null) {
            t = load();
            shipped = t;
        }
        return t;
    }

    /** Type names to their globs, sorted by name. */
    public Map<String, List<String>> types() {
        return globsByType;
    }

    private static FileTypes load() {
        try (InputStream in = FileTypes.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + RESOURCE);
            }
            JsonNode root = new ObjectMapper(new YAMLFactory()).readTree(in);
            Map<String, List<String>> map = new TreeMap<>();
            for (Map.Entry<String, JsonNode> e : root.path("types").properties()) {
                List<String> globs = new ArrayList<>();
                e.getValue().forEach(g -> globs.add(g.asText()));
                map.put(e.getKey(), List.copyOf(globs));
            }
            return new FileTypes(map);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }

    /** A compiled {@code -t}/{@code -T} selection. */
    static final class Selection {
        private record Entry(List<Glob> globs, boolean select) {
        }

        private final List<Entry> entries;
        private final boolean anySelected;

        private Selection(List<Entry> entries, boolean anySelected) {
            this.entries = entries;
            this.anySelected = anySelected;
        }

        boolean isEmpty() {
            return entries.isEmpty();
        }

        IgnoreMatch match(String fileName, boolean isDir) {
            if (isDir || entries.isEmpty()) {
                return IgnoreMatch.NONE;
            }
            for (int k = entries.size() - 1; k >= 0; k--) {
                Entry entry = entries.get(k);
                for (Glob glob : entry.globs()) {
                    if (glob.matches(fileName)) {
                        return entry.select() ? IgnoreMatch.WHITELIST : IgnoreMatch.IGNORE;
                    }
                }
            }
            return anySelected ? IgnoreMatch.IGNORE : IgnoreMatch.NONE;
        }
    }

    Selection select(List<String> selected, List<String> negated) throws SearchCommandException {
        List<Selection.Entry> entries = new ArrayList<>();
        for (String name : selected) {
            entries.addAll(entriesFor(name, true));
        }
        for (String name : negated) {
            entries.addAll(entriesFor(name, false));
        }
        return new Selection(List.copyOf(entries), !selected.isEmpty());
    }

    private List<Selection.Entry> entriesFor(String name, boolean select) throws SearchCommandException {
        List<Selection.Entry> out = new ArrayList<>();
        if (name.equals("all")) {
            for (List<String> globs : globsByType.values()) {
                out.add(new Selection.Entry(compile(globs), select));
            }
            return out;
        }
        List<String> globs = globsByType.get(name);
        if (globs == null) {
            throw SearchCommandException.invalid("unrecognized file type: " + name
                    + " (ripgrep 13's type table has no such type)");
        }
        out.add(new Selection.Entry(compile(globs), select));
        return out;
    }

    private static List<Glob> compile(List<String> globs) {
        List<Glob> out = new ArrayList<>();
        for (String g : globs) {
            out.add(Glob.compile(g, false, false));
        }
        return List.copyOf(out);
    }
}
