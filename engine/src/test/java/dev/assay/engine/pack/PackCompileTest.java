package dev.assay.engine.pack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.fact.ConfigValue;
import dev.assay.engine.fact.Fact;
import dev.assay.engine.fact.FileEntry;
import dev.assay.engine.fact.FileTag;
import dev.assay.engine.fact.McpServer;
import dev.assay.engine.fact.ReplacedConfigValue;
import dev.assay.engine.fact.TextDocument;
import dev.assay.engine.rules.Detection;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The declarative detectors, compiled from DRL at run time, over hand-made facts. */
class PackCompileTest {

    static final String PACK = """
            id: test-pack
            version: 1.2.3
            scorer: test
            formula: agent-security-score@1
            extractors: []
            redact: ['tok-[a-z0-9]{8,}']
            configScope: merged
            """;

    static final String RULES = """
            rules:
              - id: T-EXPOSED
                title: bound wide with no auth
                severity: critical
                check: net
                remediation: bind to loopback
                message: "bind {value}"
                detect:
                  config:
                    documents: [openclaw]
                    when:
                      - path: gateway.bind
                        notIn: [loopback]
                      - any:
                          - path: gateway.auth.mode
                            equals: none
                          - none:
                              - path: gateway.auth.mode
                                present: true
                              - path: gateway.auth.token
                                present: true
              - id: T-SIBLING
                title: remote server without headers
                severity: low
                check: net
                remediation: add auth
                message: "server {1} at {value}"
                details: {server: "{1}", url: "{value}", missing: "{2}"}
                detect:
                  config:
                    when:
                      - path: mcpServers.*.url
                        matches: '^http://'
                      - path: mcpServers.{1}.headers
                        missing: true
              - id: T-HTTP
                title: plain http server
                severity: high
                check: net
                remediation: use https
                message: "{name} at {url}"
                detect:
                  fact:
                    type: McpServer
                    where:
                      - field: url
                        matches: '^http://'
                      - field: authConfigured
                        equals: false
              - id: T-KEY
                title: key in text
                severity: high
                check: secrets
                remediation: move it
                redact: true
                details: {name: "{1}", token: "{2}"}
                detect:
                  regex:
                    roles: [config]
                    pattern: '(?:([A-Z]+)=)?(tok-[a-z0-9]{8,})'
                    exclude: ['tok-0{8,}']
              - id: T-SHORT-TOKEN
                title: short literal token
                severity: high
                check: net
                remediation: longer token
                redact: true
                message: "{path} = {value}"
                detect:
                  fact:
                    type: ConfigValue
                    where:
                      - field: path
                        equals: gateway.auth.password
                      - field: value
                        shorterThan: 24
              - id: T-READABLE
                title: readable secret file
                severity: medium
                check: secrets
                remediation: chmod 600
                detect:
                  fact:
                    type: FileEntry
                    where:
                      - field: readableByOthers
                        equals: true
                    sameFile:
                      - type: FileTag
                        where: [{field: tag, equals: secret-store}]
              - id: T-LEAK
                title: key in readable file
                severity: critical
                check: secrets
                remediation: rotate
                detect: {drl: true}
            """;

    static final String DRL = """
            rule "T-LEAK: a key in a readable file"
            when
                $d : Detection(ruleId == "T-KEY", status == "active")
                FileEntry(file == $d.file(), readableByOthers() == true)
            then
                delete($d);
                insert($d.withStatus("superseded", "leak"));
                insert(ctx.derive("T-LEAK", $d, Map.of()).withDetails(Map.of("mode", $d.file(), "rules", List.of("T-KEY"))));
            end
            """;

    static CompiledPack pack;

    @BeforeAll
    static void compile(@TempDir Path dir) throws Exception {
        write(dir, "pack.yaml", PACK);
        write(dir, "rules/test.yaml", RULES);
        write(dir, "drl/leak.drl", DRL);
        pack = PackCompiler.compile(new PackLoader().load(DirectoryPackFiles.open(dir)));
    }

    static void write(Path dir, String rel, String text) throws IOException {
        Path p = dir.resolve(rel);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
    }

    static ConfigValue cv(String file, String path, String value) {
        return new ConfigValue(file, "openclaw", path, value, "string", 3, path + ": " + value);
    }

    static Set<String> fired(List<? extends Fact> facts) {
        return pack.derive(facts).detections().stream().filter(Detection::isActive).map(Detection::ruleId)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    @Test
    void configDetectorHonoursAnyNoneAndMissing() {
        assertEquals(Set.of("T-EXPOSED"), fired(List.of(cv("a.json", "gateway.bind", "lan"))), "no auth keys at all");
        assertEquals(Set.of("T-EXPOSED"), fired(List.of(cv("a.json", "gateway.bind", "lan"), cv("a.json", "gateway.auth.mode", "none"))));
        assertEquals(Set.of(), fired(List.of(cv("a.json", "gateway.bind", "lan"), cv("a.json", "gateway.auth.mode", "token"))));
        assertEquals(Set.of(), fired(List.of(cv("a.json", "gateway.bind", "lan"), cv("a.json", "gateway.auth.token", "x"))));
        assertEquals(Set.of(), fired(List.of(cv("a.json", "gateway.bind", "loopback"))));
        assertEquals(Set.of("T-EXPOSED"), fired(List.of(cv("a.json", "gateway.bind", "lan"), cv("b.json", "gateway.auth.token", "x"))),
                "terms hold within one config only");
        var d = pack.derive(List.of(cv("a.json", "gateway.bind", "lan"))).detections().get(0);
        assertEquals("bind lan", d.message());
    }

    static ConfigValue included(String file, int line, String path, String value, String configFile) {
        return new ConfigValue(file, "openclaw", path, value, "string", line, path + ": " + value, configFile);
    }

    @Test
    void configTermsHoldAcrossTheFilesOfOneMergedConfigAndEachFileIsEvidence() {
        ConfigValue bind = included("s/openclaw.json", 4, "gateway.bind", "lan", "s/openclaw.json");
        ConfigValue none = included("s/gateway.json5", 7, "gateway.auth.mode", "none", "s/openclaw.json");
        ConfigValue token = included("s/gateway.json5", 8, "gateway.auth.token", "x", "s/openclaw.json");
        assertEquals(Set.of("T-EXPOSED"), fired(List.of(bind, none)), "auth off in a file the config includes");
        assertEquals(Set.of(), fired(List.of(bind, token)), "a token in a file the config includes counts");
        var d = pack.derive(List.of(bind, none)).detections().get(0);
        assertEquals(List.of("s/openclaw.json:4", "s/gateway.json5:7"), d.evidence().stream()
                .map(e -> e.file() + ":" + e.lineStart()).toList(), "the anchor, then the value that met the other term");
        assertEquals("s/openclaw.json", d.subject());
        // The same file read as a config of its own (not included) is another config: its values do not count.
        ConfigValue apart = new ConfigValue("s/gateway.json5", "openclaw", "gateway.auth.token", "x", "string", 8, "");
        assertEquals(Set.of("T-EXPOSED"), fired(List.of(bind, apart)));
        assertEquals(1, pack.derive(List.of(cv("a.json", "gateway.bind", "lan"), cv("a.json", "gateway.auth.mode", "none")))
                .detections().get(0).evidence().size(), "within one file the anchor alone is the evidence, as before");
    }

    @Test
    void aPackWithoutMergedConfigScopeJudgesEachFileAlone(@TempDir Path dir) throws Exception {
        // Released packs predate configScope: their config rules keep joining on the anchor's file.
        write(dir, "pack.yaml", PACK.replace("configScope: merged\n", ""));
        write(dir, "rules/test.yaml", RULES);
        write(dir, "drl/leak.drl", DRL);
        CompiledPack fileScoped = PackCompiler.compile(new PackLoader().load(DirectoryPackFiles.open(dir)));
        assertFalse(fileScoped.pack().manifest().mergedConfigs());
        assertTrue(pack.pack().manifest().mergedConfigs());
        ConfigValue bind = included("s/openclaw.json", 4, "gateway.bind", "lan", "s/openclaw.json");
        ConfigValue token = included("s/gateway.json5", 8, "gateway.auth.token", "x", "s/openclaw.json");
        var d = fileScoped.derive(List.of(bind, token)).detections();
        assertEquals(List.of("T-EXPOSED"), d.stream().filter(Detection::isActive).map(Detection::ruleId).toList(),
                "a token in another file of the merged config does not count for a file-scoped pack");
        assertEquals(1, d.get(0).evidence().size(), "and only the anchor is evidence");
        assertEquals(Set.of(), fired(List.of(bind, token)), "while the merged-scope pack sees the token");
    }

    @Test
    void laterTermsCanReferToTheAnchorsWildcards() {
        assertEquals(Set.of("T-SIBLING"), fired(List.of(cv("m.json", "mcpServers.a.url", "http://x.invalid"))));
        assertEquals(Set.of(), fired(List.of(cv("m.json", "mcpServers.a.url", "http://x.invalid"),
                cv("m.json", "mcpServers.a.headers", "1"))));
        assertEquals(Set.of("T-SIBLING"), fired(List.of(cv("m.json", "mcpServers.a.url", "http://x.invalid"),
                cv("m.json", "mcpServers.b.headers", "1"))), "another server's headers do not count");
    }

    @Test
    void detailsComeFromTemplatesCapturesAndDrl() {
        var d = pack.derive(List.of(cv("m.json", "mcpServers.files.url", "http://x.invalid"))).detections().get(0);
        assertEquals("server files at http://x.invalid", d.message());
        assertEquals(java.util.Map.of("server", "files", "url", "http://x.invalid"), d.details(),
                "a detail whose template names a capture the path lacks ({2}) is left out");
        var doc = new TextDocument("x.env", "config", "TOKEN=tok-abcdefgh12\n");
        var key = pack.derive(List.of(doc, new FileEntry("x.env", 10, 0600, false))).detections().get(0);
        assertTrue(key.details().get("name").toString().startsWith("T…"), "a redacting rule redacts every capture");
        assertFalse(key.details().get("token").toString().contains("abcdefgh12"), key.details().toString());
        var leak = pack.derive(List.of(doc, new FileEntry("x.env", 10, 0644, false))).detections().stream()
                .filter(x -> x.ruleId().equals("T-LEAK")).findFirst().orElseThrow();
        assertEquals(java.util.Map.of("mode", "x.env", "rules", List.of("T-KEY")), leak.details());
    }

    @Test
    void factDetectorTestsFields() {
        McpServer plain = new McpServer("c.json", "cursor", "s", "http", null, List.of(), "http://h.invalid/mcp", List.of(),
                List.of(), false, 2, "s");
        McpServer authed = new McpServer("c.json", "cursor", "s", "http", null, List.of(), "http://h.invalid/mcp",
                List.of("Authorization"), List.of(), true, 2, "s");
        assertEquals(Set.of("T-HTTP"), fired(List.of(plain)));
        assertEquals(Set.of(), fired(List.of(authed)));
        assertEquals("s at http://h.invalid/mcp", pack.derive(List.of(plain)).detections().get(0).message());
    }

    @Test
    void factDetectorsOnConfigValuesRedactToo() {
        var d = pack.derive(List.of(cv("a.json", "gateway.auth.password", "hunter2hunter2"))).detections();
        assertEquals(1, d.size());
        assertFalse(d.get(0).evidence().get(0).snippet().contains("hunter2hunter2"), d.get(0).evidence().toString());
        assertFalse(d.get(0).message().contains("hunter2hunter2"), d.get(0).message());
    }

    /**
     * A fact rule may name several fact types: one about what is on disk reads replaced config values too, and one
     * that names ConfigValue alone (every rule about settings) never sees them.
     */
    @Test
    void aFactRuleOnSeveralTypesFiresOnEachAndARuleOnOneTypeSeesOnlyIt(@TempDir Path dir) throws Exception {
        write(dir, "pack.yaml", PACK);
        write(dir, "rules/secrets.yaml", """
                rules:
                  - id: T-ON-DISK
                    title: a literal token on disk
                    severity: high
                    check: secrets
                    remediation: use a reference
                    redact: true
                    message: "{path} holds a literal"
                    detect:
                      fact:
                        type: [ConfigValue, ReplacedConfigValue]
                        where:
                          - {field: path, equals: hooks.token}
                          - {field: value, notMatches: '^\\$\\{'}
                  - id: T-IN-EFFECT
                    title: a literal token in effect
                    severity: low
                    check: secrets
                    remediation: use a reference
                    message: "{path} in effect"
                    detect:
                      fact:
                        type: ConfigValue
                        where: [{field: path, equals: hooks.token}]
                """);
        CompiledPack both = PackCompiler.compile(new PackLoader().load(DirectoryPackFiles.open(dir)));
        ConfigValue written = included("s/hooks.json5", 2, "hooks.token", "hook-literal-1234", "s/openclaw.json");
        ConfigValue by = included("s/openclaw.json", 8, "hooks.token", "${HOOKS_TOKEN}", "s/openclaw.json");
        ReplacedConfigValue replaced = ReplacedConfigValue.of(written, by);

        List<Detection> ds = both.derive(List.of(by, replaced)).detections();
        assertEquals(List.of("T-IN-EFFECT s/openclaw.json:8", "T-ON-DISK s/hooks.json5:2"), ds.stream()
                .map(d -> d.ruleId() + " " + d.file() + ":" + d.line()).sorted().toList(),
                "the reference in effect is no literal; the replaced literal is on disk; the settings rule sees only the former");
        Detection onDisk = ds.stream().filter(d -> d.ruleId().equals("T-ON-DISK")).findFirst().orElseThrow();
        assertEquals("hooks.token holds a literal", onDisk.message());
        assertEquals("not in effect: replaced by the value at s/openclaw.json:8, but still written in s/hooks.json5",
                onDisk.note());
        assertFalse(onDisk.evidence().get(0).snippet().contains("hook-literal-1234"), "redacted like a ConfigValue");
        assertEquals(List.of("T-ON-DISK"), both.derive(List.of(written)).detections().stream().map(Detection::ruleId)
                .filter(id -> id.equals("T-ON-DISK")).toList(), "and on the same value in effect");
        assertEquals(2, both.pack().rules().stream().filter(r -> r.detector() instanceof Detector.FactPattern).count());

        write(dir, "rules/secrets.yaml", """
                rules:
                  - id: T-MIXED
                    title: t
                    severity: low
                    check: c
                    remediation: r
                    detect:
                      fact:
                        type: [ConfigValue, McpServer, NoSuchFact]
                        where: [{field: path, equals: x}]
                """);
        PackException e = assertThrows(PackException.class, () -> new PackLoader().load(DirectoryPackFiles.open(dir)));
        String all = String.join("\n", e.problems());
        assertTrue(all.contains("McpServer has no field 'path'"), all);
        assertTrue(all.contains("unknown fact type 'NoSuchFact'"), all);
        assertFalse(all.contains("ConfigValue has no field"), all);
    }

    @Test
    void regexDetectorRedactsAndExcludes() {
        var doc = new TextDocument("x.env", "config", "A=1\nTOKEN=tok-abcdefgh12\nB=tok-00000000\n");
        var ds = pack.derive(List.of(doc)).detections();
        assertEquals(1, ds.size(), "the all-zero placeholder is excluded");
        var e = ds.get(0).evidence().get(0);
        assertEquals(2, e.lineStart());
        assertFalse(e.snippet().contains("abcdefgh12"), e.snippet());
        assertEquals(Set.of(), fired(List.of(new TextDocument("x.md", "memory", "tok-abcdefgh12"))), "role filter");
    }

    @Test
    void derivedDrlSupersedesAndJoinsFacts() {
        var doc = new TextDocument("k.json", "config", "tok-abcdefgh12");
        assertEquals(Set.of("T-KEY"), fired(List.of(doc, new FileEntry("k.json", 10, 0600, false))));
        assertEquals(Set.of("T-LEAK"), fired(List.of(doc, new FileEntry("k.json", 10, 0644, false))));
        assertEquals(Set.of("T-READABLE"), fired(List.of(new FileEntry("s.json", 1, 0640, false),
                new FileTag("s.json", "secret-store", ""))));
        assertEquals(Set.of(), fired(List.of(new FileEntry("s.json", 1, 0600, false), new FileTag("s.json", "secret-store", ""))));
    }

    @Test
    void derivationIsIndependentOfFactOrder() {
        List<Fact> facts = List.of(cv("a.json", "gateway.bind", "lan"), new TextDocument("k.json", "config", "tok-abcdefgh12"),
                new FileEntry("k.json", 10, 0644, false));
        List<Fact> reversed = new java.util.ArrayList<>(facts);
        java.util.Collections.reverse(reversed);
        assertEquals(new TreeSet<>(pack.derive(facts).detections().stream().map(Object::toString).toList()),
                new TreeSet<>(pack.derive(reversed).detections().stream().map(Object::toString).toList()));
    }

    @Test
    void invalidPacksListEveryProblemWithItsFile(@TempDir Path dir) throws IOException {
        write(dir, "pack.yaml", "id: Bad_Id\nversion: 1.0\nscorer: x\nformula: nope\ncolour: red\n");
        write(dir, "rules/a.yaml", """
                - id: lower-case
                  title: t
                  severity: severe
                  check: c
                  remediation: r
                  detect:
                    regex:
                      pattern: '(?<=a)b'
                - id: GOOD-ID
                  title: t
                  severity: low
                  check: c
                  remediation: r
                  detect:
                    fact:
                      type: McpServer
                      where: [{field: nosuch, equals: x}]
                - id: DRL-ONLY
                  title: t
                  severity: low
                  check: c
                  remediation: r
                  detect: {drl: true}
                """);
        write(dir, "drl/x.drl", "package wrong;\n");
        PackException e = assertThrows(PackException.class, () -> new PackLoader().load(DirectoryPackFiles.open(dir)));
        String all = String.join("\n", e.problems());
        for (String expected : List.of("pack.yaml: id 'Bad_Id'", "pack.yaml: version '1.0'", "pack.yaml: formula 'nope'",
                "unknown key 'colour'", "rules/a.yaml: rule lower-case: id must be", "unknown severity 'severe'",
                "not a valid RE2 pattern", "McpServer has no field 'nosuch'", "DRL-ONLY says detect: drl but no DRL file",
                "drl/x.drl: DRL in a pack must not declare a package")) {
            assertTrue(all.contains(expected), "missing problem '" + expected + "' in:\n" + all);
        }
    }

    @Test
    void drlErrorsNameTheAuthorsFileAndLine(@TempDir Path dir) throws Exception {
        write(dir, "pack.yaml", PACK);
        write(dir, "drl/broken.drl", "\nrule \"x\" when\n  $d : NoSuchFact()\nthen\nend\n");
        PackException e = assertThrows(PackException.class,
                () -> PackCompiler.compile(new PackLoader().load(DirectoryPackFiles.open(dir))));
        assertTrue(e.problems().stream().anyMatch(p -> p.startsWith("drl/broken.drl")), e.problems().toString());
    }

    @Test
    void rulesHashFollowsContent(@TempDir Path dir) throws Exception {
        write(dir, "pack.yaml", PACK);
        String before = new PackLoader().load(DirectoryPackFiles.open(dir)).rulesHash();
        write(dir, "data/extra.yaml", "- {a: 1}\n");
        String after = new PackLoader().load(DirectoryPackFiles.open(dir)).rulesHash();
        assertTrue(before.startsWith("sha256:") && before.length() == 71);
        assertNotEquals(before, after);
    }

    @Test
    void twoVersionsOfOnePackRunSideBySide(@TempDir Path dir) throws Exception {
        String rule = """
                - id: T-BIND
                  title: bind
                  severity: %s
                  check: net
                  remediation: r
                  detect:
                    config:
                      when: [{path: gateway.bind, equals: lan}]
                """;
        write(dir, "v1/pack.yaml", PACK.replace("1.2.3", "1.0.0"));
        write(dir, "v1/rules/r.yaml", rule.formatted("low"));
        write(dir, "v2/pack.yaml", PACK.replace("1.2.3", "2.0.0"));
        write(dir, "v2/rules/r.yaml", rule.formatted("high"));
        CompiledPack v1 = PackCompiler.compile(new PackLoader().load(DirectoryPackFiles.open(dir.resolve("v1"))));
        CompiledPack v2 = PackCompiler.compile(new PackLoader().load(DirectoryPackFiles.open(dir.resolve("v2"))));
        List<Fact> facts = List.of(cv("a.json", "gateway.bind", "lan"));
        assertEquals(dev.assay.engine.model.Severity.LOW, v1.derive(facts).detections().get(0).severity());
        assertEquals(dev.assay.engine.model.Severity.HIGH, v2.derive(facts).detections().get(0).severity());
        assertNotEquals(v1.pack().drlPackage(), v2.pack().drlPackage());
        assertNotEquals(v1.pack().rulesHash(), v2.pack().rulesHash());
    }

    @Test
    void symlinksMakeAPackInvalid(@TempDir Path dir) throws Exception {
        write(dir, "pack.yaml", PACK);
        Files.createSymbolicLink(dir.resolve("data"), Path.of("/etc"));
        assertThrows(PackException.class, () -> DirectoryPackFiles.open(dir));
    }
}
