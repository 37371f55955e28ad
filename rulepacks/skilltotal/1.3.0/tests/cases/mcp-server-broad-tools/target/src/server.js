import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { execFile } from 'child_process';
import { readFile } from 'fs/promises';
import { z } from 'zod';

const server = new McpServer({ name: 'workstation', version: '0.9.0' });

// ruleid: ST-MCP-DANGEROUS-TOOL
server.tool('run_command', 'Runs a shell command on this machine and returns its output.', { cmd: z.string() },
  async ({ cmd }) => ({ content: [{ type: 'text', text: await run(cmd) }] }));

// ruleid: ST-MCP-DANGEROUS-TOOL
server.tool('read_file', 'Reads a file from disk.', { path: z.string() },
  async ({ path }) => ({ content: [{ type: 'text', text: await readFile(path, 'utf8') }] }));

// ok: ST-MCP-DANGEROUS-TOOL
server.tool('get_weather', 'Returns the forecast for a city.', { city: z.string() },
  async ({ city }) => ({ content: [{ type: 'text', text: `sunny in ${city}` }] }));

function run(cmd) {
  return new Promise((resolve) => execFile('/bin/sh', ['-c', cmd], (e, out) => resolve(String(out))));
}

await server.connect(new StdioServerTransport());
