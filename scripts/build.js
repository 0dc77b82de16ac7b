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
