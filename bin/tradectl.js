#!/usr/bin/env node
// The installed command. It is CommonJS (see bin/package.json), like dist/cli.cjs, because Node
// starts a CommonJS entry sooner than an ES module one. `--version` is answered here from
// package.json without loading the CLI at all. In a fresh clone where dist/ has not been built
// yet (npm ci with scripts disabled), it builds once first, so `npx tradectl` always works.
// Start-up times are in BENCHMARKS.md.
"use strict";

const { join } = require("node:path");

const argv = process.argv;
if (argv.length === 3 && (argv[2] === "--version" || argv[2] === "-V")) {
  process.stdout.write(`${require("../package.json").version}\n`);
} else if (argv.length === 3 && (argv[2] === "--help" || argv[2] === "-h") && helpAsBuilt()) {
  // Printed.
} else {
  const cli = join(__dirname, "..", "dist", "cli.cjs");
  if (!require("node:fs").existsSync(cli)) build(cli);
  require("./code-cache.js").requireWithCodeCache(cli).runCli();
}

/**
 * `tradectl --help` on a stdout that is not a terminal: the same text whatever the environment
 * (commander wraps it at 80 columns there), so the build renders it once into dist/help.txt
 * and it is printed from there without loading the CLI (BENCHMARKS.md). On a terminal, whose
 * width the text follows, or without that file, the CLI renders it as usual.
 * test/e2e/build-fences.test.ts checks the file says what the CLI says.
 */
function helpAsBuilt() {
  const fs = require("node:fs");
  let text;
  try {
    text = fs.readFileSync(join(__dirname, "..", "dist", "help.txt"));
  } catch {
    return false;
  }
  if (!notATerminal(fs)) return false;
  // Written to fd 1 directly: creating process.stdout costs about as much as the rest of this.
  let written = 0;
  try {
    while (written < text.length) written += fs.writeSync(1, text, written);
  } catch (error) {
    // The reader went away (`| head -1`): nothing more to do, as for the CLI. A pipe that is
    // full (non-blocking) gets the rest through process.stdout; any other failure (a full
    // disk) is one line and exit 1, as the CLI reports a failed write.
    if (error.code === "EAGAIN") {
      process.stdout.on("error", () => failedWrite(error));
      process.stdout.write(text.subarray(written));
    } else if (error.code !== "EPIPE") failedWrite(error);
  }
  return true;
}

function failedWrite(error) {
  process.stderr.write(
    `error: could not write to standard output: ${error.code ?? error.message}\n`,
  );
  process.exitCode = 1;
}

/** fd 1 is a pipe, a file, a socket or /dev/null: known without creating process.stdout. */
function notATerminal(fs) {
  try {
    const out = fs.fstatSync(1);
    return !out.isCharacterDevice() || out.rdev === fs.statSync("/dev/null").rdev;
  } catch {
    return false;
  }
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
