package dev.assay.extract.component;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.assay.engine.fact.FileTag;
import dev.assay.engine.spi.Limits;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Compiled code without its source is tagged and listed as not analysed; beside its source it is not. */
class CompiledSourcesTest {

    private static final byte[] PYC = {0x6f, 0x0d, 0x0d, 0x0a, 0, 0, 0, 0, 0, 0, 0, 0, (byte) 0xe3, 0, 0, 0};
    private static final byte[] CLASS = {(byte) 0xCA, (byte) 0xFE, (byte) 0xBA, (byte) 0xBE, 0, 0, 0, 0x3d, 0, 0};
    private static final byte[] WASM = {0, 'a', 's', 'm', 1, 0, 0, 0, 1, 0};

    private static Map<String, String> compiled(Scan scan) {
        return scan.all(FileTag.class).stream().filter(t -> t.tag().equals(CompiledSources.TAG))
                .collect(Collectors.toMap(FileTag::file, FileTag::note, (a, b) -> a, TreeMap::new));
    }

    private static String minifiedBundle() {
        StringBuilder b = new StringBuilder("!function(){");
        for (int i = 0; i < 400; i++) {
            b.append("var a").append(i).append("=require(\"m").append(i).append("\");");
        }
        return b.append("}();\n").toString();
    }

    @Test
    void bytecodeOnlyPackagesAreTaggedAndInCoverage(@TempDir Path dir) {
        Scan.write(dir, "pkg/__init__.py", new byte[0]);
        Scan.write(dir, "pkg/__pycache__/core.cpython-312.pyc", PYC);
        Scan.write(dir, "pkg/loader.pyc", PYC);
        Scan.write(dir, "lib/Payload.class", CLASS);
        Scan.write(dir, "lib/Payload$Inner.class", CLASS);
        Scan.write(dir, "bin/module.wasm", WASM);
        Scan.write(dir, "dist/app.min.js", minifiedBundle().getBytes(StandardCharsets.UTF_8));
        Scan scan = Scan.of(dir, Limits.defaults());
        assertEquals(Map.of(
                "pkg/__pycache__/core.cpython-312.pyc", "Python bytecode (.pyc) shipped without core.py",
                "pkg/loader.pyc", "Python bytecode (.pyc) shipped without loader.py",
                "lib/Payload.class", "Java bytecode (.class) shipped without Payload.java",
                "lib/Payload$Inner.class", "Java bytecode (.class) shipped without Payload$Inner.java",
                "bin/module.wasm", "WebAssembly (.wasm) shipped without any .wat/.wast/.rs/.c/.cc/.cpp/.cxx/.zig/.go/.as"
                        + " source"), compiled(scan));
        // Beside code that can be read (pkg/__init__.py), a minified file is only for review.
        assertEquals(java.util.List.of("minified", CompiledSources.MINIFIED_TAG), scan.tags("dist/app.min.js"));
        assertEquals(java.util.List.of("compiled code without its source: not analysed"),
                scan.skipReasons("pkg/loader.pyc"));
    }

    @Test
    void aBundleThatIsTheOnlyCodeIsCompiledWithoutSource(@TempDir Path dir) {
        Scan.write(dir, "package.json", "{\"name\": \"b\", \"version\": \"1.0.0\", \"main\": \"dist/index.js\"}"
                .getBytes(StandardCharsets.UTF_8));
        Scan.write(dir, "dist/index.js", minifiedBundle().getBytes(StandardCharsets.UTF_8));
        Scan scan = Scan.of(dir, Limits.defaults());
        assertEquals(Map.of("dist/index.js", "minified JavaScript shipped without its source or source map, and the"
                + " component has no other code that can be read"), compiled(scan));
        assertEquals(java.util.List.of("minified code without its source: analysed only as shipped"),
                scan.skipReasons("dist/index.js"));
    }

    @Test
    void compiledCodeBesideItsSourceIsNotTagged(@TempDir Path dir) {
        Scan.write(dir, "pkg/core.py", "x = 1\n".getBytes(StandardCharsets.UTF_8));
        Scan.write(dir, "pkg/__pycache__/core.cpython-312.pyc", PYC);
        Scan.write(dir, "pkg/util.py", "y = 2\n".getBytes(StandardCharsets.UTF_8));
        Scan.write(dir, "pkg/util.pyc", PYC);
        Scan.write(dir, "src/main/java/x/Payload.java", "class Payload { class Inner {} }\n"
                .getBytes(StandardCharsets.UTF_8));
        Scan.write(dir, "target/classes/x/Payload.class", CLASS);
        Scan.write(dir, "target/classes/x/Payload$Inner.class", CLASS);
        Scan.write(dir, "crate/src/lib.rs", "pub fn f() {}\n".getBytes(StandardCharsets.UTF_8));
        Scan.write(dir, "pkg/module_bg.wasm", WASM);
        Scan.write(dir, "src/app.ts", "export const x = 1;\n".getBytes(StandardCharsets.UTF_8));
        Scan.write(dir, "dist/app.min.js", minifiedBundle().getBytes(StandardCharsets.UTF_8));
        Scan.write(dir, "vendor/lib.js", minifiedBundle().getBytes(StandardCharsets.UTF_8));
        Scan.write(dir, "vendor/lib.js.map", "{}".getBytes(StandardCharsets.UTF_8));
        Scan scan = Scan.of(dir, Limits.defaults());
        assertEquals(Map.of(), compiled(scan));
        assertEquals(java.util.List.of("minified"), scan.tags("dist/app.min.js"));
        assertEquals(java.util.List.of("minified"), scan.tags("vendor/lib.js"));
        assertEquals(java.util.List.of(), scan.skipReasons("pkg/util.pyc"));
    }
}
