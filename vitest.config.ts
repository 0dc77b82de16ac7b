import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "vitest/config";

/** In-process tests that forget to pass their own HOME still never write into the real one. */
const scratchHome = mkdtempSync(join(tmpdir(), "tradectl-vitest-home-"));

/**
 * The Turkish twin pass (`npm run test:tr`, test/helpers/twin.ts): the test files that run the
 * CLI through a harness, once more with the locale Turkish, each machine-readable run checked
 * against its twin in Turkish.
 */
const twin = process.env.TRADECTL_TEST_TWIN === "tr";
if (twin) process.env.TRADECTL_TWIN_TALLY ??= join(scratchHome, "twin-tally.ndjson");

/** A test file runs the CLI when it calls one of the harnesses (test/helpers/run, cli, pty). */
const RUNS_THE_CLI = /\b(?:runMain|startMain|runCli|interruptCli|startPty)\(/;

function filesRunningTheCli(): string[] {
  return readdirSync("test", { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".test.ts"))
    .map((f) => join("test", f))
    .filter((f) => RUNS_THE_CLI.test(readFileSync(f, "utf8")))
    .sort();
}

export default defineConfig({
  test: {
    include: twin ? filesRunningTheCli() : ["test/**/*.test.ts"],
    // Every receipts file a test file's homes hold is checked to be a whole chain at its end;
    // the Turkish texts are loaded for tests that build a Turkish translator without main().
    // The twin-* files act in the twin pass only (and are listed always, so tools see them).
    setupFiles: [
      "test/setup/receipts-whole.ts",
      "test/setup/languages.ts",
      "test/setup/twin-sandboxes.ts",
      "test/setup/twin-tally.ts",
    ],
    globalSetup: ["test/setup/twin-report.ts"],
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
      ...(twin ? { TRADECTL_TWIN_TALLY: process.env.TRADECTL_TWIN_TALLY } : {}),
    },
  },
});
