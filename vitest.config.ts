import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, sep } from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

/** In-process tests that forget to pass their own HOME still never write into the real one. */
const scratchHome = mkdtempSync(join(tmpdir(), "tradectl-vitest-home-"));

/**
 * The workers run with the default locale Turkish (test/helpers/locale.ts): Node fixes its
 * default locale from LC_ALL, LC_MESSAGES and LANG when it starts, and the forked workers start
 * with this environment. Code that formats or folds with the default locale is tested under the
 * locale that breaks naive code, in every run, at no cost. (LC_ALL is set for the workers only
 * through LANG: a shell a test starts would warn about a libc locale the machine may not have.)
 */
delete process.env.LC_ALL;
delete process.env.LC_MESSAGES;
process.env.LANG = "tr_TR.UTF-8";

/**
 * Which tests a run takes (TRADECTL_TEST_SET):
 * - unset: every test but the soaks (`npm test`);
 * - `soak`: the soaks, tests that run on the real clock for seconds on end (`npm run test:soak`;
 *   CI runs them once, on the floor Node);
 * - `lines`: what CI runs again on each newer Node line (22, 24, 26): only what touches
 *   behaviour that differs between Node versions. The rest is our own logic over plain values,
 *   the same on any line, and runs once, on the floor Node, in `npm test`.
 */
const set = process.env.TRADECTL_TEST_SET ?? "";
const SOAKS = "test/soak/**/*.test.ts";
const NODE_LINES = [
  // HTTP through undici and fetch: the transport, timeouts, resets, the page walker, 429s.
  "test/api/**/*.test.ts",
  // The sandbox's node:http server (what `--sandbox` and `sandbox serve` run on the user's Node).
  "test/sandbox/**/*.test.ts",
  // Streams: stdout back-pressure and a reader gone, the pipe reader, tables' string widths.
  "test/output/**/*.test.ts",
  // The JSON codec's fast path leans on V8's own JSON.parse and string handling.
  "test/wire/**/*.test.ts",
  // The keyring's native binding (N-API) loads on each line; writes to a child's stdin (EPIPE).
  "test/config/keyring.test.ts",
  "test/helpers/child-stdin.test.ts",
  // End to end: start-up and the V8 code cache, a pseudo-terminal (node-pty), a large output
  // through a pipe, local time from TZ, the completion scripts, the MCP SDK over stdio.
  "test/e2e/cli-basics.test.ts",
  "test/e2e/list-pty.test.ts",
  "test/e2e/list-fixture.test.ts",
  "test/e2e/environments.test.ts",
  "test/e2e/order-local-time.test.ts",
  "test/e2e/completion.test.ts",
  "test/e2e/mcp.test.ts",
];

/**
 * Files that replace a module (`vi.mock`) get a module graph of their own; so do the end-to-end
 * tests and the soaks, which start processes and servers and must not share one's leftovers with
 * the next. Every other file shares its worker's modules with the files before it
 * (`isolate: false`): importing src/ and the helpers again for each of ~100 files cost as much
 * as their tests (measured: 125 s of CPU isolated, 48 s shared, the same 1,338 tests). Those
 * files keep no state in a module they share: their state lives in temporary homes and servers
 * of their own, and each run of main() builds its own context.
 */
const MOCKING = readdirSync("test", { recursive: true, encoding: "utf8" })
  .map((file) => `test/${file.split(sep).join("/")}`)
  .filter((file) => file.endsWith(".test.ts") && readFileSync(file, "utf8").includes("vi.mock("));
const END_TO_END = "test/e2e/**/*.test.ts";
const isolated = (pattern: string) => pattern.startsWith("test/e2e/") || MOCKING.includes(pattern);

function projects(): { name: string; include: string[]; exclude: string[]; isolate: boolean }[] {
  const exclude = [...configDefaults.exclude, SOAKS];
  if (set === "soak") {
    return [{ name: "soak", include: [SOAKS], exclude: configDefaults.exclude, isolate: true }];
  }
  if (set === "lines") {
    return [
      { name: "shared", include: NODE_LINES.filter((p) => !isolated(p)), exclude, isolate: false },
      { name: "isolated", include: NODE_LINES.filter(isolated), exclude, isolate: true },
    ];
  }
  if (set !== "") throw new Error(`TRADECTL_TEST_SET: no such set: ${set} (soak, lines)`);
  return [
    {
      name: "shared",
      include: ["test/**/*.test.ts"],
      exclude: [...exclude, END_TO_END, ...MOCKING],
      isolate: false,
    },
    { name: "isolated", include: [END_TO_END, ...MOCKING], exclude, isolate: true },
  ];
}

export default defineConfig({
  test: {
    projects: projects().map((test) => ({ extends: true, test })),
    // Every receipts file a test file's homes hold is checked to be a whole chain at its end;
    // the Turkish texts are loaded for tests that build a Turkish translator without main().
    setupFiles: ["test/setup/receipts-whole.ts", "test/setup/languages.ts"],
    // The end-to-end tests run the built binary: built once, before any file, when stale.
    globalSetup: ["test/setup/built.ts"],
    // End-to-end tests spawn the built binary and servers; two cores here, so keep workers few.
    pool: "forks",
    maxWorkers: 2,
    // A hang guard, never a timing: tests wait on events (output, exit, a fake clock's sleep), so
    // a machine busy with other work makes them slower, not failed. Generous for that reason.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Tests must never reach beyond loopback or read the developer's own config.
    env: {
      HOME: scratchHome,
      // Tables show local time: in process, the zone the worker started with. One zone for all.
      TZ: "UTC",
      XDG_STATE_HOME: join(scratchHome, "state"),
      XDG_CONFIG_HOME: "/nonexistent-tradectl-test-config",
      TRADECTL_API_KEY: "",
      TRADECTL_API_SECRET: "",
    },
  },
});
