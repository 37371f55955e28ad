const fs = require("fs");
const path = require("path");
const { execFileSync } = require("child_process");

// The team's configuration, written as plain JSON.
const config = { formatter: { indentStyle: "space", lineWidth: 120 } };
const configPath = path.join(process.cwd(), "biome.json");
fs.writeFileSync(configPath, JSON.stringify(config, null, 2));

// A small badge shipped as base64 and written as an image; it is never run.
// ok: ST-OBF-DECODE-DROP, ST-OBF-DECODE-EXEC
const badge = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const badgePath = path.join(process.cwd(), "docs", "lint-badge.png");
fs.writeFileSync(badgePath, badge);

// The company's CA certificate, shipped as base64, is written out and handed to npm as an argument.
const ca = Buffer.from("LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCmZpeHR1cmUKLS0tLS1FTkQgQ0VSVElGSUNBVEUtLS0tLQo=", "base64");
const caPath = path.join(process.cwd(), ".certs", "company-ca.pem");
fs.writeFileSync(caPath, ca);
// ok: ST-OBF-DECODE-DROP
execFileSync("npm", ["config", "set", "cafile", caPath, "--location=project"], { stdio: "inherit" });

// The formatter itself comes from the official registry, pinned by version.
// ok: ST-OBF-DECODE-DROP
execFileSync("npm", ["install", "--no-save", "@biomejs/biome@1.9.4"], { stdio: "inherit" });
