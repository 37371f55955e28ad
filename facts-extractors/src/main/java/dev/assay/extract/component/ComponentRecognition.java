package dev.assay.extract.component;

import dev.assay.engine.fact.Component;
import dev.assay.engine.fact.ConfigValue;
import dev.assay.engine.fact.Fact;
import dev.assay.engine.fact.InstalledSkill;
import dev.assay.engine.fact.TextDocument;
import dev.assay.engine.spi.FactSink;
import dev.assay.engine.spi.Recognition;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
     * What a component scan looks for, each with the manifest documents (or {@code kind:} the component kind) that
     * show it is there; skill instructions and source code are shown by their facts.
     */
    private static final Map<String, List<String>> LOOKED_FOR = new TreeMap<>(Map.of(
            "skill instructions (SKILL.md)", List.of(),
            "npm manifest (package.json)", List.of("package-json", "kind:" + ComponentScan.NPM_PACKAGE),
            "Python manifest (pyproject.toml, setup.cfg, PKG-INFO)", List.of("pyproject", "setup-cfg", "kind:" + ComponentScan.PYTHON_PACKAGE),
            "MCP manifest (server.json, smithery.yaml, mcp.json)", List.of("mcp-manifest", "mcp-config", "smithery", "kind:" + ComponentScan.MCP_SERVER),
            "source code (Python, JavaScript, TypeScript, shell)", List.of()));

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
        LOOKED_FOR.forEach((what, documents) -> {
            boolean present = what.startsWith("skill") ? !skills.isEmpty()
                    : what.startsWith("source") ? roles.containsKey("code")
                    : documents.stream().anyMatch(d -> manifests.containsKey(d) || d.equals("kind:" + kind));
            if (!present) {
                missing.add(what);
            }
        });
        return new Recognition(found, List.of(new Recognition.NotFound(GROUP, missing)));
    }
}
