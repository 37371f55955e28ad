package dev.assay.extract.component.code;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.assay.engine.fact.TaintFlow;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Flows that must be found and benign shapes that must stay quiet. */
class PythonTaintTest {

    private static List<String> flows(String text) {
        CodeFacts f = Analyze.source("server.py", Language.PYTHON, text);
        return f.flows().stream().map(PythonTaintTest::shape).collect(Collectors.toList());
    }

    private static String shape(TaintFlow t) {
        return t.source() + "@" + t.sourceLine() + "->" + t.sink() + ":" + t.sinkCallee() + "@" + t.line();
    }

    @Test
    void environmentToShellThroughConcatenation() {
        assertEquals(List.of("env@3->shell:os.system@4"), flows("import os\n"
                + "def run():\n"
                + "    target = os.environ['TARGET'] + ' --now'\n"
                + "    os.system('deploy ' + target)\n"));
    }

    @Test
    void argvToEvalAndExec() {
        assertEquals(List.of("argv@3->exec:eval@3", "argv@4->exec:exec@5"), flows("import sys\n"
                + "def main():\n"
                + "    eval(sys.argv[1])\n"
                + "    code = sys.argv[2]\n"
                + "    exec(code)\n"));
    }

    @Test
    void inputToSubprocessWithShellTrue() {
        assertEquals(List.of("input@3->shell:subprocess.run@4"), flows("import subprocess as sp\n"
                + "def ask():\n"
                + "    name = input('name? ').strip()\n"
                + "    sp.run(f'touch {name}', shell=True)\n"));
    }

    @Test
    void stringCommandWithoutShellFlagStillCounts() {
        assertEquals(List.of("env@3->shell:subprocess.check_output@4"), flows("import os, subprocess\n"
                + "def f():\n"
                + "    cmd = 'ls %s' % os.getenv('DIR')\n"
                + "    subprocess.check_output(cmd)\n"));
    }

    @Test
    void networkBodyToDeserialization() {
        assertEquals(List.of("network@3->deserialize:pickle.loads@3", "network@5->deserialize:yaml.load@6"),
                flows("import pickle, requests, yaml\n"
                        + "def fetch(u):\n"
                        + "    obj = pickle.loads(requests.get(u).content)\n"
                        + "    resp = requests.post(u, data={})\n"
                        + "    doc = resp.text\n"
                        + "    return yaml.load(doc)\n"));
    }

    /** The source line of network data is where the response body is read. */
    @Test
    void networkThroughClientsAndContextManagers() {
        assertEquals(List.of("network@6->exec:exec@6", "network@8->exec:eval@8"), flows("import httpx\n"
                + "import urllib.request\n"
                + "async def pull(u):\n"
                + "    async with httpx.AsyncClient() as client:\n"
                + "        r = await client.get(u)\n"
                + "        exec(r.json()['code'])\n"
                + "    with urllib.request.urlopen(u) as page:\n"
                + "        eval(page.read().decode())\n"));
    }

    @Test
    void toolArgumentsThroughFormat() {
        assertEquals(List.of("tool-argument@5->shell:os.popen@6"), flows("import os\n"
                + "from mcp.server.fastmcp import FastMCP\n"
                + "mcp = FastMCP('x')\n"
                + "@mcp.tool()\n"
                + "def grep(pattern: str) -> str:\n"
                + "    return os.popen('grep {} /var/log/app.log'.format(pattern)).read()\n"));
    }

    @Test
    void callToolHandlerArgumentsThroughGet() {
        assertEquals(List.of("tool-argument@3->shell:subprocess.run@5"), flows("import subprocess\n"
                + "@server.call_tool()\n"
                + "async def call_tool(name, arguments):\n"
                + "    command = arguments.get('command')\n"
                + "    subprocess.run(command, shell=True)\n"));
    }

    @Test
    void decodedPayloadStillTainted() {
        assertEquals(List.of("env@3->exec:exec@4"), flows("import os, base64\n"
                + "def boot():\n"
                + "    blob = base64.b64decode(os.environ.get('PAYLOAD', ''))\n"
                + "    exec(blob)\n"));
    }

    @Test
    void branchesKeepTaintFromEitherPath() {
        assertEquals(List.of("env@4->shell:os.system@7"), flows("import os\n"
                + "def f(flag):\n"
                + "    if flag:\n"
                + "        cmd = os.environ['CMD']\n"
                + "    else:\n"
                + "        cmd = 'true'\n"
                + "    os.system(cmd)\n"));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        // sanitizers
        "import os, shlex\ndef f():\n    os.system('ls ' + shlex.quote(os.environ['D']))\n",
        "import os\ndef f():\n    os.system('sleep %d' % int(os.environ['N']))\n",
        // allowlist membership and an early-return guard
        "import os, sys\ndef f():\n    mode = sys.argv[1]\n    if mode in {'fast', 'slow'}:\n        os.system('run ' + mode)\n",
        "import os, sys\nALLOWED = ('a', 'b')\ndef f():\n    m = sys.argv[1]\n    if m not in ALLOWED:\n        return\n"
                + "    os.system('run ' + m)\n",
        // list command without a shell, safe YAML, constants
        "import subprocess, sys\ndef f():\n    subprocess.run(['git', 'clone', sys.argv[1]])\n",
        "import yaml, requests\ndef f(u):\n    return yaml.load(requests.get(u).text, Loader=yaml.SafeLoader)\n",
        "import yaml, requests\ndef f(u):\n    return yaml.safe_load(requests.get(u).text)\n",
        "import os\ndef f():\n    os.system('ls -la')\n",
        // default deny: unknown calls do not propagate
        "import os\ndef f():\n    cmd = build_command(os.environ['X'])\n    os.system(cmd)\n",
        // a later plain assignment replaces the tainted value
        "import os\ndef f():\n    cmd = os.environ['X']\n    cmd = 'true'\n    os.system(cmd)\n",
        // no inter-procedural or global flow
        "import os, sys\nTARGET = sys.argv[1]\ndef f():\n    os.system(TARGET)\n",
        "import os\ndef get():\n    return os.environ['X']\ndef f():\n    os.system(get())\n",
        // environment used for credentials and requests, not sinks
        "import os, requests\ndef f():\n    token = os.environ['TOKEN']\n    return requests.get('https://x.invalid', headers={'A': token}).json()\n",
        // a tool argument that never reaches a sink
        "@mcp.tool()\ndef echo(text: str) -> str:\n    return text.upper()\n",
        // a parameter of an ordinary function is not a source
        "import os\ndef f(cmd):\n    os.system(cmd)\n"
    })
    void benignShapesStayQuiet(String text) {
        assertEquals(List.of(), flows(text));
    }
}
