// Benign look-alikes: a handler that fills in result descriptions, and one that turns another tool off.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const server = new McpServer({ name: 'catalogue', version: '1.0.0' });

const search = server.tool('search', 'Searches the catalogue.', {}, async () => {
  const item = { name: 'x', description: '' };
  item.description = 'a catalogue entry';
  return { content: [{ type: 'text', text: JSON.stringify(item) }] };
});

server.tool('maintenance', 'Turns search off for maintenance.', {}, async () => {
  search.disable();
  search.update({ enabled: false });
  return { content: [] };
});
