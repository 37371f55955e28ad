package dev.assay.extract.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.assay.engine.fact.ConfigValue;
import dev.assay.engine.spi.FileContent;
import dev.assay.engine.spi.Limits;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class ConfigParserTest {

    static final ConfigBounds BOUNDS = ConfigBounds.from(Limits.defaults());

    static FileContent text(String path, String text) {
        return new FileContent(path, text.getBytes(StandardCharsets.UTF_8), 0644, false, text, "UTF-8");
    }

    static ConfigParseResult parse(String path, ConfigFormat format, String text) {
        return ConfigParser.parse(text(path, text), format, BOUNDS);
    }

    static ParsedConfig parsed(String path, ConfigFormat format, String text) {
        ConfigParseResult r = parse(path, format, text);
        if (r instanceof ConfigParseResult.Failed) {
            fail("expected a parse: " + ((ConfigParseResult.Failed) r).message());
        }
        return ((ConfigParseResult.Parsed) r).config();
    }

    static String failure(String path, ConfigFormat format, String text) {
        ConfigParseResult r = parse(path, format, text);
        if (r instanceof ConfigParseResult.Parsed) {
            fail("expected a failure for " + path);
        }
        return ((ConfigParseResult.Failed) r).message();
    }

    /** path=value (type) Lline for each value. */
    static List<String> lines(ParsedConfig config) {
        return config.values("doc").stream()
                .map(v -> v.path() + "=" + v.value() + " (" + v.type() + ") L" + v.line())
                .collect(Collectors.toList());
    }

    @Nested
    class Json {

        @Test
        void everyNodeBecomesAValueInDocumentOrder() {
            ParsedConfig c = parsed("claude_desktop_config.json", ConfigFormat.JSON, "{\n"
                    + "  \"mcpServers\": {\n"
                    + "    \"fs\": {\n"
                    + "      \"command\": \"npx\",\n"
                    + "      \"args\": [\"-y\",\n"
                    + "               \"pkg\"],\n"
                    + "      \"port\": 8080, \"on\": true, \"off\": null, \"ratio\": 1.5e3\n"
                    + "    }\n"
                    + "  }\n"
                    + "}\n");
            assertEquals(List.of("=1 (object) L1", "mcpServers=1 (object) L2", "mcpServers.fs=6 (object) L3",
                    "mcpServers.fs.command=npx (string) L4", "mcpServers.fs.args=2 (array) L5",
                    "mcpServers.fs.args.0=-y (string) L5", "mcpServers.fs.args.1=pkg (string) L6",
                    "mcpServers.fs.port=8080 (number) L7", "mcpServers.fs.on=true (boolean) L7",
                    "mcpServers.fs.off=null (null) L7", "mcpServers.fs.ratio=1.5e3 (number) L7"), lines(c));
            ConfigValue command = c.values("claude-desktop").get(3);
            assertEquals("claude_desktop_config.json", command.file());
            assertEquals("claude-desktop", command.document());
            assertEquals("\"command\": \"npx\",", command.snippet());
            assertEquals("command", command.key());
        }

        @Test
        void strictJsonRejectsCommentsButJsoncTakesThem() {
            String text = "{\n  // note\n  \"a\": 1,\n}\n";
            assertTrue(failure("x.json", ConfigFormat.JSON, text).startsWith("x.json: invalid JSON at line 2: "));
            assertEquals(List.of("=1 (object) L1", "a=1 (number) L3"), lines(parsed("x.json", ConfigFormat.JSONC, text)));
        }

        @Test
        void duplicateKeysKeepTheLastValueAtItsPlace() {
            ParsedConfig c = parsed("d.json", ConfigFormat.JSON, "{\"bind\": \"loopback\",\n \"port\": 1,\n"
                    + " \"bind\": \"lan\"}");
            assertEquals(List.of("=2 (object) L1", "port=1 (number) L2", "bind=lan (string) L3"), lines(c));
        }

        @Test
        void contentAfterTheDocumentIsAnError() {
            assertEquals("t.json: invalid JSON at line 2: content after the end of the document",
                    failure("t.json", ConfigFormat.JSON, "{}\n{}"));
        }

        @Test
        void emptyDocumentIsOneNullValue() {
            assertEquals(List.of("=null (null) L1"), lines(parsed("e.json", ConfigFormat.JSON, "  \n")));
        }

        @Test
        void byteOrderMarkIsIgnored() {
            assertEquals(List.of("=1 (object) L1", "a=1 (number) L1"),
                    lines(parsed("b.json", ConfigFormat.JSON, "\uFEFF{\"a\": 1}")));
        }

        @Test
        void crAndCrLfLineBreaksCount() {
            assertEquals(List.of("=2 (object) L1", "a=1 (number) L2", "b=2 (number) L3"),
                    lines(parsed("r.json", ConfigFormat.JSON, "{\r\"a\": 1,\r\n\"b\": 2}")));
        }

        @Test
        @Timeout(10)
        void deepNestingIsRefusedWithoutRecursion() {
            String deep = "[".repeat(200_000) + "]".repeat(200_000);
            assertEquals("deep.json: JSON at line 1 exceeds a bound: nested deeper than 64 levels",
                    failure("deep.json", ConfigFormat.JSON, deep));
            String ok = "[".repeat(64) + "]".repeat(64);
            assertEquals(64, parsed("ok.json", ConfigFormat.JSON, ok).values("d").size());
        }

        @Test
        @Timeout(10)
        void hugeArraysStopAtTheNodeBound() {
            String huge = "[" + "0,".repeat(500_000) + "0]";
            assertEquals("huge.json: JSON at line 1 exceeds a bound: more than 200000 values",
                    failure("huge.json", ConfigFormat.JSON, huge));
            ConfigBounds few = BOUNDS.withMaxChars(1000);
            ConfigParseResult r = ConfigParser.parse(text("big.json", "[" + "1,".repeat(600) + "1]"), ConfigFormat.JSON,
                    few);
            assertEquals("JSON document of 1203 bytes is above the bound of 1000",
                    ((ConfigParseResult.Failed) r).reason());
        }

        @Test
        void binaryContentIsNotParsed() {
            FileContent binary = new FileContent("openclaw.json", new byte[] {0, 1, 2}, 0644, true, null, null);
            ConfigParseResult r = ConfigParser.parse(binary, ConfigFormat.JSON5, BOUNDS);
            assertEquals("openclaw.json: binary content, not JSON5", ((ConfigParseResult.Failed) r).message());
        }

        @Test
        void errorMessagesAreOneShortLineWithoutControlCharacters() {
            String hostile = "{\"a\": tru\u0007e\u001b[31m" + "x".repeat(5000) + "\n}";
            String message = failure("h.json", ConfigFormat.JSON, hostile);
            assertFalse(message.contains("\n") || message.contains("\u001b") || message.contains("\u0007"), message);
            assertTrue(message.length() < 260, message);
            assertTrue(message.startsWith("h.json: invalid JSON at line 1: "), message);
        }

        @Test
        void longLinesGiveShortSnippets() {
            String text = "{\"a\": \"" + "y".repeat(10_000) + "\"}";
            ConfigValue a = parsed("l.json", ConfigFormat.JSON, text).values("d").get(1);
            assertEquals(10_000, a.value().length());
            assertEquals(BOUNDS.snippetChars() + 1, a.snippet().length());
            assertTrue(a.snippet().endsWith("…"));
        }

        @Test
        void atPathFollowsKeysAndIndexes() {
            ConfigNode root = parsed("p.json", ConfigFormat.JSON, "{\"a\": {\"b\": [10, {\"c\": \"x\"}]}}").root();
            assertEquals("x", root.atPath("a.b.1.c").orElseThrow().text());
            assertEquals("10", root.at("a", "b", "0").orElseThrow().text());
            assertTrue(root.atPath("a.b.9").isEmpty());
            assertTrue(root.atPath("a.b.x").isEmpty());
        }
    }

    @Nested
    class Json5 {

        @Test
        void readsWhatOpenClawWrites() {
            ParsedConfig c = parsed("openclaw.json", ConfigFormat.JSON5, "// OpenClaw\n"
                    + "{\n"
                    + "  gateway: { bind: 'lan', port: +18789, }, /* block\n comment */\n"
                    + "  ratio: .5, max: 5., big: Infinity, low: -Infinity, odd: NaN,\n"
                    + "  'quoted key': \"x\",\n"
                    + "  list: [1, 2,],\n"
                    + "}\n");
            assertEquals(List.of("=8 (object) L2", "gateway=2 (object) L3", "gateway.bind=lan (string) L3",
                    "gateway.port=18789 (number) L3", "ratio=.5 (number) L5", "max=5. (number) L5",
                    "big=Infinity (number) L5", "low=-Infinity (number) L5", "odd=NaN (number) L5",
                    "quoted key=x (string) L6", "list=2 (array) L7", "list.0=1 (number) L7", "list.1=2 (number) L7"),
                    lines(c));
        }

        @Test
        void brokenJson5SaysWhereInOneLine() {
            String message = failure("openclaw.json", ConfigFormat.JSON5, "{\n  a: 1,\n  b: }\n");
            assertTrue(message.startsWith("openclaw.json: invalid JSON5 at line 3: Unexpected character ('}'"),
                    message);
        }

        @Test
        void hexNumbersAreBeyondJackson() {
            assertTrue(failure("h.json5", ConfigFormat.JSON5, "{a: 0x1F}").startsWith("h.json5: invalid JSON5 at line 1"));
        }

        @Test
        void unterminatedDocumentFails() {
            assertTrue(failure("u.json5", ConfigFormat.JSON5, "{a: {b: 1}").contains("invalid JSON5"));
        }
    }

    @Nested
    class Yaml {

        @Test
        void aliasesStayReferencesAndAreNeverExpanded() {
            ParsedConfig c = parsed("a.yaml", ConfigFormat.YAML, "base: &b\n  x: 1\nother:\n  <<: *b\n  y: *b\n");
            assertEquals(List.of("=2 (object) L1", "base=1 (object) L1", "base.x=1 (number) L2",
                    "other=2 (object) L3", "other.<<=*b (string) L4", "other.y=*b (string) L5"), lines(c));
        }

        @Test
        @Timeout(10)
        void aliasBombStaysSmall() {
            StringBuilder bomb = new StringBuilder("a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n");
            for (char level = 'b'; level <= 'i'; level++) {
                char prev = (char) (level - 1);
                bomb.append(level).append(": &").append(level).append(" [");
                for (int i = 0; i < 9; i++) {
                    bomb.append(i == 0 ? "" : ",").append('*').append(prev);
                }
                bomb.append("]\n");
            }
            List<ConfigValue> values = parsed("bomb.yaml", ConfigFormat.YAML, bomb.toString()).values("d");
            assertEquals(1 + 8 + 8 * 10, values.size());
            assertEquals("*h", values.get(values.size() - 1).value());
        }

        @Test
        void tagsConstructNothing() {
            ParsedConfig c = parsed("t.yaml", ConfigFormat.YAML,
                    "run: !!python/object/apply:os.system ['id']\nobj: !!javax.script.ScriptEngineManager x\n");
            assertEquals(List.of("=2 (object) L1", "run=1 (array) L1", "run.0=id (string) L1",
                    "obj=x (string) L2"), lines(c));
        }

        @Test
        void onlyTheFirstDocumentIsRead() {
            assertEquals(List.of("=1 (object) L1", "a=1 (number) L1"),
                    lines(parsed("m.yaml", ConfigFormat.YAML, "a: 1\n---\nb: 2\n")));
        }

        @Test
        void duplicateKeysKeepTheLast() {
            assertEquals(List.of("=1 (object) L1", "k=2 (number) L2"),
                    lines(parsed("d.yaml", ConfigFormat.YAML, "k: 1\nk: 2\n")));
        }

        @Test
        void nextLineCharactersBreakLinesAsSnakeYamlCounts() {
            ParsedConfig c = parsed("n.yaml", ConfigFormat.YAML, "a: 1\u0085b: 2\n");
            assertEquals(List.of("=2 (object) L1", "a=1 (number) L1", "b=2 (number) L2"), lines(c));
            assertEquals("b: 2", c.values("d").get(2).snippet());
        }

        @Test
        @Timeout(10)
        void deepNestingAndSizeAreBounded() {
            assertEquals("deep.yaml: YAML at line 1 exceeds a bound: nested deeper than 64 levels",
                    failure("deep.yaml", ConfigFormat.YAML, "[".repeat(20_000)));
            String big = "a: " + "x".repeat(2_000_000);
            assertEquals("big.yaml: YAML document of 2000003 bytes is above the bound of 1048576",
                    failure("big.yaml", ConfigFormat.YAML, big));
        }

        @Test
        void syntaxErrorsHaveALine() {
            assertTrue(failure("s.yaml", ConfigFormat.YAML, "a: 1\nb: [\n").startsWith("s.yaml: invalid YAML at line "));
        }
    }

    @Nested
    class Toml {

        @Test
        void tablesArraysOfTablesAndDottedKeysHaveTheirLines() {
            ParsedConfig c = parsed("config.toml", ConfigFormat.TOML, "# Codex\n"
                    + "model = \"o4\"\n"
                    + "[mcp_servers.fs]\n"
                    + "command = \"npx\"\n"
                    + "args = [\"-y\",\n"
                    + "  \"pkg\"]\n"
                    + "env = { A = \"1\" }\n"
                    + "[[hooks]]\n"
                    + "run.cmd = \"a\"\n"
                    + "[[hooks]]\n"
                    + "run.cmd = \"b\"\n"
                    + "[hooks.extra]\n"
                    + "\"quoted.key\" = true\n");
            assertEquals(List.of("=3 (object) L1", "model=o4 (string) L2", "mcp_servers=1 (object) L3",
                    "mcp_servers.fs=3 (object) L3", "mcp_servers.fs.command=npx (string) L4",
                    "mcp_servers.fs.args=2 (array) L5", "mcp_servers.fs.args.0=-y (string) L5",
                    "mcp_servers.fs.args.1=pkg (string) L5", "mcp_servers.fs.env=1 (object) L7",
                    "mcp_servers.fs.env.A=1 (string) L7", "hooks=2 (array) L8", "hooks.0=1 (object) L8",
                    "hooks.0.run=1 (object) L9", "hooks.0.run.cmd=a (string) L9", "hooks.1=2 (object) L10",
                    "hooks.1.run=1 (object) L11", "hooks.1.run.cmd=b (string) L11", "hooks.1.extra=1 (object) L12",
                    "hooks.1.extra.quoted.key=true (boolean) L13"), lines(c));
        }

        @Test
        void multiLineStringsDoNotLookLikeKeys() {
            ParsedConfig c = parsed("m.toml", ConfigFormat.TOML, "a = \"\"\"\nfake = 1\n\"\"\"\nb = 2\n");
            assertEquals(List.of("=2 (object) L1", "a=fake = 1\n (string) L1", "b=2 (number) L4"), lines(c));
        }

        @Test
        void duplicateKeysAreAnErrorAsTheSpecSays() {
            assertTrue(failure("d.toml", ConfigFormat.TOML, "a = 1\na = 2\n").startsWith("d.toml: invalid TOML"));
        }

        @Test
        @Timeout(10)
        void deepNestingIsBounded() {
            assertTrue(failure("n.toml", ConfigFormat.TOML, "a = " + "[".repeat(5000) + "]".repeat(5000))
                    .startsWith("n.toml: TOML exceeds a bound: "));
            assertEquals("k.toml: TOML at line 1 exceeds a bound: nested deeper than 64 levels",
                    failure("k.toml", ConfigFormat.TOML, "a" + ".a".repeat(3000) + " = 1"));
        }
    }

    @Nested
    class DotEnv {

        @Test
        void readsAssignmentsQuotesAndComments() {
            ParsedConfig c = parsed(".env", ConfigFormat.ENV, "# secrets\n"
                    + "export API_KEY=\"sk-ant-FAKE\"\n"
                    + "PLAIN = value with spaces # comment\n"
                    + "HASH=abc#def\n"
                    + "SINGLE='no $expansion \\n here'\n"
                    + "MULTI=\"line one\n"
                    + "line two\"\n"
                    + "ESCAPED=\"a\\tb\\\"c\"\n"
                    + "not an assignment\n"
                    + "EMPTY=\n"
                    + "API_KEY=second\n");
            assertEquals(List.of("=7 (object) L1", "PLAIN=value with spaces (string) L3", "HASH=abc#def (string) L4",
                    "SINGLE=no $expansion \\n here (string) L5", "MULTI=line one\nline two (string) L6",
                    "ESCAPED=a\tb\"c (string) L8", "EMPTY= (string) L10", "API_KEY=second (string) L11"), lines(c));
            assertEquals("API_KEY=second", c.values("env").get(7).snippet());
        }

        @Test
        void unterminatedQuoteFails() {
            assertEquals(".env: invalid .env at line 2: unterminated quoted value of B",
                    failure(".env", ConfigFormat.ENV, "A=1\nB=\"open\nC=3\n"));
        }
    }

    @Test
    void formatsAreKnownByIdAndFileName() {
        assertEquals(ConfigFormat.JSON5, ConfigFormat.byId("JSON5").orElseThrow());
        assertEquals(ConfigFormat.YAML, ConfigFormat.forFileName("a/b/c.yml").orElseThrow());
        assertEquals(ConfigFormat.ENV, ConfigFormat.forFileName("prod.env").orElseThrow());
        assertEquals(ConfigFormat.ENV, ConfigFormat.forFileName(".env").orElseThrow());
        assertTrue(ConfigFormat.forFileName("SKILL.md").isEmpty());
        assertTrue(ConfigFormat.byId("xml").isEmpty());
    }
}
