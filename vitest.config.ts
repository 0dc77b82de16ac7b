import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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
 * - `lines`: what CI runs again on each newer Node line: the unit and in-process tests, and a
 *   smoke set of end-to-end files that cover what differs between Node lines (start-up and the
 *   code cache, a pseudo-terminal, pipes, HTTP through undici, the completion scripts, the MCP
 *   SDK over stdio). The property tests exercise pure rules, the same on any line, and the
 *   whole flows (test/flows/) run the same verbs in process as the commands' own tests do:
 *   both run once, with the rest.
 */
const set = process.env.TRADECTL_TEST_SET ?? "";
const SOAKS = "test/soak/**/*.test.ts";
const END_TO_END_SMOKE = [
  "test/e2e/cli-basics.test.ts",
  "test/e2e/list-pty.test.ts",
  "test/e2e/order-get.test.ts",
  "test/e2e/environments.test.ts",
  "test/e2e/list-fixture.test.ts",
  "test/e2e/completion.test.ts",
  "test/e2e/mcp.test.ts",
];

function included(): { include: string[]; exclude: string[] } {
  const exclude = [...configDefaults.exclude, SOAKS];
  if (set === "soak") return { include: [SOAKS], exclude: configDefaults.exclude };
  if (set === "lines") {
    return {
      include: ["test/**/*.test.ts"],
      exclude: [
        ...exclude,
        "test/property/**",
        "test/flows/**",
        ...readdirSync("test/e2e")
          .map((f) => `test/e2e/${f}`)
          .filter((f) => f.endsWith(".test.ts") && !END_TO_END_SMOKE.includes(f)),
      ],
    };
  }
  if (set !== "") throw new Error(`TRADECTL_TEST_SET: no such set: ${set} (soak, lines)`);
  return { include: ["test/**/*.test.ts"], exclude };
}

export default defineConfig({
  test: {
    ...included(),
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
      XDG_STATE_HOME: join(scratchHome, "state"),
      XDG_CONFIG_HOME: "/nonexistent-tradectl-test-config",
      TRADECTL_API_KEY: "",
      TRADECTL_API_SECRET: "",
    },
  },
});
