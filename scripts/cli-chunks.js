// Builds the CLI as two CommonJS files that share one module graph (scripts/build.js):
//
// - dist/cli.cjs: what start-up runs (parsing argv, the commander program with every verb's
//   spec, help, and `__complete`, what every Tab runs), as one scope-hoisted bundle, like the
//   single dist/cli.cjs it replaces.
// - dist/runs.cjs: everything else: the verbs' runs, the client, the sandbox, csv-parse, the
//   wizard. Read by the first `import()` of one of its modules, so `--help` and `__complete`
//   never read or parse it.
//
// Why: one bundle was read and parsed whole at every start, `--help` and each Tab included
// (BENCHMARKS.md, the start-up notes).
//
// How, in two passes of esbuild:
// 1. The CLI split at its `import()`s (ES modules, `splitting: true`): every module lands in
//    exactly one chunk, and chunks import each other. The start-up chunks are the entry's, the
//    START_UP_RUNS', and every chunk they import statically.
// 2. The start-up chunks bundled into dist/cli.cjs (CommonJS), which also exports each of them
//    as a namespace, for the other chunks. Those (dist/runs.cjs) are each turned into CommonJS
//    by esbuild's own transform (imports become `require("./chunk.js")` with live getters,
//    `import()` a require in a promise) and wrapped in a function: runs.cjs is a table of them,
//    each run once, when first required, as Node's own loader would.
// One copy of each module either way, so `instanceof` and module state hold across the split.
import { basename } from "node:path";
import { build, transform } from "esbuild";

/** The runs that stay in dist/cli.cjs: what `tradectl help` runs (Tab has dist/complete.cjs). */
const START_UP_RUNS = ["src/commands/help/help.ts"];

/**
 * Chunks that are files of their own, read by the runs that need them and by no other: the
 * Turkish message catalog (an English run never reads it, and a Turkish `--help` or error
 * reads it without runs.cjs), and the agent server.
 */
const OWN_FILES = {
  "src/i18n/catalog-tr.ts": "catalog-tr.cjs",
  // The library's entry (`import "tradectl"`), read through dist/index.js (LIBRARY_ENTRY).
  "src/index.ts": "library.cjs",
  // The agent server and the MCP SDK under it (with zod and ajv): read by `tradectl mcp` alone.
  "src/commands/mcp/serve.ts": "mcp.cjs",
};

/** How a chunk is required: "./NAME.js" (esbuild's chunk names are flat). */
const CHUNK = /^\.\/([^/]+\.js)$/;

/**
 * The start of dist/cli.cjs: `chunkRequire` is the `require` of the bundle (pass 2) and of every
 * module of runs.cjs. A start-up chunk is one of this file's exported namespaces (`SHARED` maps
 * its name to the export); another chunk is loaded from runs.cjs on first need. Anything else
 * (a Node built-in, ./vendor/…) goes to this file's own `require`.
 */
const LOADER = (shared, own) => `"use strict";
const SHARED = ${JSON.stringify(shared)};
const OWN = ${JSON.stringify(own)};
const done = new Map();
let runs;
function chunkRequire(id) {
  const chunk = ${CHUNK}.exec(id)?.[1];
  if (chunk === undefined) return require(id);
  if (Object.hasOwn(SHARED, chunk)) return module.exports[SHARED[chunk]];
  const found = done.get(chunk);
  if (found) return found.exports;
  const load = (file) => require(require("node:path").join(__dirname, file));
  const body = Object.hasOwn(OWN, chunk) ? load(OWN[chunk]) : (runs ??= load("runs.cjs"))[chunk];
  const mod = { exports: {} };
  done.set(chunk, mod);
  body.call(mod.exports, mod.exports, chunkRequire, mod, __filename, __dirname);
  return mod.exports;
}
`;

/** What dist/cli.cjs exports for dist/index.js: the library's module, loaded with its chunks. */
const LIBRARY = "__library";

/**
 * dist/index.js, the library as an ES module: the library's entry (`src/index.ts`) is a chunk of
 * the CLI's own graph, so the client, the rules, the message catalog and undici are the files
 * the CLI runs, shipped once (they were a second build of 0.6 MB). Its named exports are the
 * entry's, listed by esbuild; loading it reads dist/cli.cjs (start-up, without running a
 * command) and the chunks the library's modules are in.
 */
const LIBRARY_ENTRY = (names) => `import { createRequire } from "node:module";
const library = createRequire(import.meta.url)("./cli.cjs").${LIBRARY}();
export const { ${names.join(", ")} } = library;
`;

const options = (target) => ({
  platform: "node",
  target,
  legalComments: "none",
  logLevel: "warning",
  minifyWhitespace: true,
  minifySyntax: true,
  // `import()` of a chunk becomes a require of it (through chunkRequire), not an ES import.
  supported: { "dynamic-import": false },
});

/**
 * Builds the CLI from `entry` with esbuild `plugins` for `target`, and returns the two files'
 * texts: `{ "cli.cjs": …, "runs.cjs": … }`.
 */
export async function buildCliChunks({ root, entry, library, plugins, target }) {
  const split = await build({
    ...options(target),
    absWorkingDir: root,
    entryPoints: { cli: entry, library },
    outdir: "/chunks",
    write: false,
    bundle: true,
    format: "esm",
    splitting: true,
    supported: {},
    // Short local names, given once here (the second pass keeps what this one wrote): a
    // quarter less to install and to read at start. keepNames holds every function's and
    // class's .name, so a stack trace still names the functions it passes through.
    minifyIdentifiers: true,
    keepNames: true,
    entryNames: "[name]",
    chunkNames: "[name]-[hash]",
    metafile: true,
    plugins,
  });
  // Chunks by file name ("cli.js", "list-HASH.js", "chunk-HASH.js").
  const outputs = new Map(
    Object.entries(split.metafile.outputs).map(([path, output]) => [basename(path), output]),
  );
  const texts = new Map(split.outputFiles.map((file) => [basename(file.path), file.text]));
  const startUp = new Set();
  const visit = (name) => {
    if (startUp.has(name)) return;
    startUp.add(name);
    for (const imported of outputs.get(name).imports) {
      if (imported.kind === "import-statement" && !imported.external)
        visit(basename(imported.path));
    }
  };
  for (const [name, output] of outputs) {
    if (name === "cli.js" || START_UP_RUNS.includes(output.entryPoint)) visit(name);
  }
  const missing = START_UP_RUNS.filter(
    (file) => ![...outputs.values()].some((o) => o.entryPoint === file),
  );
  if (missing.length > 0) throw new Error(`no chunk for the start-up run(s) ${missing.join(", ")}`);

  for (const name of startUp) {
    const entryPoint = outputs.get(name).entryPoint;
    if (name !== "cli.js" && entryPoint && split.metafile.inputs[entryPoint]?.format === "cjs") {
      throw new Error(`${entryPoint} is imported at start-up; only runs.cjs unwraps CommonJS`);
    }
  }
  // Pass 2: the start-up chunks as one bundle, exporting the shared ones as namespaces.
  const shared = {};
  const exportsOfShared = [];
  for (const name of [...startUp].sort()) {
    if (name === "cli.js" || START_UP_RUNS.includes(outputs.get(name).entryPoint)) continue;
    shared[name] = `__chunk${exportsOfShared.length}`;
    exportsOfShared.push(`export * as ${shared[name]} from "./${name}";`);
  }
  const startUpBundle = await build({
    ...options(target),
    stdin: {
      contents: `export * from "./cli.js";\n${exportsOfShared.join("\n")}`,
      loader: "js",
      resolveDir: "/chunks",
    },
    write: false,
    bundle: true,
    format: "cjs",
    minifyIdentifiers: true,
    plugins: [
      {
        name: "chunks",
        setup(b) {
          b.onResolve({ filter: CHUNK }, (args) => {
            const name = CHUNK.exec(args.path)[1];
            if (!startUp.has(name)) return { path: args.path, external: true };
            return { path: name, namespace: "chunk" };
          });
          b.onResolve({ filter: /.*/ }, (args) => ({ path: args.path, external: true }));
          b.onLoad({ filter: /.*/, namespace: "chunk" }, (args) => ({
            contents: texts.get(args.path),
            loader: "js",
          }));
        },
      },
    ],
  });
  const ownFile = (name) => OWN_FILES[outputs.get(name).entryPoint];
  const own = Object.fromEntries(
    [...texts.keys()].filter((name) => ownFile(name)).map((name) => [name, ownFile(name)]),
  );
  /** A chunk as CommonJS in a function, which chunkRequire runs once, when first required. */
  const wrapped = async (name) => {
    const { code } = await transform(texts.get(name), {
      ...options(target),
      format: "cjs",
      // The names of its imports (\`import_chunk_HASH\`), which pass 1's keepNames calls use.
      minifyIdentifiers: true,
    });
    // An `import()` of a CommonJS module (the vendored @inquirer/prompts) is a chunk whose
    // only export is that module as `default` (ES module semantics). As one bundle it was
    // the module itself, named exports and all, and the code relies on that: so it is.
    const entryPoint = outputs.get(name).entryPoint;
    const fromCommonJs = entryPoint && split.metafile.inputs[entryPoint]?.format === "cjs";
    const unwrap = fromCommonJs ? "module.exports=module.exports.default;" : "";
    return `function(exports,require,module,__filename,__dirname){${code}${unwrap}}`;
  };
  const ownFiles = Object.fromEntries(
    await Promise.all(
      Object.entries(own).map(async ([name, file]) => [
        file,
        `"use strict";module.exports=${await wrapped(name)};\n`,
      ]),
    ),
  );
  const runs = await Promise.all(
    [...texts.keys()]
      .filter((name) => !startUp.has(name) && !ownFile(name))
      .sort()
      .map(async (name) => `${JSON.stringify(name)}:${await wrapped(name)}`),
  );
  const libraryExports = outputs.get("library.js").exports;
  return {
    "cli.cjs": `${LOADER(shared, own)}(function(require){${startUpBundle.outputFiles[0].text}})(chunkRequire);\nmodule.exports.${LIBRARY}=()=>chunkRequire("./library.js");\n`,
    "index.js": LIBRARY_ENTRY(libraryExports),
    "runs.cjs": `"use strict";module.exports={${runs.join(",\n")}};\n`,
    ...ownFiles,
  };
}
