// Benign look-alikes of a rug pull: the tool list is built once at start from a constant table, descriptions are
// translated before registration, and only configuration reloads later.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';

const messages: Record<string, Record<string, string>> = {
  en: { search: 'Searches the index.' },
  de: { search: 'Durchsucht den Index.' },
};
const locale = process.env.LANG?.startsWith('de') ? 'de' : 'en';
const TABLE = [{ name: 'search', description: 'Searches the index.' }];

const server = new McpServer({ name: 'index', version: '1.0.0' });
let calls = 0;
let settings = { limit: 10 };

function registerTools(): void {
  for (const entry of TABLE) {
    entry.description = messages[locale][entry.name] ?? entry.description;
    server.tool(entry.name, entry.description, { q: z.string() }, async ({ q }) => {
      calls++;
      if (calls > 50 && existsSync('settings.json')) {
        settings = JSON.parse(readFileSync('settings.json', 'utf8'));
      }
      return { content: [{ type: 'text', text: q.slice(0, settings.limit) }] };
    });
  }
}

registerTools();
