import { vi } from "vitest";
import type * as Server from "../../src/sandbox/server.js";
import { TWIN_PASS } from "../helpers/twin-mode.js";
import { rememberHistoryFree } from "../helpers/twin-servers.js";

/**
 * The twin pass only (test/helpers/twin.ts); outside it the module is the real one as it is.
 * Every sandbox this test process starts, a test's or the embedded one, is told to the twin
 * check when its answers do not depend on the requests before them, so read-only runs against
 * it can be run twice. The sandbox itself is the real one, unchanged.
 */
vi.mock("../../src/sandbox/server.js", async (importOriginal) => {
  const real = await importOriginal<typeof Server>();
  if (!TWIN_PASS) return real;
  return {
    ...real,
    startSandbox: async (options: Server.SandboxOptions = {}) => {
      const sandbox = await real.startSandbox(options);
      const { faults, arrivals, enforceRateLimits, log, onArrival } = options;
      if (!faults && !arrivals && !enforceRateLimits && !log && !onArrival) {
        rememberHistoryFree(sandbox.url, sandbox.requests);
      }
      return sandbox;
    },
  };
});
