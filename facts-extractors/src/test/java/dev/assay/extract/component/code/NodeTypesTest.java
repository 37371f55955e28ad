package dev.assay.extract.component.code;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.treesitter.TSNode;

/** The symbol tables of TSNodeAccess give every walked node the type name the binding gives it, error nodes included. */
class NodeTypesTest {

    private static void sameTypes(Language language, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        SyntaxParser.Outcome outcome = SyntaxParser.parse(language, bytes,
                SyntaxParser.Budget.forBytes(bytes.length, 4_000, 100, 20), Long.MAX_VALUE);
        TSNode root = ((SyntaxParser.Parsed) outcome).tree().getRootNode();
        List<String> mismatches = new ArrayList<>();
        int[] visited = {0};
        TreeWalk.walk(root, 1_000, (node, type, depth) -> {
            visited[0]++;
            if (!type.equals(node.getType())) {
                mismatches.add(type + " != " + node.getType());
            }
            return true;
        });
        assertEquals(List.of(), mismatches);
        assertTrue(visited[0] > 20, "walked " + visited[0] + " nodes");
    }

    @Test
    void everyLanguageWithAliasesAndErrors() {
        sameTypes(Language.PYTHON, "import os as o\nfrom . import x\ndef f(a, *b, **c):\n    return f'{a!r}' + b'x'\n"
                + "class C(B):\n    @d\n    def g(self): ...\nx = [i for i in y if i]\n)(\n");
        sameTypes(Language.JAVASCRIPT, "import a, {b as c} from 'm';\nconst {d: e} = require('n');\n"
                + "class K { #p = 1; get q() { return this.#p; } }\nlabel: for (const x of y) { break label; }\n"
                + "const r = /ab+c/gi; const t = `x${y}`;\n} {\n");
        sameTypes(Language.TYPESCRIPT, "interface I { a: string }\ntype T = I & { b?: number };\n"
                + "enum E { A }\nfunction f<T extends I>(x: T): asserts x is T {}\nlet y = <any>z as unknown;\n");
        sameTypes(Language.TSX, "const A = () => <div className=\"x\">{items.map(i => <B key={i} />)}</div>;\n");
        sameTypes(Language.BASH, "#!/bin/sh\nfor f in *.txt; do cat \"$f\" | grep -v '#' > /dev/null; done\n"
                + "case $1 in a) echo ${x:-y};; esac\ncat <<EOF\nbody $(id)\nEOF\nx=( a b ); echo $'\\n' ((\n");
    }
}
