#!/usr/bin/env node
// Part of `npm run lint`: no module in src/ over 400 lines (issue 21: small modules with one job),
// but the sandbox's fixtures, which are data. A longer file fails with its name and length.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const LIMIT = 400;
/** Data, not code: the sandbox's seed declarations, orders and trades. */
const FIXTURES = new Set([join("src", "sandbox", "data.ts")]);

const tooLong = readdirSync("src", { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".ts"))
  .map((file) => join("src", file))
  .filter((file) => !FIXTURES.has(file))
  .map((file) => [file, readFileSync(file, "utf8").split("\n").length - 1])
  .filter(([, lines]) => lines > LIMIT);

for (const [file, lines] of tooLong) {
  process.stderr.write(`${file}: ${lines} lines (at most ${LIMIT}: split it by job)\n`);
}
process.exitCode = tooLong.length > 0 ? 1 : 0;
