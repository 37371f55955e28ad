package dev.assay.extract.component;

import dev.assay.engine.fact.Fact;
import dev.assay.engine.fact.FileEntry;
import dev.assay.engine.fact.FileTag;
import dev.assay.engine.fact.TextDocument;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Compiled code shipped without its source (Python bytecode, Java classes, WebAssembly, minified JavaScript): nothing
 * in the component can be read for what it does. Built from the emitted facts once the whole component has been seen;
 * where the source would be is data ({@code file-relations.yaml}).
 */
final class CompiledSources {

    static final String TAG = "compiled-without-source";
    /**
     * A minified file without its source in a component whose other code can be read (a vendored library next to
     * the component's own code): for a person to look at, not a finding on its own.
     */
    static final String MINIFIED_TAG = "minified-without-source";

    private final RelationSettings settings;
    private final Set<String> files = new TreeSet<>();
    private final Set<String> minified = new HashSet<>();
    private final Set<String> code = new HashSet<>();
    /** Source suffixes present anywhere, and the names (cut at the first dot) that have each. */
    private final Map<String, Set<String>> namesBySuffix = new HashMap<>();

    CompiledSources(RelationSettings settings) {
        this.settings = settings;
    }

    void observe(Fact fact) {
        if (fact instanceof FileEntry e) {
            files.add(e.file());
            String name = PathRules.fileName(e.file());
            int dot = name.indexOf('.');
            namesBySuffix.computeIfAbsent(PathRules.suffix(e.file()), k -> new HashSet<>())
                    .add(dot <= 0 ? name : name.substring(0, dot));
        } else if (fact instanceof FileTag t && t.tag().equals("minified")) {
            minified.add(t.file());
        } else if (fact instanceof TextDocument d && d.role().equals("code")) {
            code.add(d.file());
        }
    }

    /** The tags of compiled files without their source, in path order. */
    List<FileTag> tags() {
        List<FileTag> out = new ArrayList<>();
        boolean readableCode = code.stream().anyMatch(f -> !minified.contains(f));
        for (String file : files) {
            String suffix = PathRules.suffix(file);
            for (RelationSettings.CompiledSource rule : settings.compiledSources()) {
                if (rule.suffix().equals(suffix) && !hasSource(file, rule)) {
                    out.add(new FileTag(file, TAG, rule.what() + " (." + suffix + ") shipped without "
                            + wanted(file, rule)));
                }
            }
            RelationSettings.MinifiedSources m = settings.minifiedSources();
            if (m != null && minified.contains(file) && m.suffixes().contains(suffix) && !minifiedHasSource(file, m)) {
                out.add(readableCode
                        ? new FileTag(file, MINIFIED_TAG, m.what() + " shipped without its source or source map,"
                                + " beside code that can be read")
                        : new FileTag(file, TAG, m.what() + " shipped without its source or source map, and"
                                + " the component has no other code that can be read"));
            }
        }
        return out;
    }

    private static String stem(String file) {
        String name = PathRules.fileName(file);
        int dot = name.indexOf('.');
        return dot <= 0 ? name : name.substring(0, dot);
    }

    private boolean hasSource(String file, RelationSettings.CompiledSource rule) {
        String stem = stem(file);
        switch (rule.match()) {
            case "sibling": {
                String folder = ComponentScan.folder(file);
                List<String> folders = new ArrayList<>(List.of(folder));
                if (PathRules.fileName(folder).equals("__pycache__")) {
                    folders.add(ComponentScan.folder(folder));
                }
                for (String f : folders) {
                    for (String s : rule.sources()) {
                        if (files.contains((f.isEmpty() ? "" : f + "/") + stem + "." + s)) {
                            return true;
                        }
                    }
                }
                return false;
            }
            case "name": {
                int inner = stem.indexOf('$');
                String outer = inner > 0 ? stem.substring(0, inner) : stem;
                return rule.sources().stream().anyMatch(s -> namesBySuffix.getOrDefault(s, Set.of()).contains(outer));
            }
            default:
                return rule.sources().stream().anyMatch(namesBySuffix::containsKey);
        }
    }

    private static String wanted(String file, RelationSettings.CompiledSource rule) {
        return switch (rule.match()) {
            case "sibling", "name" -> stem(file) + "." + rule.sources().get(0);
            default -> "any ." + String.join("/.", rule.sources()) + " source";
        };
    }

    private boolean minifiedHasSource(String file, RelationSettings.MinifiedSources m) {
        if (files.contains(file + ".map")) {
            return true;
        }
        String reduced = reduced(PathRules.fileName(file), m);
        for (String other : files) {
            if (!other.equals(file) && !minified.contains(other) && m.sources().contains(PathRules.suffix(other))
                    && reduced(PathRules.fileName(other), m).equals(reduced)) {
                return true;
            }
        }
        return false;
    }

    /** The name without its suffix and without the parts bundlers add (app.min.js → app). */
    private static String reduced(String name, RelationSettings.MinifiedSources m) {
        List<String> parts = new ArrayList<>(Arrays.asList(name.toLowerCase(Locale.ROOT).split("\\.")));
        if (parts.size() > 1) {
            parts.remove(parts.size() - 1);
        }
        parts.removeIf(m.dropParts()::contains);
        return String.join(".", parts);
    }
}
