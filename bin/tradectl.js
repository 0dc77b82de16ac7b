#!/usr/bin/env node
// The installed command. It is CommonJS (see bin/package.json), like dist/cli.cjs, because Node
// starts a CommonJS entry sooner than an ES module one. `--version` is answered here from
// package.json without loading the CLI at all (BENCHMARKS.md: the `--version` row). In a fresh clone where dist/ has not been built
// yet (npm ci with scripts disabled), it builds once first, so `npx tradectl` always works.
// Start-up times are in BENCHMARKS.md.
"use strict";

const { join } = require("node:path");

const argv = process.argv;
if (argv.length === 3 && (argv[2] === "--version" || argv[2] === "-V")) {
  process.stdout.write(`${require("../package.json").version}\n`);
} else {
  const cli = join(__dirname, "..", "dist", "cli.cjs");
  if (!require("node:fs").existsSync(cli)) build(cli);
  require("./code-cache.js").requireWithCodeCache(cli).runCli();
}

function build(cli) {
  const builder = join(__dirname, "..", "scripts", "build.js");
  if (!require("node:fs").existsSync(builder)) {
    process.stderr.write(
      `error: tradectl is not built (${cli} is missing); reinstall the package\n`,
    );
    process.exit(1);
  }
  require("node:child_process").execFileSync(process.execPath, [builder, "--no-types"], {
    stdio: ["ignore", "ignore", "inherit"],
  });
}
