import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { ROOT } from "../helpers/cli.js";
import { seedWhere } from "../helpers/fault-suite.js";

/**
 * A soak on the real clock (npm run test:soak): scripts/watch-soak.js runs the built
 * `declarations watch` against a sandbox that injects faults and arrivals for 8 seconds, then
 * counts what was printed against what arrived.
 */
const run = promisify(execFile);

describe("declarations watch: arrivals under faults (a short soak)", () => {
  it("with 5xx and resets injected, every arrival is printed once and nothing else", async () => {
    // The draws are random but in request order: a seed whose first list request (the backlog
    // read) is clean and whose next two (the watch's first poll and its retry) meet a 5xx and then
    // a reset, so the watch is certain to meet faults. Unseeded, all of its ~18 list requests
    // came through clean about once in 370 runs (0.72^18), and the assertion below failed CI.
    const faults = "5xx=0.2,reset=0.1";
    const seed = seedWhere(faults, (plan) => {
      const [backlog, poll, retry] = [plan.draw(), plan.draw(), plan.draw()];
      return (
        backlog.before === null &&
        backlog.after === null &&
        poll.before?.kind === "5xx" &&
        retry.before === null &&
        retry.after?.kind === "reset"
      );
    });
    const { stdout } = await run(
      process.execPath,
      [
        join(ROOT, "scripts/watch-soak.js"),
        "--seconds",
        "8",
        "--interval",
        "1",
        "--arrivals",
        "every=200-700ms",
        "--faults",
        `${faults},seed=${seed}`,
      ],
      { timeout: 60_000 },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }));
    const summary = JSON.parse(stdout) as Record<
      "backlog" | "arrivals" | "arrivalsDue" | "printed" | "faultedListRequests",
      number
    >;
    expect(summary.arrivalsDue).toBeGreaterThan(5);
    expect(summary.faultedListRequests).toBeGreaterThan(0);
    expect(summary).toMatchObject({ duplicates: 0, missed: 0, unexpected: 0, watchExit: 130 });
    // Those that arrived after the cutoff may or may not have been polled before SIGINT.
    expect(summary.printed).toBeGreaterThanOrEqual(summary.backlog + summary.arrivalsDue);
    expect(summary.printed).toBeLessThanOrEqual(summary.backlog + summary.arrivals);
  });
});
