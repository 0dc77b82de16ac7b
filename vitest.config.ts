import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "vitest/config";

/** In-process tests that forget to pass their own HOME still never write into the real one. */
const scratchHome = mkdtempSync(join(tmpdir(), "tradectl-vitest-home-"));

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Every receipts file a test file's homes hold is checked to be a whole chain at its end;
    // the Turkish texts are loaded for tests that build a Turkish translator without main().
    setupFiles: ["test/setup/receipts-whole.ts", "test/setup/languages.ts"],
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
