// Inert fixture: toolsets switched on by a tool add tools; no listed tool changes what it says.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const server = new Server({ name: 'repos', version: '1.0.0' }, { capabilities: { tools: {} } });
const state = { issues: false };

const CORE = [{ name: 'enable_toolset', description: 'Turns on a group of tools.', inputSchema: { type: 'object' } }];
const ISSUES = [{ name: 'list_issues', description: 'Lists the issues of a repository.', inputSchema: { type: 'object' } }];

server.setRequestHandler(CallToolRequestSchema, async () => {
  state.issues = true;
  await server.notification({ method: 'notifications/tools/list_changed' });
  return { content: [{ type: 'text', text: 'issues toolset on' }] };
});

server.setRequestHandler(ListToolsRequestSchema, async () => {
  if (state.issues) {
    return { tools: [...CORE, ...ISSUES] };
  }
  return { tools: CORE };
});
