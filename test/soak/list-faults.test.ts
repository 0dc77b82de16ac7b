import { describe, expect, it } from "vitest";
import { SEED_DECLARATIONS } from "../../src/sandbox/data.js";
import { runCli } from "../helpers/cli.js";
import { checked, serve, summary, tempState } from "../helpers/fault-suite.js";
import { demoEnv } from "../helpers/sandbox.js";
import { createState, faultCounts, idsInState, settledLog } from "../reliability/sandbox-log.js";

/**
 * A soak on the real clock (npm run test:soak): the built CLI walks 5,000 records from a
 * spawned `sandbox serve` that injects 5xx, resets and truncated bodies, and loses or repeats
 * none of them, with each fault costing exactly one retry.
 */
const GENERATED = 5_000 - SEED_DECLARATIONS.length;

describe("declarations list --all under faults", () => {
  it("5xx, resets and truncated bodies: 5,000 records, every one exactly once", async () => {
    const state = tempState();
    await createState(state, GENERATED);
    const truth = await idsInState(state);
    expect(truth).toHaveLength(5_000);

    const server = await serve(state, "5xx=0.2,reset=0.1,truncate=0.1,seed=20250614");
    const result = await runCli(
      ["declarations", "list", "--all", "-o", "ndjson", "--retries", "8", "--debug"],
      { env: demoEnv(server.url), timeoutMs: 60_000 },
    );
    const { secretsLeaked } = checked(result);
    expect(result.code).toBe(0);
    const ids = result.stdout
      .trimEnd()
      .split("\n")
      .map((line) => /"cryptoDepositDeclarationId":(\d+)/.exec(line)![1]!);
    const log = await settledLog(server);
    const faults = faultCounts(log);
    const injected = log.filter((r) => r.fault).length;
    const retries = (result.stderr.match(/^\[debug\] retry \d+\/8 of GET /gm) ?? []).length;

    const lost = truth.filter((id) => !ids.includes(id)).length;
    const duplicates = ids.length - new Set(ids).size;
    expect(ids).toEqual(truth);
    // Each fault cost exactly one retry: nothing was given up on, nothing re-fetched for nothing.
    expect(injected).toBeGreaterThan(5);
    expect(retries).toBe(injected);
    expect(log).toHaveLength(50 + injected + 1);
    summary("list 5,000 records with 5xx=0.2,reset=0.1,truncate=0.1", {
      "requests made": log.length,
      "faults injected": `${injected} (${Object.entries(faults)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}; ${((100 * injected) / log.length).toFixed(0)}% of requests)`,
      "records lost": lost,
      duplicates,
      "secrets leaked": secretsLeaked,
    });
  });
});
