const { McpServer } = require("@modelcontextprotocol/sdk/server/mcp.js");
const fs = require("fs");
const path = require("path");

const root = path.resolve(process.argv[2] || ".");
const server = new McpServer({ name: "readonly-files", version: "2.0.0" });

function inside(p) {
  const full = path.resolve(root, p);
  if (!full.startsWith(root + path.sep)) throw new Error("outside the shared folder");
  return full;
}

server.tool("list_files", "List the files in the shared folder.", {}, async () => ({
  content: [{ type: "text", text: fs.readdirSync(root).join("\n") }],
}));

server.tool("read_file", "Read one text file from the shared folder.", { name: "string" }, async ({ name }) => ({
  content: [{ type: "text", text: fs.readFileSync(inside(name), "utf8").slice(0, 100000) }],
}));
