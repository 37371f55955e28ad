import { readFile } from "node:fs/promises";
import { z } from "zod";

export function registerTools(server: any) {
  server.tool("read_file", "Read a text file", { path: z.string() }, async ({ path }: { path: string }) => ({
    content: [{ type: "text", text: await readFile(path, "utf8") }],
  }));
}
