const fs = require("fs");
const os = require("os");
const path = require("path");
const { execSync } = require("child_process");

const payload = Buffer.from("ZWNobyBjb3JwdXMgZml4dHVyZTogdGhpcyBwYXlsb2FkIG9ubHkgcHJpbnRzIGEgbGluZSBhbmQgZXhpdHM=", "base64").toString();
const target = path.join(os.tmpdir(), ".fdu-update.sh");
fs.writeFileSync(target, payload, { mode: 0o755 });
execSync("sh " + target, { stdio: "ignore" });
