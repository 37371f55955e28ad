package dev.assay.extract.component;

import dev.assay.engine.fact.Component;
import dev.assay.engine.fact.ConfigValue;
import dev.assay.engine.fact.Fact;
import dev.assay.engine.fact.InstalledSkill;
import dev.assay.engine.fact.TextDocument;
import dev.assay.engine.spi.FactSink;
import dev.assay.engine.spi.Recognition;
import dev.assay.engine.yaml.RecordBinder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Watches the facts of a component scan on their way out and sums up what was analysed (the component's kind, its
 * manifests and skill instructions by path, its files by role by count) and which kinds of input the scan looks for
 * were not there, for the report's {@code coverage.recognition} under the group {@link #GROUP}.
 */
final class ComponentRecognition implements FactSink {

    static final String GROUP = "component";

    /**
     * One kind of input a component scan looks for, and the signs that show it is there (see
     * {@code component-recognition.yaml}).
     */
    record LookedFor(String name, Boolean skillInstructions, List<String> roles, List<String> documents,
            List<String> kinds) {
        LookedFor {
            skillInstructions = Boolean.TRUE.equals(skillInstructions); // left out in most entries: false
            roles = roles == null ? List.of() : List.copyOf(roles);
            documents = documents == null ? List.of() : List.copyOf(documents);
            kinds = kinds == null ? List.of() : List.copyOf(kinds);
        }
    }

    record Table(List<LookedFor> lookedFor) {
    }

    /** Read once; in name order, as the report lists them. */
    private static final List<LookedFor> LOOKED_FOR = load("component-recognition.yaml");

    /** Read without an ObjectMapper (its bean introspection was ~30 ms of a cold skill scan's main thread). */
    static List<LookedFor> load(String resource) {
        List<LookedFor> entries = new ArrayList<>(
                RecordBinder.bundled(ComponentRecognition.class, resource, Table.class).lookedFor());
        entries.sort(Comparator.comparing(LookedFor::name));
        return List.copyOf(entries);
    }

    private final FactSink next;
    private String kind;
    private final TreeMap<String, TreeSet<String>> manifests = new TreeMap<>();
    private final TreeSet<String> skills = new TreeSet<>();
    private final TreeMap<String, Integer> roles = new TreeMap<>();

    ComponentRecognition(FactSink next) {
        this.next = next;
    }

    @Override
    public void accept(Fact fact) {
        if (fact instanceof Component c) {
            kind = c.kind();
        } else if (fact instanceof ConfigValue v) {
            manifests.computeIfAbsent(v.document(), d -> new TreeSet<>()).add(v.file());
        } else if (fact instanceof InstalledSkill s) {
            skills.add(s.file());
        } else if (fact instanceof TextDocument t) {
            roles.merge(t.role(), 1, Integer::sum);
        }
        next.accept(fact);
    }

    Recognition result() {
        List<Recognition.Found> found = new ArrayList<>();
        if (kind != null && (!roles.isEmpty() || !manifests.isEmpty())) {
            found.add(new Recognition.Found(GROUP, kind, 1, List.of(".")));
        }
        if (!skills.isEmpty()) {
            found.add(new Recognition.Found(GROUP, "skill-instructions", skills.size(), List.copyOf(skills)));
        }
        manifests.forEach((document, files) -> found.add(new Recognition.Found(GROUP, "manifest " + document,
                files.size(), List.copyOf(files))));
        // Files by role are counted, not listed: the coverage already names every file read.
        roles.forEach((role, n) -> found.add(new Recognition.Found(GROUP, role + " files", n, List.of())));
        List<String> missing = new ArrayList<>();
        for (LookedFor what : LOOKED_FOR) {
            boolean present = what.skillInstructions() && !skills.isEmpty()
                    || what.roles().stream().anyMatch(roles::containsKey)
                    || what.documents().stream().anyMatch(manifests::containsKey)
                    || kind != null && what.kinds().contains(kind);
            if (!present) {
                missing.add(what.name());
            }
        }
        return new Recognition(found, List.of(new Recognition.NotFound(GROUP, missing)));
    }
}
