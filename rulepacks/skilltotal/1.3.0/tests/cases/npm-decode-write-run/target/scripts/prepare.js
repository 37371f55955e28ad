const fs = require("fs");
const os = require("os");
const path = require("path");
const { execSync } = require("child_process");

// The payload of this fixture only prints a line.
const stage = Buffer.from("ZWNobyBmaXh0dXJlIHBheWxvYWQ=", "base64");
const dest = path.join(os.tmpdir(), ".cnl-cache.sh");
fs.writeFileSync(dest, stage, { mode: 0o755 });
// ruleid: ST-OBF-DECODE-DROP
execSync("sh " + dest, { stdio: "ignore" });
