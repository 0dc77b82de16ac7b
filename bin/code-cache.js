// Requires CommonJS files with the V8 code cache that scripts/build.js makes for them
// (dist/cli.cjs, dist/runs.cjs, dist/vendor/undici.cjs). With it V8 skips parsing and compiling the code a run
// needs (BENCHMARKS.md: the `--help` and `__complete` rows). V8 checks each cache against its
// version, its flags and the source, and compiles as usual when one does not fit, so a stale or
// foreign cache costs only its read. A cache is named by V8 version; without one for this V8,
// Node >= 22.1 keeps its own (module.enableCompileCache).
//
// Public Node APIs only: vm.Script with cachedData / createCachedData, and module.createRequire.
// A file is run in CommonJS's own wrapper written out here, with a module object of its own;
// nothing of Node's loader internals is touched.
"use strict";

const { readFileSync, renameSync, writeFileSync } = require("node:fs");
const { createRequire, enableCompileCache } = require("node:module");
const { dirname } = require("node:path");
const vm = require("node:vm");

/** The scripts compiled here, for writeCodeCaches; and each file's exports, loaded once. */
const compiled = new Map();
const loaded = new Map();
const written = new Set();

const cacheFile = (file) => `${file}.v8-${process.versions.v8}.cache`;

/** `require(file)` for an absolute path, loading it with its code cache when there is one. */
function requireWithCodeCache(file) {
  const done = loaded.get(file);
  if (done) return done.exports;
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile(file));
  } catch {
    if (!module.exports.producing) {
      enableCompileCache?.();
      return require(file);
    }
  }
  const source = readFileSync(file, "utf8");
  const script = new vm.Script(
    `(function (exports, require, module, __filename, __dirname) { ${source}\n})`,
    {
      filename: file,
      cachedData,
      importModuleDynamically: vm.constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    },
  );
  compiled.set(file, script);
  const mod = { exports: {}, filename: file, id: file, loaded: false };
  loaded.set(file, mod);
  try {
    script
      .runInThisContext()
      .call(mod.exports, mod.exports, createRequire(file), mod, file, dirname(file));
  } catch (error) {
    loaded.delete(file);
    throw error;
  }
  mod.loaded = true;
  return mod.exports;
}

/**
 * For the build: writes what V8 has compiled so far for each file loaded here (of those `only`
 * accepts) whose cache this process has not written yet (so a file's cache can be taken after the runs that should fill
 * it, and not the later ones). V8 refuses a cache made under other flags than the reading
 * process's, so nothing may change V8's flags before this runs.
 */
function writeCodeCaches(only = () => true) {
  for (const [file, script] of compiled) {
    if (written.has(file) || !only(file)) continue;
    written.add(file);
    const temp = `${cacheFile(file)}.${process.pid}`;
    writeFileSync(temp, script.createCachedData());
    renameSync(temp, cacheFile(file));
  }
}

module.exports = { requireWithCodeCache, writeCodeCaches, producing: false };
