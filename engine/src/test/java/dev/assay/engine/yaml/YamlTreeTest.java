package dev.assay.engine.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The tree must be the one {@code ObjectMapper.readTree} builds with the same settings, node for node. */
class YamlTreeTest {

    private static final YAMLFactory YAML = new YAMLFactory();

    /** Numbers of every kind (Jackson's YAML reader refuses .inf and .nan either way), nulls, nesting, quoting, an anchor and a repeated key (last wins by default). */
    private static final String MIXED = """
            a: 1
            b: 0.30
            c: 1e3
            d: 10000000000
            e: 123456789012345678901234567890
            f: -0.0
            i: ~
            j: [x, 'y', "z", 2, 2.50, true, false, null]
            k: {nested: {deeper: [ {x: 1}, [] ]}}
            l: &anchor text
            m: *anchor
            n: "0.30"
            o: 0x1F
            a: 2
            """;

    private static JsonNode mapper(String yaml, boolean strict) throws IOException {
        ObjectMapper m = new ObjectMapper(YAML);
        if (strict) {
            m.enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY);
            m.enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
        }
        JsonNode n = m.readTree(yaml.getBytes(StandardCharsets.UTF_8));
        return n;
    }

    private static JsonNode tree(String yaml, boolean strict) throws IOException {
        try (JsonParser p = YAML.createParser(yaml.getBytes(StandardCharsets.UTF_8))) {
            return YamlTree.read(p, strict ? new YamlTree.Options(true, true) : YamlTree.Options.DEFAULTS);
        }
    }

    @Test
    void sameTreeAsTheMapperWithItsDefaults() throws IOException {
        JsonNode expected = mapper(MIXED, false);
        JsonNode actual = tree(MIXED, false);
        assertEquals(expected, actual);
        assertEquals(expected.toString(), actual.toString()); // node types show in the text (0.3 vs 0.30, 1000.0)
        assertEquals(2, actual.get("a").intValue());
    }

    @Test
    void sameTreeAsTheMapperWithExactDecimals() throws IOException {
        String noRepeat = MIXED.replace("a: 2\n", "");
        JsonNode expected = mapper(noRepeat, true);
        JsonNode actual = tree(noRepeat, true);
        assertEquals(expected, actual);
        assertEquals(expected.toString(), actual.toString());
        assertTrue(actual.get("b").isBigDecimal());
    }

    @Test
    void repeatedKeyFailsWhenAsked() throws IOException {
        StreamReadException e = assertThrows(StreamReadException.class, () -> tree("a: 1\nb: 2\na: 3\n", true));
        assertTrue(e.getOriginalMessage().contains("'a'"), e.getOriginalMessage());
        assertEquals(3, e.getLocation().getLineNr());
        assertEquals(3, tree("a: 1\nb: 2\na: 3\n", false).get("a").intValue());
    }

    @Test
    void emptyDocumentIsMissingAndParserStopsAfterTheFirstDocument() throws IOException {
        assertTrue(tree("", false).isMissingNode());
        assertTrue(tree("# only a comment\n", false).isMissingNode());
        try (JsonParser p = YAML.createParser("a: 1\n---\nb: 2\n")) {
            assertEquals(1, YamlTree.read(p, YamlTree.Options.DEFAULTS).get("a").intValue());
            assertFalse(p.nextToken() == null, "the second document is left to the caller");
        }
    }

    /** Every formula spec and case file of the project, read both ways with the formula reader's settings. */
    @Test
    void everyFormulaSpecAndCaseReadsAsWithTheMapper() throws IOException {
        Path specs = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().normalize().resolveSibling("formula-specs");
        List<Path> files;
        try (Stream<Path> walk = Files.walk(specs)) {
            files = walk.filter(f -> f.toString().endsWith(".yaml") && !f.toString().contains("/target/")).sorted().toList();
        }
        assertTrue(files.size() > 20, "formula specs found: " + files.size());
        for (Path f : files) {
            String text = Files.readString(f);
            assertEquals(mapper(text, true), tree(text, true), f.toString());
            assertEquals(mapper(text, false), tree(text, false), f.toString());
        }
    }

    @Test
    void shippedScorerSelectionReadsAsWithTheMapper() throws IOException {
        String text = new String(YamlTreeTest.class.getResourceAsStream("/dev/assay/engine/scorer-selection.yaml")
                .readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(mapper(text, false), tree(text, false));
    }
}
