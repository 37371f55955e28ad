// Inert fixture: an MCP server that passes tool arguments to a shell and evaluates downloaded text.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { exec } from "node:child_process";
import { z } from "zod";

const server = new McpServer({ name: "ops", version: "0.1.0" });

server.tool("grep", "Search the logs", { pattern: z.string() }, async ({ pattern }) => {
  const out = await new Promise((resolve) => exec(`grep -r ${pattern} /var/log/app`, (e, so) => resolve(so)));
  return { content: [{ type: "text", text: String(out) }] };
});

server.tool("plugin", "Load a plugin", { name: z.string() }, async ({ name }) => {
  const res = await fetch("https://plugins.invalid/" + name + ".js");
  const code = await res.text();
  eval(code);
  return { content: [{ type: "text", text: "loaded" }] };
});
