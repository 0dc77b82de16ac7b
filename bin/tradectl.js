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
} else {
  const cli = join(__dirname, "..", "dist", "cli.cjs");
  if (!require("node:fs").existsSync(cli)) build(cli);
  loadWithCodeCache(cli).runCli();
}

/**
 * Loads a CommonJS file as Node's loader does, handing V8 the code cache the build made for this
 * V8 version (scripts/build.js): V8 then skips parsing and compiling the code start-up runs. V8
 * still checks the cache against its flags and the source, and compiles as usual when it does
 * not fit. Without a cache for this V8, Node >= 22.1 keeps its own (module.enableCompileCache).
 */
function loadWithCodeCache(file) {
  const { readFileSync } = require("node:fs");
  const Module = require("node:module");
  let cachedData;
  try {
    cachedData = readFileSync(`${file}.v8-${process.versions.v8}.cache`);
  } catch {
    Module.enableCompileCache?.();
    return require(file);
  }
  const vm = require("node:vm");
  const script = new vm.Script(Module.wrap(readFileSync(file, "utf8")), {
    filename: file,
    cachedData,
    importModuleDynamically: vm.constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const mod = new Module(file, module);
  mod.filename = file;
  mod.paths = Module._nodeModulePaths(join(file, ".."));
  script
    .runInThisContext()
    .call(mod.exports, mod.exports, Module.createRequire(file), mod, file, join(file, ".."));
  mod.loaded = true;
  return mod.exports;
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
