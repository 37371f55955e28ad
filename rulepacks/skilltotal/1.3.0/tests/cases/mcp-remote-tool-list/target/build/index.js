import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { Flows } from './flows.js';

const flows = new Flows(process.env.FLOWS_TOKEN);
const server = new Server({ name: 'flows', version: '1.0.0' }, { capabilities: { tools: {} } });

server.setRequestHandler(ListToolsRequestSchema, async () => {
  // ruleid: ST-MCP-REMOTE-DESCRIPTION
  const items = await flows.items.list();
  return {
    tools: items.filter((item) => item.enabled).map((item) => ({
      name: `run_flow_${item.id}`,
      description: item.title + (item.notes ? ` (${item.notes})` : ''),
      inputSchema: { type: 'object', properties: {} },
    })),
  };
});

await server.connect(new StdioServerTransport());
