package dev.assay.engine.diff;

import dev.assay.engine.ScanException;
import dev.assay.engine.Scanner;
import dev.assay.engine.formula.Formula;
import dev.assay.engine.pack.CompiledPack;
import dev.assay.engine.pack.DirectoryPackFiles;
import dev.assay.engine.pack.PackCompiler;
import dev.assay.engine.pack.PackLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Two versions of a small test pack over the test-only extractors, and targets that tell them apart. 1.1.0 raises
 * DEMO-READABLE from low to medium, adds DEMO-SECRET-WORD (high) and drops DEMO-OLD (medium). Scored with the Agent
 * Security Score formula (100 minus 40/15/5/1/0 per finding), expected results are worked out in the tests.
 */
final class TwoVersions {

    static final Clock FIXED = Clock.fixed(Instant.parse("2025-01-01T00:00:00Z"), ZoneOffset.UTC);

    private TwoVersions() {
    }

    static String pack(String version) {
        boolean v2 = version.equals("1.1.0");
        StringBuilder rules = new StringBuilder("""
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
                  - id: DEMO-READABLE
                    title: A file others can read
                """);
        rules.append("    severity: ").append(v2 ? "medium" : "low").append('\n');
        rules.append("""
                    check: files
                    controls: [C2]
                    remediation: Make it readable by its owner only.
                    detect:
                      fact:
                        type: FileEntry
                        where:
                          - field: readableByOthers
                            equals: true
                """);
        if (v2) {
            rules.append("""
                      - id: DEMO-SECRET-WORD
                        title: A password in a config file
                        severity: high
                        check: secrets
                        threatClass: risky_construct
                        controls: [C1]
                        remediation: Keep passwords out of config files.
                        detect:
                          regex:
                            pattern: 'password\\s*='
                    """);
        } else {
            rules.append("""
                      - id: DEMO-OLD
                        title: A legacy flag
                        severity: medium
                        check: files
                        controls: [C2]
                        remediation: Drop the legacy flag.
                        detect:
                          regex:
                            pattern: 'legacy-flag'
                    """);
        }
        return rules.toString();
    }

    /** Writes {@code root/demo/<version>/} and returns the folder. */
    static Path write(Path root, String version) throws Exception {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("pack.yaml", """
                id: demo
                version: "%s"
                title: Demo checks
                scorer: agent-security-score
                formula: agent-security-score@1
                extractors: [test-text, test-counting]
                data:
                  controls: data/controls.yaml
                """.formatted(version));
        files.put("data/controls.yaml", """
                - {id: C1, title: First control}
                - {id: C2, title: Second control}
                """);
        files.put("rules/demo.yaml", pack(version));
        Path dir = root.resolve("demo").resolve(version);
        for (Map.Entry<String, String> f : files.entrySet()) {
            Path p = dir.resolve(f.getKey());
            Files.createDirectories(p.getParent());
            Files.writeString(p, f.getValue(), StandardCharsets.UTF_8);
        }
        return dir;
    }

    static CompiledPack compile(Path root, String version) throws Exception {
        return PackCompiler.compile(new PackLoader().load(DirectoryPackFiles.open(write(root, version))));
    }

    static byte[] formulaBytes() throws Exception {
        return Files.readAllBytes(Path.of("..", "formula-specs", "agent-security-score", "v1.yaml"));
    }

    static Formula formula() throws Exception {
        return Formula.parse("agent-security-score/v1.yaml", formulaBytes());
    }

    /** The v1 spec as version 2 with other text replacing {@code from} (to make a changed formula). */
    static Formula formulaV2(String from, String to) throws Exception {
        return Formula.parse("agent-security-score/v2.yaml", v2Bytes(from, to));
    }

    static byte[] v2Bytes(String from, String to) throws Exception {
        String text = new String(formulaBytes(), StandardCharsets.UTF_8);
        if (!text.contains(from)) {
            throw new IllegalArgumentException("v1 spec has no '" + from + "'");
        }
        return text.replace("version: 1\n", "version: 2\n").replace(from, to).getBytes(StandardCharsets.UTF_8);
    }

    static Scanner scanner(CompiledPack pack, Formula formula) throws ScanException {
        return Scanner.builder().pack(pack).formula(formula).clock(FIXED).build();
    }

    /** Writes a target folder with the given files. */
    static Path target(Path root, String name, Map<String, String> files) throws Exception {
        Path dir = root.resolve(name);
        Files.createDirectories(dir);
        for (Map.Entry<String, String> f : files.entrySet()) {
            Files.writeString(dir.resolve(f.getKey()), f.getValue(), StandardCharsets.UTF_8);
            Files.setPosixFilePermissions(dir.resolve(f.getKey()), java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
        }
        return dir;
    }
}
