package dev.assay.extract.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.assay.engine.fact.ConfigValue;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class ConfigParserPropertiesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Provide
    Arbitrary<Object> trees() {
        Arbitrary<Object> scalars = Arbitraries.oneOf(
                Arbitraries.strings().withCharRange(' ', '~').withChars("é€ß").ofMaxLength(12).map(s -> (Object) s),
                Arbitraries.integers().map(i -> (Object) i),
                Arbitraries.of(true, false).map(b -> (Object) b));
        return Arbitraries.recursive(() -> scalars, inner -> Arbitraries.oneOf(
                inner.list().ofMaxSize(4).map(l -> (Object) l),
                Arbitraries.maps(Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(6), inner).ofMaxSize(4)
                        .map(m -> (Object) new LinkedHashMap<>(m))), 0, 4);
    }

    private static int nodes(Object tree) {
        if (tree instanceof Map) {
            return 1 + ((Map<?, ?>) tree).values().stream().mapToInt(ConfigParserPropertiesTest::nodes).sum();
        }
        if (tree instanceof List) {
            return 1 + ((List<?>) tree).stream().mapToInt(ConfigParserPropertiesTest::nodes).sum();
        }
        return 1;
    }

    @Property(tries = 150)
    void everyNodeGivesOneValueWithAUniquePathAndAValidLine(@ForAll("trees") Object tree, @ForAll boolean pretty)
            throws JsonProcessingException {
        String text = pretty ? JSON.writerWithDefaultPrettyPrinter().writeValueAsString(tree)
                : JSON.writeValueAsString(tree);
        int lineCount = (int) text.lines().count();
        for (ConfigFormat format : List.of(ConfigFormat.JSON, ConfigFormat.JSONC, ConfigFormat.JSON5)) {
            List<ConfigValue> values = ConfigParserTest.parsed("p.json", format, text).values("d");
            assertEquals(nodes(tree), values.size());
            Set<String> paths = new HashSet<>();
            for (ConfigValue v : values) {
                assertTrue(paths.add(v.path()), "duplicate path " + v.path());
                assertTrue(v.line() >= 1 && v.line() <= Math.max(1, lineCount), "line " + v.line());
            }
        }
    }

    @Property(tries = 100)
    void yamlReadsWhatJsonReads(@ForAll("trees") Object tree) throws JsonProcessingException {
        // JSON is (nearly) a subset of YAML: the two readings must agree on paths and values.
        String text = JSON.writeValueAsString(tree);
        List<ConfigValue> json = ConfigParserTest.parsed("p.json", ConfigFormat.JSON, text).values("d");
        List<ConfigValue> yaml = ConfigParserTest.parsed("p.yaml", ConfigFormat.YAML, text).values("d");
        assertEquals(json.stream().map(v -> v.path() + "=" + v.value()).toList(),
                yaml.stream().map(v -> v.path() + "=" + v.value()).toList());
    }

    @Property(tries = 300)
    void dotEnvRoundTrips(@ForAll("envs") Map<String, String> env) {
        StringBuilder text = new StringBuilder();
        for (Map.Entry<String, String> e : env.entrySet()) {
            String quoted = e.getValue().replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
            text.append("export ").append(e.getKey()).append("=\"").append(quoted).append("\" # note\n");
        }
        ConfigNode root = ConfigParserTest.parsed(".env", ConfigFormat.ENV, text.toString()).root();
        assertEquals(env.size(), root.size());
        int line = 1;
        for (Map.Entry<String, String> e : env.entrySet()) {
            ConfigNode value = root.get(e.getKey()).orElseThrow();
            assertEquals(e.getValue(), value.text());
            assertEquals(line++, value.line());
        }
    }

    @Provide
    Arbitrary<Map<String, String>> envs() {
        Arbitrary<String> keys = Arbitraries.strings().withCharRange('A', 'Z').withChars('_').ofMinLength(1)
                .ofMaxLength(8).filter(k -> k.charAt(0) != '_' || k.length() > 1);
        Arbitrary<String> values = Arbitraries.strings().withCharRange(' ', '~').withChars('\n').ofMaxLength(20);
        return Arbitraries.maps(keys, values).ofMaxSize(6).map(LinkedHashMap::new);
    }

    @Property(tries = 300)
    void arbitraryTextNeverThrows(@ForAll("garbage") String text) {
        for (ConfigFormat format : ConfigFormat.values()) {
            ConfigParseResult r = ConfigParser.parse(ConfigParserTest.text("g", text), format, ConfigParserTest.BOUNDS);
            if (r instanceof ConfigParseResult.Failed) {
                String reason = ((ConfigParseResult.Failed) r).reason();
                assertTrue(!reason.isEmpty() && !reason.contains("\n"), reason);
            } else {
                ((ConfigParseResult.Parsed) r).config().values("d");
            }
        }
    }

    @Provide
    Arbitrary<String> garbage() {
        return Arbitraries.strings().withChars("{}[]\"':,=#&*!|>-\n\r\t abc01.\\`$%@\u0085\u2028")
                .ofMaxLength(60);
    }
}
