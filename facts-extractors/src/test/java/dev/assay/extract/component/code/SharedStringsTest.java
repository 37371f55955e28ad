package dev.assay.extract.component.code;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.assay.engine.fact.CodeCall;
import dev.assay.engine.fact.CodeText;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A file's facts hold each recurring string once (a line's snippet, a callee, a keyword list, a string literal), so
 * that a large tree keeps fewer strings alive and the rules' identity memo works each text out once; the values are
 * the same as before.
 */
class SharedStringsTest {

    @Test
    void theCallsOfOneShortLineShareItsSnippet() {
        String text = "x = 1\n    a(b(c()))  \n" + "y".repeat(30) + " = long_call(" + "z".repeat(40) + ")\n";
        SourceText src = new SourceText(text.getBytes(StandardCharsets.UTF_8), 40);
        String first = src.snippetAt(text.indexOf("a("));
        assertEquals("a(b(c()))", first);
        assertSame(first, src.snippetAt(text.indexOf("b(")));
        assertSame(first, src.snippetAt(text.indexOf("c(")));
        assertEquals("x = 1", src.snippetAt(0));
        // A line longer than the bound: the snippet is a window that starts shortly before the node, per node.
        int longLine = text.indexOf("yyy");
        assertEquals("y".repeat(30) + " = long_ca…", src.snippetAt(longLine));
        assertEquals("y".repeat(7) + " = long_call(" + "z".repeat(20) + "…", src.snippetAt(text.indexOf("long_call")));
        assertNotSame(src.snippetAt(longLine), src.snippetAt(longLine), "windows are made per node, not kept");
    }

    @Test
    void nodeTypesAndFieldNamesAreTheConstantsOwnStrings() {
        SyntaxTree tree = ((SyntaxParser.Parsed) SyntaxParser.parse(Language.PYTHON,
                "run(x)\n".getBytes(StandardCharsets.UTF_8), new SyntaxParser.Budget(1_000_000, 10_000_000_000L, 64),
                Long.MAX_VALUE)).tree();
        SyntaxNode call = tree.root().namedChild(0).namedChild(0);
        assertSame("module", tree.root().type());
        assertSame("call", call.type());
        assertEquals("identifier", call.field("function").type(), "the field is found by its name");
        assertSame("function", call.children().get(0).field());
    }

    @Test
    void recurringStringsOfAPythonFileAreOneString() {
        CodeFacts facts = Analyze.source("tool.py", Language.PYTHON, """
                import subprocess
                subprocess.run(['ls'], shell=False, check=True)
                subprocess.run(['ls'], shell=False, check=True)
                print(str(len('word')))
                x = 'word'
                """);
        List<CodeCall> runs = Analyze.calls(facts, "subprocess.run");
        assertEquals(2, runs.size());
        CodeCall a = runs.get(0);
        CodeCall b = runs.get(1);
        assertEquals(List.of("shell=False", "check=True", "@0=['ls']"), a.keywords());
        assertEquals(a.keywords(), b.keywords());
        assertSame(a.callee(), b.callee());
        assertSame(a.keywords(), b.keywords());
        assertSame(a.snippet(), b.snippet(), "two lines with the same text");
        assertSame(Analyze.call(facts, "print").snippet(), Analyze.call(facts, "len").snippet());
        assertEquals("print(str(len('word')))", Analyze.call(facts, "str").snippet());
        List<CodeText> words = facts.texts().stream().filter(t -> t.text().equals("word")).toList();
        assertEquals(2, words.size());
        assertSame(words.get(0).text(), words.get(1).text());
        assertEquals(List.of(4, 5), words.stream().map(CodeText::lineStart).toList(), "lines as in the file");
    }

    @Test
    void recurringStringsOfAScriptAreOneString() {
        CodeFacts facts = Analyze.source("index.js", Language.JAVASCRIPT, """
                const cp = require('child_process');
                cp.exec('id'); cp.exec('id');
                console.log('id');
                """);
        List<CodeCall> execs = Analyze.calls(facts, "child_process.exec");
        assertEquals(2, execs.size());
        assertSame(execs.get(0).callee(), execs.get(1).callee());
        assertSame(execs.get(0).firstArg(), execs.get(1).firstArg());
        assertEquals("id", execs.get(0).firstArg());
        assertSame(execs.get(0).snippet(), execs.get(1).snippet());
        assertEquals("cp.exec('id'); cp.exec('id');", execs.get(0).snippet());
    }
}
