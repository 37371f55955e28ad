const fs = require("fs");
const path = require("path");
const { execFileSync } = require("child_process");

// CI writes the project's own .npmrc from its secret and publishes; the user's ~/.npmrc is never touched.
// ok: ST-SENS-PATH
const rc = path.join(process.cwd(), ".npmrc");
fs.writeFileSync(rc, "//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n");
execFileSync("npm", ["publish", "--access", "public"], { stdio: "inherit" });
