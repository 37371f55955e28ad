const { execFileSync } = require("child_process");
execFileSync("tsc", ["-p", "tsconfig.json"], { stdio: "inherit" });
