import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * vitest globalSetup: the end-to-end tests run the built binary, so `dist/` must hold what
 * `src/` says. `npm test` builds first, and then this finds nothing to do; a developer who edits
 * `src/` and runs `npx vitest run` gets one build here, before any test file starts, instead of
 * each end-to-end file building on its own (15 did, each a rebuild of the same output).
 */
const ROOT = join(import.meta.dirname, "..", "..");
const BUILT = join(ROOT, "dist", "cli.cjs");
const INPUTS = ["src", "scripts", "bin"];

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
