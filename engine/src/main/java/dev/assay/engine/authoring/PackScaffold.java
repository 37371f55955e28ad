package dev.assay.engine.authoring;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Writes a new pack, {@code <dir>/<id>/1.0.0/}: pack.yaml, one declarative rule (an MCP server reached over plain
 * http, read from a Cursor MCP config by the {@code agent-installation} extractor), a fixture case where it fires and
 * one where it does not (both with inline annotations and an expect.yaml), a facts case, and a README stub. The result
 * passes {@link PackLinter} and {@link PackTester} as written, so an author starts from green and changes one thing at
 * a time.
 */
public final class PackScaffold {

    public static final String FIRST_VERSION = "1.0.0";
    private static final Pattern ID = Pattern.compile("[a-z][a-z0-9]*(-[a-z0-9]+)*");

    private PackScaffold() {
    }

    /**
     * Creates the pack and returns its version folder.
     *
     * @throws IllegalArgumentException when {@code id} is not lower-case words joined by hyphens (at most 64 characters)
     * @throws IOException when the version folder already exists or a file cannot be written
     */
    public static Path create(String id, Path dir) throws IOException {
        if (id == null || id.length() > 64 || !ID.matcher(id).matches()) {
            throw new IllegalArgumentException("pack id '" + id + "' must be lower-case words joined by hyphens, "
                    + "starting with a letter, e.g. my-pack");
        }
        Path version = dir.resolve(id).resolve(FIRST_VERSION);
        if (Files.exists(version, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException(version + " already exists; pick another id or folder");
        }
        Path packDir = dir.resolve(id);
        if (Files.isSymbolicLink(packDir) || Files.isSymbolicLink(dir)) {
            throw new IOException(packDir + ": refusing to write through a symbolic link");
        }
        String ruleId = ruleId(id);
        Map<String, String> files = files(id, ruleId);
        Files.createDirectories(version);
        for (Map.Entry<String, String> f : files.entrySet()) {
            Path p = version.resolve(f.getKey());
            Files.createDirectories(p.getParent());
            Files.writeString(p, f.getValue(), StandardCharsets.UTF_8);
        }
        return version;
    }

    /** {@code my-pack} gives {@code MY-PACK-MCP-PLAIN-HTTP}. */
    static String ruleId(String packId) {
        return packId.toUpperCase(Locale.ROOT) + "-MCP-PLAIN-HTTP";
    }

    /** The files of the new pack, by pack-relative path. */
    static Map<String, String> files(String id, String ruleId) {
        Map<String, String> out = new LinkedHashMap<>();
        out.put("pack.yaml", """
                id: %1$s
                version: "1.0.0"
                title: %1$s checks
                description: >
                  Say here what this pack checks and for whom. Each rule lives in rules/*.yaml; its tests live in
                  tests/cases/<case>/ (a target folder to scan and expect.yaml) and tests/facts/*.yaml.
                scorer: agent-security-score
                formula: agent-security-score@1
                engine: ">=0.1.0"
                extractors: [agent-installation]
                """.formatted(id));
        out.put("rules/mcp-transport.yaml", """
                # One rule per list item. Run `assay pack lint` after every change and `assay pack test` to run the tests.
                rules:
                  - id: %1$s
                    title: MCP server reached over plain http
                    severity: high
                    check: mcp-transport
                    threatClass: risky_construct
                    message: "{path} is {value}"
                    remediation: Serve the MCP server over https, or run it locally over stdio.
                    detect:
                      config:
                        documents: [cursor, claude-code, vscode-mcp, windsurf, gemini, claude-desktop]
                        when:
                          - path: mcpServers.*.url
                            matches: '^http://'
                """.formatted(ruleId));
        out.put("tests/cases/plain-http/expect.yaml", """
                # Scanning target/ must raise the rule; the annotation in target/.cursor/mcp.json says on which line.
                ruleid: [%1$s]
                """.formatted(ruleId));
        out.put("tests/cases/plain-http/target/.cursor/mcp.json", """
                {
                  "mcpServers": {
                    "weather": {
                      // ruleid: %1$s
                      "url": "http://weather.example.invalid/mcp"
                    }
                  }
                }
                """.formatted(ruleId));
        out.put("tests/cases/https/expect.yaml", """
                # The same server over https: the rule must stay quiet.
                ok: [%1$s]
                """.formatted(ruleId));
        out.put("tests/cases/https/target/.cursor/mcp.json", """
                {
                  "mcpServers": {
                    "weather": {
                      // ok: %1$s
                      "url": "https://weather.example.invalid/mcp"
                    }
                  }
                }
                """.formatted(ruleId));
        out.put("tests/facts/plain-http.yaml", """
                # Facts stated directly, for rules whose facts are easier to state than to produce from a fixture.
                facts:
                  - {type: ConfigValue, file: .cursor/mcp.json, document: cursor, path: mcpServers.weather.url,
                     value: "http://weather.example.invalid/mcp", line: 5}
                  - {type: ConfigValue, file: .cursor/mcp.json, document: cursor, path: mcpServers.files.url,
                     value: "https://files.example.invalid/mcp", line: 8}
                expect:
                  ruleid: [%1$s]
                """.formatted(ruleId));
        out.put("README.md", """
                # %1$s

                A rule pack for Assay. Layout:

                - `pack.yaml`: identity, scorer, formula and the extractors whose facts the rules read
                - `rules/*.yaml`: the rules (see docs/rule-packs.md in the Assay repository)
                - `tests/cases/<case>/`: a `target/` folder to scan and `expect.yaml` (`ruleid:` must fire, `ok:` must not);
                  a comment `ruleid: ID` or `ok: ID` in a fixture file is about the next line
                - `tests/facts/*.yaml`: facts stated directly, with `expect: {ruleid: [...], ok: [...]}`

                Check and test it:

                ```
                assay pack lint %2$s
                assay pack test %2$s
                assay scan <target> --pack %2$s
                ```

                Once released, a version is never edited: copy the folder to the next version and change that.
                """.formatted(id, id + "/" + FIRST_VERSION));
        return out;
    }

    /** The paths {@link #create} writes, relative to the version folder. */
    public static List<String> paths() {
        return new ArrayList<>(files("x", "X").keySet());
    }
}
