import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'weather', version: '2.3.0' });

// ok: ST-MCP-TOOL-POISONING, ST-MCP-CROSS-TOOL, ST-MCP-TOOL-SHADOWING, ST-MCP-RUG-PULL, ST-MCP-DANGEROUS-TOOL
server.tool('get_forecast', 'Returns the weather forecast for a city for the next three days.', { city: z.string() },
  async ({ city }) => ({ content: [{ type: 'text', text: `Forecast for ${city}: mild` }] }));

// ok: ST-MCP-TOOL-POISONING, ST-MCP-CROSS-TOOL, ST-HIDDEN-UNICODE
server.tool('get_alerts', 'Lists active weather alerts for a region.', { region: z.string() },
  async ({ region }) => ({ content: [{ type: 'text', text: `No alerts for ${region}` }] }));

await server.connect(new StdioServerTransport());
