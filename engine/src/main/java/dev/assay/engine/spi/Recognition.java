package dev.assay.engine.spi;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What the extract stage recognised in a target and what it looked for there without finding it, so that a user who
 * pointed Assay at the wrong folder sees what was (and was not) there. {@code found}: one entry per kind of thing and
 * group, e.g. the Cursor MCP client config, or the code files of a component; {@code notFound}: per group (an agent,
 * or "component"), the known locations or kinds that were looked for and are absent. Both in canonical order (by
 * group, then kind; paths and items sorted), so equal targets give equal recognitions.
 */
@JsonPropertyOrder({"found", "notFound"})
public record Recognition(List<Found> found, List<NotFound> notFound) {

    /** Nothing recognised and nothing looked for (no extractor reported any). */
    public static final Recognition NONE = new Recognition(List.of(), List.of());

    public Recognition {
        found = canonicalFound(found);
        notFound = canonicalNotFound(notFound);
    }

    /**
     * Things of one {@code kind} (agent-config, mcp-client-config, secret-store, skills-folder, state-folder, … for
     * an installation; component, manifest, skill-instructions, code, … for a component) that belong to {@code group},
     * {@code count} of them, at {@code paths} (relative to the target; may list fewer than {@code count} when the
     * extractor lists only a count, as for a component's code files).
     */
    @JsonPropertyOrder({"group", "kind", "count", "paths"})
    public record Found(String group, String kind, int count, List<String> paths) {
        public Found {
            paths = List.copyOf(new TreeSet<>(paths));
        }
    }

    /** What was looked for for {@code group} (an agent, or "component") and is not there: paths, or kinds. */
    @JsonPropertyOrder({"group", "items"})
    public record NotFound(String group, List<String> items) {
        public NotFound {
            items = List.copyOf(new TreeSet<>(items));
        }
    }

    @JsonIgnore
    public boolean isEmpty() {
        return found.isEmpty() && notFound.isEmpty();
    }

    /**
     * Two recognitions (of two extractors over one target) as one: found entries of the same group and kind add up;
     * an item is not-found only when no extractor found it under that group.
     */
    public Recognition merge(Recognition other) {
        if (other == null || other.isEmpty()) {
            return this;
        }
        List<Found> all = new ArrayList<>(found);
        all.addAll(other.found);
        List<NotFound> missing = new ArrayList<>(notFound);
        missing.addAll(other.notFound);
        return new Recognition(all, missing);
    }

    private static List<Found> canonicalFound(List<Found> in) {
        TreeMap<String, TreeMap<String, Found>> byGroup = new TreeMap<>();
        for (Found f : in) {
            byGroup.computeIfAbsent(f.group(), g -> new TreeMap<>()).merge(f.kind(), f, (a, b) -> {
                List<String> paths = new ArrayList<>(a.paths());
                paths.addAll(b.paths());
                return new Found(a.group(), a.kind(), a.count() + b.count(), paths);
            });
        }
        List<Found> out = new ArrayList<>();
        byGroup.values().forEach(kinds -> out.addAll(kinds.values()));
        return List.copyOf(out);
    }

    private static List<NotFound> canonicalNotFound(List<NotFound> in) {
        TreeMap<String, TreeSet<String>> byGroup = new TreeMap<>();
        for (NotFound n : in) {
            byGroup.computeIfAbsent(n.group(), g -> new TreeSet<>()).addAll(n.items());
        }
        List<NotFound> out = new ArrayList<>();
        byGroup.forEach((group, items) -> {
            if (!items.isEmpty()) {
                out.add(new NotFound(group, List.copyOf(items)));
            }
        });
        out.sort(Comparator.comparing(NotFound::group));
        return List.copyOf(out);
    }
}
