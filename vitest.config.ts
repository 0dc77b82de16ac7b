import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // End-to-end tests spawn the built binary and servers; two cores here, so keep workers few.
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Tests must never reach beyond loopback or read the developer's own config.
    env: {
      XDG_CONFIG_HOME: "/nonexistent-tradectl-test-config",
      TRADECTL_API_KEY: "",
      TRADECTL_API_SECRET: "",
    },
  },
});
