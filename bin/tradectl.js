#!/usr/bin/env node
// The installed command. It is CommonJS (see bin/package.json), like dist/cli.cjs, because Node
// starts a CommonJS entry sooner than an ES module one. `--version` is answered here from
// package.json without loading the CLI at all, `__complete` (each Tab) by a bundle of its own,
// and the root help (`tradectl`, `--help`, `-h`) by another (BENCHMARKS.md, the start-up rows).
// In a fresh clone where dist/ has not been built yet (npm ci with scripts disabled), it builds
// once first, so `npx tradectl` always works.
"use strict";

const { join } = require("node:path");

const argv = process.argv;
const dist = join(__dirname, "..", "dist");
/** Whether compileCache() has run: the CLI after a declined Tab or root help asks again. */
let cacheOn = false;
if (argv.length === 3 && (argv[2] === "--version" || argv[2] === "-V")) {
  process.stdout.write(`${require("../package.json").version}\n`);
} else if (argv.length === 4 && argv[2] === "__complete") {
  // Every Tab: dist/complete.cjs lists the names (src/commands/completion/tab.ts), or declines
  // a word it does not know and the CLI answers.
  compileCache();
  const tab = join(dist, "complete.cjs");
  if (!require("node:fs").existsSync(tab)) build(tab);
  require(tab)
    .completeTab(argv[3], process.env, process.stdout)
    .then((done) => done || cli());
} else if (argv.slice(2).every((arg, i) => arg.startsWith("-") || argv[i + 1] === "--lang")) {
  // Options alone, or nothing: maybe the root help, which dist/root-help.cjs answers without the
  // CLI (src/root-help.ts decides), the same text. A command's help never reads that file; a
  // command line it does not answer, or a help long enough for the pager, is declined and the
  // CLI answers. No code cache for it: the file is small, and setting the cache up cost more
  // than compiling it (BENCHMARKS.md).
  const help = join(dist, "root-help.cjs");
  if (!require("node:fs").existsSync(help)) build(help);
  const answered = require(help).rootHelp(argv.slice(2), {
    env: process.env,
    stdout: () => process.stdout,
    stderr: () => process.stderr,
    stderrMayBeTerminal: () => {
      try {
        return require("node:fs").fstatSync(2).isCharacterDevice();
      } catch {
        return true;
      }
    },
    fail: (code) => {
      process.exitCode = code;
    },
  });
  if (!answered) cli();
} else {
  cli();
}

/**
 * V8's code for our files, kept by Node between runs (Node >= 22.1; in the OS temp folder): what
 * a run compiled, the next one reads instead of compiling again. Made on the user's machine, so
 * it fits the Node that runs it; the package ships none (BENCHMARKS.md, the start-up notes). An
 * older Node gets the same from bin/compile-cache.js, for our bundles. Turned on before the
 * first bundle that needs it is read.
 */
function compileCache() {
  if (cacheOn) return;
  cacheOn = true;
  const { enableCompileCache } = require("node:module");
  if (enableCompileCache) enableCompileCache();
  else require("./compile-cache.js").enableBundleCache(dist);
}

function cli() {
  compileCache();
  const file = join(dist, "cli.cjs");
  if (!require("node:fs").existsSync(file)) build(file);
  require(file).runCli();
}

function build(file) {
  const builder = join(__dirname, "..", "scripts", "build.js");
  if (!require("node:fs").existsSync(builder)) {
    process.stderr.write(
      `error: tradectl is not built (${file} is missing); reinstall the package\n`,
    );
    process.exit(1);
  }
  require("node:child_process").execFileSync(process.execPath, [builder, "--no-types"], {
    stdio: ["ignore", "ignore", "inherit"],
  });
}
