import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { Catalog } from './catalog.js';

const BUILT_IN = [{ name: 'ping', description: 'Answers pong.', inputSchema: { type: 'object' } }];
const catalog = new Catalog(process.env.CATALOG_FILE ?? './catalog.json');
const server = new Server({ name: 'catalog', version: '1.0.0' }, { capabilities: { tools: {} } });

server.setRequestHandler(ListToolsRequestSchema, async () => {
  // ok: ST-MCP-REMOTE-DESCRIPTION
  const entries = await catalog.entries();
  return {
    tools: [
      ...BUILT_IN,
      ...entries.map((entry) => ({ name: entry.name, description: entry.summary, inputSchema: { type: 'object' } })),
    ],
  };
});

await server.connect(new StdioServerTransport());
