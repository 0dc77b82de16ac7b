import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * vitest globalSetup: the end-to-end tests run the built binary, so `dist/` must hold what
 * `src/` says. This is `npm test`'s one build: after an edit to `src/`, `scripts/`, `bin/` or
 * package.json, one build here before any test file starts (the bundles, without the library's
 * type files: the package test makes those itself); on a fresh clone `npm ci` has built already
 * and this finds nothing to do. No test file builds (15 once did, each the same output).
 */
const ROOT = join(import.meta.dirname, "..", "..");
const BUILT = join(ROOT, "dist", "cli.cjs");
const INPUTS = ["src", "scripts", "bin", "package.json"];

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { recursive: true, encoding: "utf8" })) {
    const full = join(path, entry);
    const s = statSync(full);
    if (s.isFile() && s.mtimeMs > newest) newest = s.mtimeMs;
  }
  return newest;
}

export default function setup(): void {
  const builtAt = existsSync(BUILT) ? statSync(BUILT).mtimeMs : -1;
  const stale = builtAt < 0 || INPUTS.some((dir) => newestMtime(join(ROOT, dir)) > builtAt);
  if (stale)
    execFileSync(process.execPath, ["scripts/build.js", "--no-types"], {
      cwd: ROOT,
      stdio: "inherit",
    });
}
