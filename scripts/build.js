#!/usr/bin/env node
// Bundles the CLI and the library into dist/ with esbuild, then emits the library's type
// declarations. One bundle means start-up reads few files; code split at dynamic imports keeps
// the wizard (inquirer), the sandbox and undici out of `--help` and `--version`.
import { execFileSync } from "node:child_process";
import { renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const typesToo = !process.argv.includes("--no-types");

/**
 * Load only what runs. Each of these was measured (`npm run bench`, BENCHMARKS.md):
 * - chalk's supports-color probes the terminal at import time (loading node:tty and node:os) for
 *   chalk's default instance. We never use that instance: src/output/io.ts gives every Chalk its
 *   level. The probe is replaced by "no colour".
 * - commander needs node:child_process only to run external subcommands, which we have none of;
 *   it is loaded on first use instead of at start.
 * - undici's index.js evaluates all of undici (fetch, WebSocket, caches, mocks, cookies, which in
 *   turn wakes Node's own copy of undici): 40-60 ms before the first request. src/api/client.ts
 *   uses `Agent` and `request`; "undici" resolves to a module giving exactly those from undici's
 *   own files, `request` being index.js's wrapper (makeDispatcher) for `api.request`.
 */
const loadOnlyWhatRuns = {
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
    b.onResolve({ filter: /^undici$/ }, (args) =>
      args.importer.startsWith(join(root, "src"))
        ? { path: "undici", namespace: "lean" }
        : undefined,
    );
    b.onLoad({ filter: /^undici$/, namespace: "lean" }, () => ({
      resolveDir: root,
      loader: "js",
      contents: `
// undici parses HTTP with llhttp compiled to WebAssembly. V8 starts it in its baseline compiler
// and, once a response or two has run through it, recompiles it with TurboFan on a background
// thread: about 150 ms of CPU that a short-lived CLI pays in full (the process waits for that
// thread before it can exit) and never earns back on a few hundred small responses. A budget
// this large keeps llhttp on the baseline code. Best effort: a Node that refuses the flag runs
// as before.
try {
  require("node:v8").setFlagsFromString("--wasm-tiering-budget=2000000000");
} catch {}

const Agent = require("undici/lib/dispatcher/agent.js");
const Dispatcher = require("undici/lib/dispatcher/dispatcher.js");
const api = require("undici/lib/api/index.js");
const util = require("undici/lib/core/util.js");
const { InvalidArgumentError } = require("undici/lib/core/errors.js");
const { getGlobalDispatcher } = require("undici/lib/global.js");

Object.assign(Dispatcher.prototype, api);

// undici/index.js makeDispatcher(api.request), unchanged.
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

module.exports = { Agent, Dispatcher, request, getGlobalDispatcher };
`,
    }));
  },
};

// Build beside dist/ and swap it in, so a test reading dist/ meanwhile never sees half a build.
const staging = join(root, `dist.staging-${process.pid}`);
rmSync(staging, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { cli: "src/cli.ts", index: "src/index.ts" },
  outdir: staging,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20.18",
  sourcemap: "linked",
  legalComments: "none",
  chunkNames: "chunks/[name]-[hash]",
  plugins: [loadOnlyWhatRuns],
  // Some bundled dependencies are CommonJS and call require() for Node built-ins.
  banner: {
    js: "import { createRequire as __tradectlRequire } from 'node:module'; const require = __tradectlRequire(import.meta.url);",
  },
  logLevel: "warning",
});
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
}
