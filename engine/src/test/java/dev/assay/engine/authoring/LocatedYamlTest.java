package dev.assay.engine.authoring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.assay.engine.pack.LocatedYaml;
import java.nio.charset.StandardCharsets;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class LocatedYamlTest {

    private static LocatedYaml parse(String s) throws Exception {
        return LocatedYaml.parse(s.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void linesOfKeysItemsAndPointers() throws Exception {
        LocatedYaml doc = parse("""
                a: 1
                rules:
                  - id: X
                    when:
                      - path: p
                        equals: v
                  - {id: Y}
                """);
        assertEquals(1, doc.lineAt("/a"));
        assertEquals(2, doc.lineAt("/rules"));
        assertEquals(3, doc.lineAt("/rules/0"));
        assertEquals(6, doc.lineAt("/rules/0/when/0/equals"));
        assertEquals(7, doc.lineAt("/rules/1"));
        assertEquals(7, doc.lineAt("/rules/1/missing"));
        assertEquals(List.of(), doc.duplicateKeys());
    }

    @Test
    void duplicatesAndSyntaxErrors() throws Exception {
        assertEquals(List.of(new LocatedYaml.DuplicateKey("a", 3)), parse("a: 1\nb: 2\na: 3\n").duplicateKeys());
        LocatedYaml.SyntaxError e = assertThrows(LocatedYaml.SyntaxError.class, () -> parse("a: 1\nb: [\nc: 2\n  - x\n"));
        assertEquals(true, e.line() >= 2);
    }

    @Test
    void theTreeIsTheOneJacksonBuilds() throws Exception {
        String yaml = "a: 1\nb: 2.5\nc: [x, true, null, 12345678901]\nd: {e: 'f'}\n";
        assertEquals(new ObjectMapper(new YAMLFactory()).readTree(yaml), parse(yaml).root());
    }

    @Property(tries = 50)
    void everyKeyKnowsItsLine(@ForAll @IntRange(min = 1, max = 40) int keys, @ForAll @IntRange(min = 0, max = 3) int blank) {
        StringBuilder b = new StringBuilder();
        int line = 1;
        int[] lines = new int[keys];
        for (int i = 0; i < keys; i++) {
            for (int j = 0; j < blank; j++) {
                b.append('\n');
                line++;
            }
            lines[i] = line++;
            b.append("k").append(i).append(": v").append(i).append('\n');
        }
        try {
            LocatedYaml doc = parse(b.toString());
            for (int i = 0; i < keys; i++) {
                assertEquals(lines[i], doc.lineAt("/k" + i));
            }
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
