#!/usr/bin/env node
// Part of `npm run lint`: test/ mirrors src/, so a module's tests are found by its path.
// test/<path>.test.ts tests src/<path>.ts; a module with several test files names each by its
// aspect: test/<path>.<aspect>.test.ts. A test that mirrors no module of src/ fails, named, with
// where it would go. The folders below hold tests of no single module and are exempt.
import { existsSync, readdirSync } from "node:fs";
import { basename, dirname, join } from "node:path";

/** Folders of tests that cross modules, or of what the tests use; what each holds. */
const EXEMPT = new Map([
  ["e2e", "what needs a real process: the built binary, signals, terminals, pipes, the package"],
  ["flows", "whole command lines in process, argv to exit code, against an in-process sandbox"],
  ["soak", "tests on the real clock for seconds (npm run test:soak)"],
  ["property", "property tests of pure rules across modules (fast-check)"],
  ["reliability", "the program against a hostile world: a full disk, a held lock, a wrong clock"],
  ["helpers", "harnesses the tests share: runMain, runCli, the fake clock, the seed's texts"],
  ["setup", "vitest's global setup and setup files"],
  ["fixtures", "data the tests read: exports to import, generated declarations"],
  [
    "docs",
    "the project's docs against the tree: docs/ARCHITECTURE.md names every floor and core file",
  ],
]);

const unmirrored = readdirSync("test", { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".test.ts"))
  .filter((file) => !EXEMPT.has(file.split(/[\\/]/)[0]))
  .filter((file) => !existsSync(join("src", dirname(file), `${moduleOf(file)}.ts`)));

/** `client.trust.test.ts` → `client`: the module a test file's name mirrors. */
function moduleOf(file) {
  return basename(file, ".test.ts").split(".")[0];
}

for (const file of unmirrored) {
  const module = join("src", dirname(file), `${moduleOf(file)}.ts`);
  process.stderr.write(
    `test/${file}: mirrors no module (${module} does not exist): move it to test/<path>.test.ts ` +
      `for the src/<path>.ts it tests (test/<path>.<aspect>.test.ts when a module has several), ` +
      `or into one of test/{${[...EXEMPT.keys()].join(",")}}/\n`,
  );
}
process.exitCode = unmirrored.length > 0 ? 1 : 0;
