#!/usr/bin/env node
// Writes docs/COMMANDS.md, the full command reference, and man/tradectl.1, the man page, from
// the commander definitions in src/ (the same ones `--help` prints). `--check` only compares and
// exits 1 when a file is stale; test/commands/help/reference.test.ts does the same check inside
// `npm test`.
//
// src/ is TypeScript, so it is bundled first (esbuild, as scripts/build.js does) into a temp
// directory: that way the reference never comes from a stale dist/.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const check = process.argv.includes("--check");

const out = mkdtempSync(join(tmpdir(), "tradectl-reference-"));
try {
  await build({
    absWorkingDir: root,
    stdin: {
      contents: `export { buildProgram } from "./src/program.ts";
export { renderReference } from "./src/commands/help/reference.ts";
export { renderManPage } from "./src/commands/help/man-page.ts";`,
      resolveDir: root,
      loader: "ts",
    },
    outfile: join(out, "reference.mjs"),
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20.18",
    banner: {
      js: "import { createRequire as __tradectlRequire } from 'node:module'; const require = __tradectlRequire(import.meta.url);",
    },
    logLevel: "warning",
  });
  const { buildProgram, renderReference, renderManPage } = await import(
    pathToFileURL(join(out, "reference.mjs")).href
  );
  const program = await buildProgram(async () => {});
  for (const [name, text] of [
    ["docs/COMMANDS.md", renderReference(program)],
    ["man/tradectl.1", renderManPage(program)],
  ]) {
    const target = join(root, name);
    let current = null;
    try {
      current = readFileSync(target, "utf8");
    } catch {
      // First run: nothing to compare with.
    }
    if (check) {
      if (current !== text) {
        process.stderr.write(`${name} is out of date: run node scripts/gen-reference.js\n`);
        process.exitCode = 1;
      }
    } else if (current !== text) {
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, text);
      process.stderr.write(`wrote ${target}\n`);
    } else {
      process.stderr.write(`${name} is up to date\n`);
    }
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
