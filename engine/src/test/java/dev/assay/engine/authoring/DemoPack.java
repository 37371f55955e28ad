package dev.assay.engine.authoring;

import dev.assay.engine.formula.Formula;
import dev.assay.engine.formula.FormulaRegistry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A small pack over the test-only extractor, written fresh for each test so that tests can break one thing at a time. */
final class DemoPack {

    static final Map<String, String> FILES = new LinkedHashMap<>();

    static {
        FILES.put("pack.yaml", """
                id: demo
                version: "1.0.0"
                title: Demo checks
                scorer: agent-security-score
                formula: agent-security-score@1
                extractors: [test-text]
                data:
                  controls: data/controls.yaml
                """);
        FILES.put("data/controls.yaml", """
                - {id: C1, title: First control}
                - {id: C2, title: Second control}
                """);
        FILES.put("rules/demo.yaml", """
                rules:
                  - id: DEMO-TOKEN
                    title: A demo token in a config file
                    severity: high
                    check: secrets
                    threatClass: risky_construct
                    controls: [C1]
                    remediation: Remove the token.
                    detect:
                      regex:
                        pattern: 'demo-tok-[a-z0-9]{8}'
                    message: "a demo token: {match}"
                  - id: DEMO-READABLE
                    title: A file others can read
                    severity: low
                    check: files
                    controls: [C2]
                    remediation: Make it readable by its owner only.
                    detect:
                      fact:
                        type: FileEntry
                        where:
                          - field: readableByOthers
                            equals: true
                    message: "{file} can be read by other users"
                """);
        FILES.put("tests/cases/token/expect.yaml", """
                ruleid: [DEMO-TOKEN]
                ok: [DEMO-READABLE]
                score: 85
                attestation: true
                """);
        FILES.put("tests/cases/token/target/app.conf", """
                # ok: DEMO-TOKEN
                name = demo
                # ruleid: DEMO-TOKEN
                token = demo-tok-abcd1234
                """);
        FILES.put("tests/cases/clean/expect.yaml", """
                ok: [DEMO-TOKEN]
                ruleid: [DEMO-READABLE]
                modes:
                  app.conf: "0644"
                """);
        FILES.put("tests/cases/clean/target/app.conf", "name = demo\n");
        FILES.put("tests/facts/readable.yaml", """
                facts:
                  - {type: FileEntry, file: notes.txt, size: 10, mode: "0640"}
                  - {type: TextDocument, file: notes.txt, role: config, text: "nothing here"}
                expect:
                  ruleid: [DEMO-READABLE]
                  ok: [DEMO-TOKEN]
                """);
    }

    private DemoPack() {
    }

    /** Writes the pack under {@code root/demo/1.0.0/}, with {@code changes} replacing or adding files (null deletes). */
    static Path write(Path root, Map<String, String> changes) throws IOException {
        Map<String, String> files = new LinkedHashMap<>(FILES);
        changes.forEach((k, v) -> {
            if (v == null) {
                files.remove(k);
            } else {
                files.put(k, v);
            }
        });
        Path dir = root.resolve("demo").resolve("1.0.0");
        for (Map.Entry<String, String> f : files.entrySet()) {
            Path p = dir.resolve(f.getKey());
            Files.createDirectories(p.getParent());
            Files.writeString(p, f.getValue(), StandardCharsets.UTF_8);
        }
        return dir;
    }

    static Path write(Path root) throws IOException {
        return write(root, Map.of());
    }

    /** The shipped Agent Security Score formula, read from the formula-specs module's folder. */
    static FormulaRegistry formulas() throws Exception {
        Path spec = Path.of("..", "formula-specs", "agent-security-score", "v1.yaml");
        return FormulaRegistry.of(List.of(Formula.parse(spec.toString(), Files.readAllBytes(spec))));
    }
}
