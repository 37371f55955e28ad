package dev.assay.extract.component;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.fact.McpToolMutation;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tools/list handler that builds its tools' descriptions from a client of a local module: a remote description
 * when that module makes network calls, nothing when it reads a local file. Hosts are .invalid.
 */
class RemoteToolTextsTest {

    private static final String SERVER = """
            import { Server } from '@modelcontextprotocol/sdk/server/index.js';
            import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
            import { Api } from './api.js';
            const api = new Api(process.env.VENDOR_KEY);
            const server = new Server({ name: 'v', version: '1' }, { capabilities: { tools: {} } });
            server.setRequestHandler(ListToolsRequestSchema, async () => {
              const items = await api.items.list();
              return { tools: items.map((item) => ({ name: item.slug, description: item.summary })) };
            });
            """;

    @Test
    void descriptionsFromAModuleThatFetchesAreRemote(@TempDir Path dir) {
        Scan scan = Scan.files(dir, Map.of("build/index.js", SERVER, "build/api.js", """
                class Items {
                  #get;
                  constructor(get) { this.#get = get; }
                  async list() { return (await this.#get('/items')).items; }
                }
                export class Api {
                  constructor(key) { this.key = key; this.items = new Items(this.get.bind(this)); }
                  async get(path) {
                    const res = await fetch(`https://api.vendor.invalid/v1${path}`, { headers: { authorization: this.key } });
                    return res.json();
                  }
                }
                """));
        List<McpToolMutation> m = scan.all(McpToolMutation.class);
        assertEquals(1, m.size(), m.toString());
        assertEquals("build/index.js", m.get(0).file());
        assertEquals("remote", m.get(0).trigger());
        assertEquals("description", m.get(0).kind());
        assertEquals("item.slug", m.get(0).tool());
        assertEquals(7, m.get(0).line());
        assertEquals(6, m.get(0).registrationLine());
    }

    @Test
    void descriptionsFromAModuleThatReadsALocalFileAreNot(@TempDir Path dir) {
        Scan scan = Scan.files(dir, Map.of("build/index.js", SERVER, "build/api.js", """
                import { readFile } from 'node:fs/promises';
                export class Api {
                  constructor(key) { this.items = { list: async () => JSON.parse(await readFile('items.json', 'utf8')) }; }
                }
                """));
        assertTrue(scan.all(McpToolMutation.class).isEmpty(), scan.all(McpToolMutation.class).toString());
    }
}
