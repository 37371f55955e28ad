package dev.assay.engine.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RecordBinderTest {

    record Limits(int depth, long chars, double share, boolean strict) {
    }

    record Rule(List<String> files, @JsonProperty("package") String packageName, Integer optional) {
        Rule {
            files = files == null ? List.of() : List.copyOf(files);
        }
    }

    record Table(Limits limits, Map<String, Rule> rules, List<Rule> list, String note, String flag) {
    }

    private static <T extends Record> T bind(String yaml, Class<T> type) throws Exception {
        try (JsonParser p = new YAMLFactory().createParser(yaml)) {
            return RecordBinder.bind(p, type);
        }
    }

    private static String error(String yaml, Class<? extends Record> type) {
        return assertThrows(RecordBinder.BindException.class, () -> bind(yaml, type)).getMessage();
    }

    private static final String TABLE = """
            limits: {depth: 3, chars: 10000000000, share: 0.25, strict: true}
            rules:
              one: {files: [a, b], package: p}
              two: {}
            list:
              - {files: [c]}
            note: 1.0
            flag: on
            """;

    @Test
    void bindsLikeJacksonReadValue() throws Exception {
        Table bound = bind(TABLE, Table.class);
        ObjectMapper jackson = new ObjectMapper(new YAMLFactory())
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);
        assertEquals(jackson.readValue(TABLE, Table.class), bound);
        assertEquals(List.of("a", "b"), bound.rules().get("one").files());
        assertEquals("p", bound.rules().get("one").packageName());
        assertEquals(List.of(), bound.rules().get("two").files());
        assertNull(bound.rules().get("two").optional());
        assertEquals("1.0", bound.note()); // a scalar read as text keeps its spelling
        assertEquals("on", bound.flag()); // YAML 1.1 would make it true
    }

    @Test
    void strictAboutKeysPrimitivesAndTypes() {
        assertEquals("line 1: limits.deep: unknown key (known: chars, depth, share, strict)",
                error("limits: {depth: 1, chars: 1, share: 1, strict: false, deep: 2}", Table.class));
        assertEquals("line 1: limits.strict: missing or null, but a value is required",
                error("limits: {depth: 1, chars: 1, share: 1}", Table.class));
        assertEquals("line 1: limits.depth: missing or null, but a value is required",
                error("limits: {depth: ~, chars: 1, share: 1, strict: true}", Table.class));
        assertEquals("line 1: limits.depth: expected a whole number, found text",
                error("limits: {depth: x, chars: 1, share: 1, strict: true}", Table.class));
        assertEquals("line 1: limits.depth: expected a whole number, found a number",
                error("limits: {depth: 10000000000, chars: 1, share: 1, strict: true}", Table.class));
        assertEquals("line 2: rules.one.files: expected a list, found text", error("rules:\n  one: {files: a}", Table.class));
        assertEquals("line 1: expected a mapping, found a list", error("[1]", Table.class));
        assertEquals("empty document", error("", Table.class));
    }

    record Checked(int positive) {
        Checked {
            if (positive <= 0) {
                throw new IllegalArgumentException("positive must be positive");
            }
        }
    }

    @Test
    void theRecordsOwnChecksStillRun() {
        assertEquals("line 1: positive must be positive", error("positive: 0", Checked.class));
    }
}
