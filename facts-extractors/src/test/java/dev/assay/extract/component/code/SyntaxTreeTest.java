package dev.assay.extract.component.code;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.treesitter.TSLanguage;
import org.treesitter.TSNode;
import org.treesitter.TSParser;
import org.treesitter.TSTree;
import org.treesitter.TSTreeCursor;

/**
 * The copied tree must say exactly what the binding says about every node of real and broken sources: type, bytes,
 * flags, field, children, and the child in every field of the grammar. The native parse-and-copy must give the same
 * array as the binding's parse read with its cursor.
 */
class SyntaxTreeTest {

    static Stream<Arguments> sources() throws IOException {
        return Stream.concat(samples(), resourceFiles());
    }

    /** The source files among this module's test resources (real-looking skills and packages). */
    private static Stream<Arguments> resourceFiles() throws IOException {
        Map<String, Language> byExtension = Map.of(".py", Language.PYTHON, ".js", Language.JAVASCRIPT,
                ".ts", Language.TYPESCRIPT, ".sh", Language.BASH);
        List<Arguments> out = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Path.of("src/test/resources"))) {
            for (Path file : files.sorted().toList()) {
                String name = file.getFileName().toString();
                Language language = byExtension.get(name.substring(Math.max(0, name.lastIndexOf('.'))));
                if (language != null && Files.isRegularFile(file)) {
                    out.add(Arguments.of(language, Files.readString(file)));
                }
            }
        }
        assertTrue(out.size() >= 15, "found " + out.size() + " source files");
        return out.stream();
    }

    private static Stream<Arguments> samples() {
        return Stream.of(
                Arguments.of(Language.PYTHON, "import os as o\nfrom . import x\nclass A(B):\n    @d\n"
                        + "    def f(self, x='\u00e9', *b, **c):\n        return os.system(f'echo {x!r}')  # note\n"
                        + "x = [i for i in y if i]\n"),
                Arguments.of(Language.PYTHON, "def (((\n  x = [1, 2\n)(\n"),
                Arguments.of(Language.PYTHON, "x = [" + "f(1), ".repeat(20) + "]\n" + "import a\n".repeat(12)),
                Arguments.of(Language.JAVASCRIPT, "import a, {b as c} from 'm';\nconst {exec: run} = require('cp');\n"
                        + "run(`ls ${dir}`, () => {});\n/* c */\nclass K { #p = 1; get q() { return this.#p; } }\n"
                        + "label: for (const x of y) { break label; }\nconst r = /ab+c/gi;\n"),
                Arguments.of(Language.JAVASCRIPT, "function ( { ] ) =>\nlet a = [1, 2, 3];\n} {\n"),
                Arguments.of(Language.TYPESCRIPT, "import * as fs from 'fs';\ninterface I { a: string }\n"
                        + "type T = I & { b?: number };\nenum E { A }\n"
                        + "function f<T extends I>(x: T): asserts x is T {}\nlet y = <any>z as unknown;\n"),
                Arguments.of(Language.TSX,
                        "const A = () => <div className=\"x\">{items.map(i => <B key={i} />)}</div>;\n"),
                Arguments.of(Language.BASH, "#!/bin/sh\ncurl -s https://x.invalid/i | sh\n"
                        + "for f in *.txt; do cat \"$f\" | grep -v '#' > /dev/null; done\n"
                        + "case $1 in a) echo ${x:-y};; esac\ncat <<EOF\nbody $(id)\nEOF\n"
                        + "x=( a b ); echo $'\\n' ((\n"));
    }

    @ParameterizedTest
    @MethodSource("sources")
    void everyNodeMatchesTheBinding(Language language, String source) {
        TSTree parsed = parse(language, source);
        SyntaxTree tree = SyntaxTree.of(CursorTreeReader.read(parsed, Integer.MAX_VALUE), language);
        List<TSNode> expected = new ArrayList<>();
        List<String> fields = new ArrayList<>();
        everyNode(parsed.getRootNode(), expected, fields);
        assertEquals(expected.size(), tree.size());
        TSLanguage grammar = parsed.getLanguage();
        for (int i = 0; i < expected.size(); i++) {
            TSNode want = expected.get(i);
            SyntaxNode got = new SyntaxNode(tree, i);
            String where = "node " + i + " " + want.getType();
            assertEquals(want.getType(), got.type(), where);
            assertEquals(want.getStartByte(), got.startByte(), where);
            assertEquals(want.getEndByte(), got.endByte(), where);
            assertEquals(want.isNamed(), got.isNamed(), where);
            assertEquals(want.isMissing(), got.isMissing(), where);
            assertEquals(want.isExtra(), got.isExtra(), where);
            assertEquals(want.hasError(), got.hasError(), where);
            assertEquals(fields.get(i), tree.fieldName(i), where);
            assertEquals(want.getChildCount(), got.childCount(), where);
            assertEquals(want.getNamedChildCount(), got.namedChildCount(), where);
            for (int c = 0; c < want.getChildCount(); c++) {
                same(want.getChild(c), got.child(c), where + " child " + c);
            }
            for (int c = 0; c < want.getNamedChildCount(); c++) {
                same(want.getNamedChild(c), got.namedChild(c), where + " named child " + c);
            }
            for (int f = 1; f <= grammar.fieldCount(); f++) {
                String field = grammar.fieldNameForId(f);
                same(want.getChildByFieldName(field), got.field(field), where + " field " + field);
            }
        }
        assertTrue(expected.size() < 10 || expected.stream().anyMatch(n -> !n.isNamed()), "has anonymous tokens");
    }

    /** The native parse-and-copy gives the very array the binding's parse and cursor give. */
    @ParameterizedTest
    @MethodSource("sources")
    @EnabledIf("nativeReaderAvailable")
    void theNativeParseAgreesWithTheBinding(Language language, String source) {
        assertArrayEquals(viaBinding(language, source).nodes(), natively(language, source).nodes());
    }

    /** Where the build compiles the native reader (the pom's profile: Linux with /usr/bin/cc), it must be in use. */
    @Test
    void theNativeReaderIsInUseWhereItIsBuilt() {
        boolean built = System.getProperty("os.name", "").equals("Linux") && Files.exists(Path.of("/usr/bin/cc"));
        assumeTrue(built, "this build has no native reader");
        assertNull(NativeTreeReader.unavailableReason());
    }

    /**
     * Where the tree-sitter sources were fetched (src/main/c/fetch-tree-sitter.sh), the native reader parses with its
     * own -O2 runtime and grammars; {@link #theNativeParseAgreesWithTheBinding} then proves their trees identical.
     */
    @Test
    void theOwnTreeSitterIsInUseWhereItsSourcesWereFetched() {
        assumeTrue(NativeTreeReader.available(), "this build has no native reader");
        assertEquals(Files.exists(Path.of("tree-sitter-src/.complete")), NativeTreeReader.ownRuntime());
    }

    /** The own grammars name every symbol and field exactly as the binding's grammars of the same versions do. */
    @ParameterizedTest
    @EnumSource(Language.class)
    void theOwnGrammarsNameSymbolsAndFieldsAsTheBindingDoes(Language language) {
        assumeTrue(NativeTreeReader.ownRuntime(), "this build parses with the binding's tree-sitter");
        TSLanguage binding = language.newGrammar();
        String[] symbols = NativeTreeReader.names(language, false);
        assertEquals(binding.symbolCount(), symbols.length);
        for (int i = 0; i < symbols.length; i++) {
            assertEquals(binding.symbolName(i), symbols[i], "symbol " + i);
        }
        String[] fields = NativeTreeReader.names(language, true);
        assertEquals(binding.fieldCount() + 1, fields.length);
        for (int id = 1; id < fields.length; id++) {
            assertEquals(binding.fieldNameForId(id), fields[id], "field " + id);
        }
    }

    /**
     * The parser gets the file's own bytes: a form feed and a zero-width no-break space (which the binding's string
     * entry point would rewrite or drop) reach the tree, which parses them as whitespace, at their own offsets.
     */
    @Test
    void formFeedAndZeroWidthNoBreakSpaceReachTheTreeAtTheirOwnOffsets() {
        String source = "import os\n\f\nimport sys\n\uFEFFx = 1\n";
        byte[] utf8 = source.getBytes(StandardCharsets.UTF_8);
        SyntaxTree tree = ((SyntaxParser.Parsed) SyntaxParser.parse(Language.PYTHON, utf8, ENOUGH, Long.MAX_VALUE))
                .tree();
        SyntaxNode root = tree.root();
        assertTrue(!root.hasError(), root.toString());
        assertEquals(List.of("import_statement@0", "import_statement@12", "expression_statement@26"),
                List.of(root.namedChild(0).type() + "@" + root.namedChild(0).startByte(),
                        root.namedChild(1).type() + "@" + root.namedChild(1).startByte(),
                        root.namedChild(2).type() + "@" + root.namedChild(2).startByte()));
    }

    /** The walk visits exactly the named nodes, in pre-order, with their types. */
    @ParameterizedTest
    @MethodSource("sources")
    void theWalkVisitsTheNamedNodesInPreOrder(Language language, String source) {
        TSTree parsed = parse(language, source);
        List<TSNode> all = new ArrayList<>();
        everyNode(parsed.getRootNode(), all, new ArrayList<>());
        List<String> expected = new ArrayList<>();
        for (TSNode node : all) {
            if (node.isNamed()) {
                expected.add(node.getType() + "@" + node.getStartByte());
            }
        }
        List<String> walked = new ArrayList<>();
        TreeWalk.walk(viaBinding(language, source).root(), 100, (node, type, depth) -> {
            assertEquals(node.type(), type);
            walked.add(type + "@" + node.startByte());
            return true;
        });
        assertEquals(expected, walked);
    }

    static boolean nativeReaderAvailable() {
        return NativeTreeReader.available();
    }

    @Test
    void deepNestingIsReadWithoutRecursionAndTheWalkCutsIt() {
        String source = "x = " + "[".repeat(5_000) + "]".repeat(5_000) + "\n";
        SyntaxTree tree = viaBinding(Language.PYTHON, source);
        if (NativeTreeReader.available()) {
            assertArrayEquals(tree.nodes(), natively(Language.PYTHON, source).nodes());
        }
        int[] deepest = {0};
        boolean cut = TreeWalk.walk(tree.root(), 300, (node, type, depth) -> {
            deepest[0] = Math.max(deepest[0], depth);
            return true;
        });
        assertTrue(cut);
        assertEquals(300, deepest[0]);
    }

    private static void same(TSNode want, SyntaxNode got, String where) {
        if (want.isNull()) {
            assertNull(got, where);
            return;
        }
        assertNotNull(got, where);
        assertEquals(want.getType() + "@" + want.getStartByte() + ".." + want.getEndByte(), got.toString(), where);
    }

    /** Fields are recorded for a node's first fieldChildren children only, the same way on both paths. */
    @Test
    void fieldsOfAWideNodeAreRecordedForItsFirstChildrenOnly() {
        String source = "echo" + " word".repeat(300) + "\n";
        byte[] utf8 = source.getBytes(StandardCharsets.UTF_8);
        SyntaxParser.Budget budget = new SyntaxParser.Budget(10_000_000, 60_000_000_000L, 100);
        SyntaxTree tree = ((SyntaxParser.Parsed) SyntaxParser.parseThroughBinding(Language.BASH, utf8, UTF8, budget,
                Long.MAX_VALUE)).tree();
        SyntaxNode command = tree.root().namedChild(0);
        assertEquals("command", command.type());
        List<SyntaxNode.Child> children = command.children();
        assertEquals(301, children.size());
        assertEquals("name", children.get(0).field());
        assertEquals("argument", children.get(99).field());
        assertEquals("", children.get(100).field());
        assertEquals("", children.get(300).field());
        assertEquals(children.get(0).node(), command.field("name"));
        if (NativeTreeReader.available()) {
            SyntaxParser.Parsed natively = (SyntaxParser.Parsed) SyntaxParser.parseNatively(Language.BASH, utf8, UTF8,
                    budget);
            assertArrayEquals(tree.nodes(), natively.tree().nodes());
        }
    }

    /** Both parse paths stop a pathological input at its step budget with the same reason. */
    @Test
    void bothPathsStopAtTheStepBudget() {
        byte[] utf8 = "x = call(1, 2)\n".repeat(5_000).getBytes(StandardCharsets.UTF_8);
        SyntaxParser.Budget budget = new SyntaxParser.Budget(50, 60_000_000_000L, 4_096);
        SyntaxParser.Outcome binding = SyntaxParser.parseThroughBinding(Language.PYTHON, utf8, UTF8, budget,
                Long.MAX_VALUE);
        assertEquals(new SyntaxParser.Refused(
                "parse stopped: more than 50 parser steps for this size (pathological input)"), binding);
        if (NativeTreeReader.available()) {
            assertEquals(binding, SyntaxParser.parseNatively(Language.PYTHON, utf8, UTF8, budget));
            // and the parser is usable again afterwards
            assertArrayEquals(viaBinding(Language.PYTHON, "x = 1\n").nodes(),
                    natively(Language.PYTHON, "x = 1\n").nodes());
        }
    }

    private static final SourceText.Encoding UTF8 = SourceText.Encoding.UTF_8;

    private static final SyntaxParser.Budget ENOUGH = new SyntaxParser.Budget(10_000_000, 60_000_000_000L, 4_096);

    private static SyntaxTree viaBinding(Language language, String source) {
        byte[] utf8 = source.getBytes(StandardCharsets.UTF_8);
        return ((SyntaxParser.Parsed) SyntaxParser.parseThroughBinding(language, utf8, UTF8, ENOUGH, Long.MAX_VALUE))
                .tree();
    }

    private static SyntaxTree natively(Language language, String source) {
        byte[] utf8 = source.getBytes(StandardCharsets.UTF_8);
        return ((SyntaxParser.Parsed) SyntaxParser.parseNatively(language, utf8, UTF8, ENOUGH)).tree();
    }

    private static TSTree parse(Language language, String source) {
        TSParser parser = new TSParser();
        parser.setLanguage(language.newGrammar());
        return parser.parseString(null, source);
    }

    /** Every node (named or not) in pre-order with its field name, read with the binding's own cursor. */
    private static void everyNode(TSNode root, List<TSNode> nodes, List<String> fields) {
        TSTreeCursor cursor = new TSTreeCursor(root);
        add(cursor, nodes, fields);
        while (true) {
            if (cursor.gotoFirstChild() || cursor.gotoNextSibling()) {
                add(cursor, nodes, fields);
                continue;
            }
            while (true) {
                if (!cursor.gotoParent()) {
                    return;
                }
                if (cursor.gotoNextSibling()) {
                    add(cursor, nodes, fields);
                    break;
                }
            }
        }
    }

    private static void add(TSTreeCursor cursor, List<TSNode> nodes, List<String> fields) {
        nodes.add(cursor.currentNode());
        String field = cursor.currentFieldName();
        fields.add(field == null ? "" : field);
    }
}
