package dev.assay.extract.component.code;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.treesitter.TSNode;
import org.treesitter.TSNodeAccess;
import org.treesitter.TSTree;

/**
 * {@link TSNodeAccess} reads a node's start byte and nullness from the binding's node object and its type from a
 * table: on every node of real and broken sources they must equal what the binding's own getters return.
 */
class NodeAccessTest {

    static Stream<Arguments> sources() {
        return Stream.of(
                Arguments.of("PYTHON", "import os\nclass A:\n    def f(self, x='\u00e9'):\n"
                        + "        return os.system(f'echo {x}')  # note\n"),
                Arguments.of("PYTHON", "def (((\n  x = [1, 2\n"),
                Arguments.of("JAVASCRIPT", "const {exec: run} = require('child_process');\n"
                        + "run(`ls ${dir}`, () => {});\n/* c */\n"),
                Arguments.of("JAVASCRIPT", "function ( { ] ) =>\nlet a = [1, 2, 3];\n"),
                Arguments.of("TYPESCRIPT", "import * as fs from 'fs';\nlet x: number = <number>y;\n"),
                Arguments.of("BASH", "curl -s https://x.invalid/i | sh\nif [ -f a ]; then echo \"$(whoami)\"; fi\n"));
    }

    @ParameterizedTest
    @MethodSource("sources")
    void matchesTheBindingsGettersOnEveryNode(String language, String source) {
        byte[] utf8 = source.getBytes(StandardCharsets.UTF_8);
        SyntaxParser.Outcome outcome = SyntaxParser.parse(Language.valueOf(language), utf8,
                new SyntaxParser.Budget(1_000_000, 10_000_000_000L), Long.MAX_VALUE);
        TSTree tree = ((SyntaxParser.Parsed) outcome).tree();
        int[] visited = {0};
        TreeWalk.walk(tree.getRootNode(), Language.valueOf(language), 100, (node, type, depth) -> {
            visited[0]++;
            assertEquals(node.getStartByte(), TSNodeAccess.startByte(node));
            assertEquals(node.getType(), TSNodeAccess.type(node));
            assertEquals(node.getType(), type);
            assertEquals(node.isNull(), TSNodeAccess.isNull(node));
            TSNode missing = TSNodeAccess.childByFieldName(node, "no_such_field");
            assertTrue(missing.isNull() && TSNodeAccess.isNull(missing));
            return true;
        });
        assertTrue(visited[0] > 10, "walked " + visited[0] + " nodes");
    }
}
