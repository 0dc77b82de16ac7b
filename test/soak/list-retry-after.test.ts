import { describe, expect, it } from "vitest";
import { SEED_DECLARATIONS } from "../../src/sandbox/data.js";
import { checked, seedWhere, serve, summary, tempState } from "../helpers/fault-suite.js";
import { runInProcess } from "../helpers/run.js";
import { demoEnv } from "../helpers/sandbox.js";
import { createState, idsInState, settledLog } from "../reliability/sandbox-log.js";

/**
 * A soak on the real clock (npm run test:soak): the CLI, in process, walks 500 records from a
 * spawned `sandbox serve` that answers 429 with Retry-After, and the server's own log shows it
 * waited as told (the gaps between a 429 and the next request are real seconds). The retry
 * policy itself is tested on the test's clock in test/api/.
 */
describe("declarations list --all under faults", () => {
  it("429 with Retry-After: waits as told, then succeeds", async () => {
    const state = tempState();
    await createState(state, 500 - SEED_DECLARATIONS.length);
    const truth = await idsInState(state);
    // A seed whose first answer is a 429, so the wait is certain to be exercised.
    const seed = seedWhere("429=0.3:1", (plan) => plan.draw().before?.kind === "429");
    const server = await serve(state, `429=0.3:1,seed=${seed}`);
    const result = await runInProcess(
      ["declarations", "list", "--all", "-o", "ndjson", "--retries", "8", "--debug"],
      { env: demoEnv(server.url) },
    );
    const { secretsLeaked } = checked(result);
    expect(result.code).toBe(0);
    const ids = result.stdout
      .trimEnd()
      .split("\n")
      .map((l) => /:(\d+),/.exec(l)![1]!);
    expect(ids).toEqual(truth);
    expect(result.stderr).toMatch(
      /^\[debug\] retry 1\/8 of GET \S+ in 1000 ms after: TOO_MANY_REQUESTS: Too many requests\. Please try again in 1 second\(s\)\.$/m,
    );

    const log = await settledLog(server);
    const refused = log.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    // The next request for the same page came Retry-After (1 s) after the 429. Log times are
    // whole milliseconds taken after each answer, and timers run on the event loop's cached
    // clock, so 50 ms are allowed; a client that ignored Retry-After would be back within the
    // first back-off (at most 200 ms).
    const gaps = refused.map((r) => {
      const next = log.slice(log.indexOf(r) + 1).find((later) => later.url === r.url);
      expect(next).toBeDefined();
      return next!.at - r.at;
    });
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(1_000 - 50);
    summary("list 500 records with 429=0.3 (Retry-After 1 s)", {
      "requests made": log.length,
      "429s injected": refused.length,
      "shortest wait after a 429": `${Math.min(...gaps)} ms`,
      "records lost": truth.length - new Set(ids).size,
      duplicates: ids.length - new Set(ids).size,
      "secrets leaked": secretsLeaked,
    });
  });
});
