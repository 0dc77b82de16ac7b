#!/usr/bin/env node
// Builds dist/ with esbuild, then emits the library's type declarations.
//
// - dist/cli.cjs and dist/runs.cjs: the CLI as two CommonJS files sharing one module graph
//   (scripts/cli-chunks.js): start-up (argv, the program and its specs, help, `__complete`) in
//   cli.cjs, one scope-hoisted bundle; the runs, the client, the sandbox, csv-parse and the wizard
//   in runs.cjs, read only when a run needs it. A CommonJS entry starts faster than an ES module
//   graph (no ESM loader). No V8 code cache is shipped: one made here fits only the V8 that
//   made it; bin/tradectl.js turns on Node's own compile cache (Node >= 22.1), made on the
//   user's machine by the Node that runs it (BENCHMARKS.md, the start-up notes).
// - dist/root-help.cjs: the root help (`tradectl`, `--help`, `-h`) as the CLI prints it, without the
//   CLI: recorded from the program at build time, laid out for the terminal at run time
//   (src/root-help.ts). bin/tradectl.js asks it first.
// - dist/vendor/: undici (the part we use) and @inquirer/prompts, each pre-bundled into one file
//   and required only by the commands that need them (network commands; the wizard and login).
// - dist/index.js: the library entry, ESM, over dist/library.cjs, a chunk of the CLI's graph
//   (scripts/cli-chunks.js): one copy of the client, the catalog and undici for both.
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { buildCliChunks } from "./cli-chunks.js";
import { flattenTypes } from "./flat-types.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const typesToo = !process.argv.includes("--no-types");

/**
 * undici's index.js evaluates all of undici (fetch, WebSocket, caches, mocks, cookies, which in
 * turn wakes Node's own copy of undici): 40-60 ms before the first request. src/api/client.ts
 * uses `Agent` and `request`; this module gives exactly those from undici's own files, `request`
 * being index.js's wrapper (makeDispatcher) for `api.request`, unchanged.
 */
const LEAN_UNDICI = `
const Agent = require("undici/lib/dispatcher/agent.js");
const Dispatcher = require("undici/lib/dispatcher/dispatcher.js");
const api = require("undici/lib/api/index.js");
const util = require("undici/lib/core/util.js");
const { InvalidArgumentError } = require("undici/lib/core/errors.js");
const { getGlobalDispatcher } = require("undici/lib/global.js");
// The transport's connector (src/api/connection-path.ts): --ip-family and the path it took.
const buildConnector = require("undici/lib/core/connect.js");

Object.assign(Dispatcher.prototype, api);

function request(url, opts, handler) {
  if (typeof opts === "function") {
    handler = opts;
    opts = null;
  }
  if (!url || (typeof url !== "string" && typeof url !== "object" && !(url instanceof URL))) {
    throw new InvalidArgumentError("invalid url");
  }
  if (opts != null && typeof opts !== "object") {
    throw new InvalidArgumentError("invalid opts");
  }
  if (opts && opts.path != null) {
    if (typeof opts.path !== "string") {
      throw new InvalidArgumentError("invalid opts.path");
    }
    let path = opts.path;
    if (!opts.path.startsWith("/")) {
      path = \`/\${path}\`;
    }
    url = new URL(util.parseOrigin(url).origin + path);
  } else {
    if (!opts) {
      opts = typeof url === "object" ? url : {};
    }
    url = util.parseURL(url);
  }
  const { agent, dispatcher = getGlobalDispatcher() } = opts;
  if (agent) {
    throw new InvalidArgumentError("unsupported opts.agent. Did you mean opts.client?");
  }
  return api.request.call(
    dispatcher,
    {
      ...opts,
      origin: url.origin,
      path: url.search ? \`\${url.pathname}\${url.search}\` : url.pathname,
      method: opts.method || (opts.body ? "PUT" : "GET"),
    },
    handler,
  );
}

module.exports = { Agent, Dispatcher, buildConnector, request, getGlobalDispatcher };
`;

/**
 * cli-table3 measures every cell with string-width@4 (our tables too: output/narrowing.ts), a
 * dozen times or more per cell, and each measure strips colour with strip-ansi@6, which asks
 * ansi-regex@5 for its pattern: a new RegExp built from the pattern's text on every call. That
 * was a quarter of the CPU time of a long `list --all -o table`. strip-ansi only
 * uses it with String#replace, which starts a global RegExp at lastIndex 0 and leaves it there,
 * so one RegExp of each kind, built once by the real ansi-regex, serves every call alike.
 */
const CACHED_ANSI_REGEX = `
const ansiRegex = require("ansi-regex");
const all = ansiRegex();
const first = ansiRegex({ onlyFirst: true });
module.exports = ({ onlyFirst = false } = {}) => (onlyFirst ? first : all);
`;

const LEAN_CLI_TABLE3 = join(root, "scripts", "lean", "cli-table3.cjs");
/**
 * undici's client.js requires its HTTP/2 client (client-h2.js) at load, and that requires
 * node:http2: some 7 ms before the first request (a walk's fixed cost, BENCHMARKS.md). We never
 * ask for HTTP/2 (no `allowH2`), so a connection never speaks it; the HTTP/2 client is loaded
 * by the first connection that does, if one ever does. The line replaced is undici's own; the
 * build fails if undici no longer has it.
 */
const UNDICI_H2_AT_LOAD = "const connectH2 = require('./client-h2.js')";
const UNDICI_H2_ON_USE =
  "function connectH2(client, socket) { return require('./client-h2.js')(client, socket) }";

function undiciH2OnUse() {
  return {
    name: "undici-h2-on-use",
    setup(b) {
      b.onLoad({ filter: /undici[\\/]lib[\\/]dispatcher[\\/]client\.js$/ }, (args) => {
        const text = readFileSync(args.path, "utf8");
        if (!text.includes(UNDICI_H2_AT_LOAD)) {
          throw new Error(`${args.path} no longer has: ${UNDICI_H2_AT_LOAD}`);
        }
        return { contents: text.replace(UNDICI_H2_AT_LOAD, UNDICI_H2_ON_USE), loader: "js" };
      });
    },
  };
}

/**
 * Load only what runs:
 * - chalk's supports-color probes the terminal at import time (loading node:tty and node:os) for
 *   chalk's default instance. We never use that instance: src/output/io.ts gives every Chalk its
 *   level. The probe is replaced by "no colour".
 * - commander needs node:child_process only to run external subcommands, which we have none of;
 *   it is loaded on first use instead of at start.
 * - cli-table3 is scripts/lean/cli-table3.cjs: loaded by the first table made, not at start.
 * - undici (LEAN_UNDICI) and @inquirer/prompts are files of dist/vendor/ (VENDOR), required
 *   by the CLI and the library alike, not bundled into dist/cli.cjs.
 * - ansi-regex, as strip-ansi requires it, is CACHED_ANSI_REGEX (see there).
 * - string-width, as cli-table3 requires it, is src/output/narrowing.ts's textWidth: the one
 *   measure of our tables, string-width itself but for printable ASCII (most cells), which it
 *   measures as its length without stripping colour or matching emoji (see there).
 * - zod's table of every language's error texts (`z.locales`, some 250 KB in dist/mcp.cjs) is
 *   its English one alone: zod itself uses only that (its default error map), and so do we (the
 *   agent server's errors are in English for the agent).
 */
function loadOnlyWhatRuns() {
  return {
    name: "load-only-what-runs",
    setup(b) {
      b.onResolve({ filter: /^#supports-color$/ }, () => ({
        path: "supports-color",
        namespace: "lean",
      }));
      b.onLoad({ filter: /^supports-color$/, namespace: "lean" }, () => ({
        contents: "export default { stdout: false, stderr: false };",
        loader: "js",
      }));
      b.onResolve({ filter: /^node:child_process$/ }, (args) =>
        /node_modules[\\/]commander[\\/]/.test(args.importer)
          ? { path: "child_process", namespace: "lean" }
          : undefined,
      );
      b.onLoad({ filter: /^child_process$/, namespace: "lean" }, () => ({
        contents:
          'let real; const load = () => (real ??= require("node:child_process"));\n' +
          "module.exports = { spawn: (...args) => load().spawn(...args) };",
        loader: "js",
      }));
      // cli-table3, loaded by the first table made; the shim itself requires the real package.
      b.onResolve({ filter: /^cli-table3$/ }, (args) =>
        args.importer === LEAN_CLI_TABLE3 ? undefined : { path: LEAN_CLI_TABLE3 },
      );
      b.onResolve({ filter: /^(undici|@inquirer\/prompts)$/ }, (args) => {
        if (!args.importer.startsWith(join(root, "src"))) return undefined;
        return { path: args.path, namespace: "vendor" };
      });
      b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
        /node_modules[\\/]zod[\\/]/.test(args.importer)
          ? { path: join(dirname(args.importer), "..", "locales", "en.js"), namespace: "zod-en" }
          : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: "zod-en" }, (args) => ({
        contents: `export { default as en } from ${JSON.stringify(args.path)};`,
        resolveDir: root,
        loader: "js",
      }));
      b.onResolve({ filter: /^ansi-regex$/ }, (args) =>
        /node_modules[\\/]strip-ansi[\\/]/.test(args.importer)
          ? { path: "ansi-regex", namespace: "lean" }
          : undefined,
      );
      b.onResolve({ filter: /^string-width$/ }, (args) =>
        /node_modules[\\/]cli-table3[\\/]/.test(args.importer)
          ? { path: "string-width", namespace: "lean" }
          : undefined,
      );
      b.onLoad({ filter: /^string-width$/, namespace: "lean" }, () => ({
        contents: 'module.exports = require("./src/output/narrowing.ts").textWidth;',
        resolveDir: root,
        loader: "js",
      }));
      b.onLoad({ filter: /^ansi-regex$/, namespace: "lean" }, () => ({
        contents: CACHED_ANSI_REGEX,
        resolveDir: root,
        loader: "js",
      }));
      // A module of the bundle that requires the vendored file, so that esbuild turns even a
      // dynamic import() of it into require(): no ES module loader at run time.
      b.onLoad({ filter: /.*/, namespace: "vendor" }, (args) => ({
        contents: VENDOR[args.path],
        loader: "js",
      }));
      b.onResolve({ filter: /^\.\.?\/(vendor|bin)\// }, (args) =>
        args.namespace === "vendor" ? { path: args.path, external: true } : undefined,
      );
    },
  };
}

/**
 * One language per file, each as one object. Each room of the message catalog
 * (src/i18n/messages/<room>.ts) holds its English `en` and then its Turkish `tr`, side by side for
 * the people who write them, and src/i18n/catalog.ts and catalog-tr.ts join the rooms of each
 * language. The build runs those two modules (they hold nothing but texts) and gives the bundle
 * what they made, one object literal each: an English run never reads the Turkish texts, which
 * a Turkish run loads (translate.ts, loadLanguage), and no run joins the rooms at start. V8
 * makes one literal of some 1,000 entries in a fraction of the time it takes to make the rooms and
 * copy them into one, and with less garbage (BENCHMARKS.md, the `--help` row). With
 * `turkish: false` (dist/complete.cjs, what Tab runs, which prints no text) the Turkish catalog is
 * not in the bundle at all.
 */
function oneLanguage({ turkish }) {
  const catalogs = /[\\/]src[\\/]i18n[\\/]catalog(-tr)?\.ts$/;
  return {
    name: "one-language",
    setup(b) {
      b.onLoad({ filter: catalogs }, async (args) => ({
        contents: await catalogLiteral(args.path, catalogs.exec(args.path)[1] ? "TR" : "EN"),
        loader: "js",
      }));
      if (!turkish) {
        b.onResolve({ filter: /^\.\/catalog-tr\.js$/ }, () => ({ path: "tr", namespace: "no-tr" }));
        b.onLoad({ filter: /.*/, namespace: "no-tr" }, () => ({
          contents: 'throw new Error("this bundle has no Turkish texts");',
          loader: "js",
        }));
      }
    },
  };
}

/**
 * `export const NAME = {…}`: the catalog that `file` exports as NAME, made by running it once
 * per build (dist/cli.cjs and dist/complete.cjs both take the English one).
 */
const catalogLiterals = new Map();
function catalogLiteral(file, name) {
  if (!catalogLiterals.has(file)) catalogLiterals.set(file, makeCatalogLiteral(file, name));
  return catalogLiterals.get(file);
}

async function makeCatalogLiteral(file, name) {
  const { outputFiles } = await build({
    entryPoints: [file],
    bundle: true,
    write: false,
    format: "cjs",
    platform: "node",
    logLevel: "warning",
  });
  const module = { exports: {} };
  new Function("module", "exports", outputFiles[0].text)(module, module.exports);
  const catalog = module.exports[name];
  if (typeof catalog !== "object" || catalog === null) {
    throw new Error(`${file} does not export the catalog ${name}`);
  }
  return `export const ${name} = ${JSON.stringify(catalog)};\n`;
}

/**
 * dist/root-help.cjs: the root help without the CLI (src/root-help.ts), what bin/tradectl.js
 * asks first for `tradectl`, `--help` and `-h`. Its text is recorded here from the real program
 * (src/root-help-record.ts, run once per build) and written into the bundle; of commander it
 * takes `Help` alone (lib/help.js, which the package's exports do not name, so it is given
 * here), not the program's code.
 */
async function rootHelpBundle(outfile) {
  const { outputFiles } = await build({
    ...common,
    entryPoints: ["src/root-help-record.ts"],
    write: false,
    format: "cjs",
  });
  const recorder = { exports: {} };
  new Function("module", "exports", "require", outputFiles[0].text)(
    recorder,
    recorder.exports,
    createRequire(join(root, "scripts", "build.js")),
  );
  const records = await recorder.exports.recordRootHelps();
  const help = join(root, "node_modules", "commander", "lib", "help.js");
  await build({
    ...common,
    stdin: {
      contents: `import { answerRootHelp } from "./src/root-help.ts";
const RECORDS = ${JSON.stringify(records)};
export const rootHelp = (argv, deps) => answerRootHelp(argv, deps, RECORDS);`,
      resolveDir: root,
      sourcefile: "root-help-entry.cjs",
      loader: "js",
    },
    outfile,
    format: "cjs",
    plugins: [
      {
        name: "commander-help-alone",
        setup(b) {
          b.onResolve({ filter: /^commander$/ }, () => ({ path: help }));
          // help.js takes one function of argument.js (and argument.js all of error.js) for
          // the terms of arguments, which the recording has already made.
          b.onResolve({ filter: /^\.\/argument\.js$/ }, (args) =>
            args.importer === help ? { path: "argument", namespace: "no-arguments" } : undefined,
          );
          b.onLoad({ filter: /.*/, namespace: "no-arguments" }, () => ({
            contents:
              'exports.humanReadableArgName = () => { throw new Error("not in the root help"); };',
            loader: "js",
          }));
        },
      },
    ],
  });
}

/**
 * How dist/cli.cjs requires the vendored files, and the V8 flags the commands that talk to the
 * service set once they load undici (scripts/bench/notes.md, "Peak RSS"):
 * - undici's HTTP parser (llhttp, WebAssembly) stays on V8's baseline code (Liftoff) for the
 *   whole run. V8 would recompile it with TurboFan on a background thread: about 150 ms of CPU
 *   (420 ms under load) that a short-lived CLI pays in full (the process waits for that thread
 *   before it exits) and never earns back on a few hundred small responses. A large tiering
 *   budget only put that off: a walk of 100,000 records still ran out of it after about 400
 *   pages, and the compile's 29 MB of zone memory (a 36 MiB malloc arena on the compiling
 *   thread) then came on top of a grown heap: the walk's peak RSS. Without dynamic tiering and
 *   tier-up nothing is recompiled; the budget stays for a V8 that knows only it.
 * - The old generation may grow to twice what a full collection left (V8 lets it grow to four
 *   times that at first): a long walk's garbage is collected every few seconds instead of piling
 *   up until a limit that a walk of 100,000 records never reaches and one of 300,000 does (a full
 *   collection with a live heap of about 9 MB takes 5-10 ms).
 * The bundle cache puts these flags back before it writes (bin/compile-cache.js,
 * V8_FLAGS_DEFAULT). Best effort: a Node that refuses a flag runs as before.
 */
const VENDOR = {
  undici: `
module.exports = require("./vendor/undici.cjs");
try {
  require("node:v8").setFlagsFromString("--wasm-tiering-budget=2000000000 --no-wasm-dynamic-tiering --no-wasm-tier-up --heap-growing-percent=100");
} catch {}
`,
  "@inquirer/prompts": 'module.exports = require("./vendor/inquirer.cjs");',
};
const common = {
  absWorkingDir: root,
  bundle: true,
  platform: "node",
  target: "node20.18",
  legalComments: "none",
  logLevel: "warning",
  // Less to install and to read at every start; names are kept, so stack traces still read.
  minifyWhitespace: true,
  minifySyntax: true,
};

// Build beside dist/ and swap it in, so a test reading dist/ meanwhile never sees half a build.
const staging = join(root, `dist.staging-${process.pid}`);
rmSync(staging, { recursive: true, force: true });
await Promise.all([
  buildCliChunks({
    root,
    entry: "src/cli.ts",
    library: "src/index.ts",
    target: common.target,
    plugins: [loadOnlyWhatRuns(), oneLanguage({ turkish: true })],
  }).then((files) => {
    mkdirSync(staging, { recursive: true });
    for (const [name, text] of Object.entries(files)) writeFileSync(join(staging, name), text);
  }),
  rootHelpBundle(join(staging, "root-help.cjs")),
  build({
    ...common,
    // What each Tab runs (bin/tradectl.js): the config readers, none of the program.
    entryPoints: ["src/commands/completion/tab.ts"],
    outfile: join(staging, "complete.cjs"),
    plugins: [oneLanguage({ turkish: false })],
    format: "cjs",
  }),
  build({
    ...common,
    stdin: { contents: LEAN_UNDICI, resolveDir: root, sourcefile: "undici-lean.cjs" },
    outfile: join(staging, "vendor", "undici.cjs"),
    format: "cjs",
    plugins: [undiciH2OnUse()],
    // Third-party code: its names are not ours to read in a stack trace, and short ones
    // keep the global install under 5 MB.
    minifyIdentifiers: true,
  }),
  build({
    ...common,
    // Only the prompts the prompter asks (commands/prompter.ts): the editor prompt alone would
    // bring an external-editor and its character-set tables to every install.
    stdin: {
      contents: 'export { confirm, input, password, search, select } from "@inquirer/prompts";',
      resolveDir: root,
    },
    outfile: join(staging, "vendor", "inquirer.cjs"),
    format: "cjs",
    // Third-party code: its names are not ours to read in a stack trace, and short ones
    // keep the global install under 5 MB.
    minifyIdentifiers: true,
  }),
]);

const old = join(root, `dist.old-${process.pid}`);
try {
  renameSync(join(root, "dist"), old);
} catch {
  // No previous build.
}
renameSync(staging, join(root, "dist"));
rmSync(old, { recursive: true, force: true });
if (typesToo) {
  execFileSync(
    process.execPath,
    [join(root, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.build.json"],
    {
      cwd: root,
      stdio: "inherit",
    },
  );
  pruneTypes(join(root, "dist", "types"));
  flattenTypes(root, join(root, "dist", "types"));
}

/**
 * tsc writes a declaration for every module the library's code reaches (the message catalog
 * through the client's hints, for one); a user's compiler needs only those the library's own
 * types name. Keep the .d.ts files reachable from index.d.ts through their imports and
 * exports, and remove the rest (they made the global install pass 5 MB).
 */
function pruneTypes(dir) {
  const keep = new Set();
  const visit = (file) => {
    if (keep.has(file) || !existsSync(file)) return;
    keep.add(file);
    const text = readFileSync(file, "utf8");
    for (const [, spec] of text.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)) {
      visit(join(dirname(file), spec.replace(/\.js$/, ".d.ts")));
    }
  };
  visit(join(dir, "index.d.ts"));
  const sweep = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        sweep(path);
        if (readdirSync(path).length === 0) rmSync(path, { recursive: true });
      } else if (!keep.has(path)) rmSync(path);
    }
  };
  sweep(dir);
}
