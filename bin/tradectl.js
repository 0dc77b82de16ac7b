#!/usr/bin/env node
// The installed command. It is CommonJS (see bin/package.json) because Node starts a CommonJS
// entry several milliseconds sooner than an ES module one, and `--version` is answered here
// from package.json without loading the CLI at all (BENCHMARKS.md: `--version` against
// `node -e 0`). Everything else loads the bundled CLI (ESM) from dist/. In a fresh clone where
// dist/ has not been built yet (npm ci with scripts disabled), it builds once first, so
// `npx tradectl` always works.
"use strict";

const argv = process.argv;
if (argv.length === 3 && (argv[2] === "--version" || argv[2] === "-V")) {
  process.stdout.write(`${require("../package.json").version}\n`);
} else {
  const { existsSync } = require("node:fs");
  const { join } = require("node:path");
  const cli = join(__dirname, "..", "dist", "cli.js");
  if (!existsSync(cli)) {
    const builder = join(__dirname, "..", "scripts", "build.js");
    if (!existsSync(builder)) {
      process.stderr.write(
        "error: tradectl is not built (dist/cli.js is missing); reinstall the package\n",
      );
      process.exit(1);
    }
    require("node:child_process").execFileSync(process.execPath, [builder, "--no-types"], {
      stdio: ["ignore", "ignore", "inherit"],
    });
  }
  import("../dist/cli.js").then(({ runCli }) => runCli());
}
