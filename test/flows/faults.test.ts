import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import {
  checked,
  cleanups,
  confirmArgs,
  confirmations,
  seedWhere,
  serve,
  summary,
  tempState,
} from "../helpers/fault-suite.js";
import { passOn } from "../helpers/pass-on.js";
import { runInProcess } from "../helpers/run.js";
import { demoEnv } from "../helpers/sandbox.js";
import { createState, settledLog } from "../reliability/sandbox-log.js";

/**
 * The fault suite: the CLI in process against `tradectl sandbox serve --faults …` spawned as a
 * process, on loopback (20 CLI processes confirming at once: test/e2e/parallel-confirms.test.ts). Each scenario prints one summary line with its figures (requests made,
 * faults injected, records lost, duplicates, secrets leaked) for the README and the issue.
 * The walks that wait real seconds are soaks: the 5,000-record walk under faults
 * (test/soak/list-faults.test.ts) and the waits a 429's Retry-After asks for
 * (test/soak/list-retry-after.test.ts).
 */

describe("the limits of retrying", () => {
  it("--retries bounds the attempts of a GET: 5xx=1 with --retries 2 is three requests, then exit 1", async () => {
    const state = tempState();
    await createState(state, 0);
    const server = await serve(state, "5xx=1,seed=1");
    const result = await runInProcess(["--retries", "2", "--debug", "order", "get", "9932534"], {
      env: demoEnv(server.url),
    });
    checked(result);
    expect(result.code).toBe(1);
    expect(result.stderr.match(/^\[debug\] retry \d\/2 of GET /gm)).toHaveLength(2);
    expect(result.stderr).toContain("hint: the service failed on its side; try again later");
    expect(await settledLog(server)).toHaveLength(3);
  });

  it("--timeout is the budget of the whole call: a server slower than it ends in a timeout, exit 1", async () => {
    const state = tempState();
    await createState(state, 0);
    const server = await serve(state, "latency=5000");
    const result = await runInProcess(["--timeout", "1000", "order", "get", "9932534"], {
      env: demoEnv(server.url),
    });
    checked(result);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("error: order 9932534: the request timed out after 1000 ms");
    expect(result.stderr).toContain("hint: check the network, or raise --timeout");
  });
});

/** Seed declaration 734001026 is Pending. */
const PENDING = "734001026";

describe("confirm when its answer is lost", () => {
  it("reset after the change, and every later read reset too: the outcome is reported unknown, sent once", async () => {
    const state = tempState();
    await createState(state, 0);
    const server = await serve(state, "reset=1");
    const result = await runInProcess([...confirmArgs(PENDING), "--retries", "2"], {
      env: demoEnv(server.url),
    });
    const { secretsLeaked } = checked(result);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `error: declaration ${PENDING}: sent, but the answer was lost (`,
    );
    expect(result.stderr).toContain("and reading it back failed");
    expect(result.stderr).toContain(
      "hint: the request may yet be applied; running the same command again is safe: it reads the receipts and the list before sending anything",
    );
    expect(result.stdout).toMatch(new RegExp(`^${PENDING}\tunknown\t\t\t`));
    // What the CLI could not see, the state shows: the one POST did confirm it.
    expect(Object.keys(confirmations(state))).toEqual([PENDING]);
    const log = await settledLog(server);
    expect(log.filter((r) => r.method === "POST")).toHaveLength(1);
    summary("confirm with reset=1", {
      "requests made": log.length,
      "faults injected": log.filter((r) => r.fault).length,
      POSTs: 1,
      outcome: "reported unknown (exit 1), state Confirmed",
      "secrets leaked": secretsLeaked,
    });
  });

  it("reset after the change, the check gets through: confirmed (read back), exit 0, sent once", async () => {
    const state = tempState();
    await createState(state, 0);
    // The POST (first request) is reset; the check's first read is not.
    const seed = seedWhere("reset=0.5", (plan) => {
      const [post, read] = [plan.draw(), plan.draw()];
      return post.after?.kind === "reset" && read.after === null;
    });
    const server = await serve(state, `reset=0.5,seed=${seed}`);
    const result = await runInProcess(["-o", "json", ...confirmArgs(PENDING)], {
      env: demoEnv(server.url),
    });
    const { secretsLeaked } = checked(result);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      `declaration ${PENDING}: the request was sent but its answer was lost`,
    );
    // What the list showed, not a server answer that never arrived.
    expect(JSON.parse(result.stdout)).toMatchObject({
      outcome: "confirmed",
      verifiedBy: "read-back",
    });
    expect(result.stdout).not.toContain('"success"');
    expect(Object.keys(confirmations(state))).toEqual([PENDING]);
    const log = await settledLog(server);
    expect(log.filter((r) => r.method === "POST")).toHaveLength(1);
    expect(log[0]).toMatchObject({ method: "POST", fault: "reset" });
    summary("confirm with reset=0.5 (the POST reset)", {
      "requests made": log.length,
      "faults injected": log.filter((r) => r.fault).length,
      POSTs: 1,
      outcome: "reported Confirmed after checking (exit 0), state Confirmed",
      "secrets leaked": secretsLeaked,
    });
  });

  it("a 200 whose body is cut short: read back, confirmed, exit 0, sent once", async () => {
    const state = tempState();
    await createState(state, 0);
    // The POST's answer has a short Content-Length (valid HTTP, broken JSON); the check's is whole.
    const seed = seedWhere("truncate=0.5", (plan) => {
      const [post, read] = [plan.draw(), plan.draw()];
      return post.after?.kind === "truncate" && post.after.shortLength && read.after === null;
    });
    const server = await serve(state, `truncate=0.5,seed=${seed}`);
    const result = await runInProcess(confirmArgs(PENDING), { env: demoEnv(server.url) });
    const { secretsLeaked } = checked(result);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^${PENDING}\tconfirmed\tread-back\t`));
    expect(result.stdout).toContain("the list shows it Confirmed");
    expect(Object.keys(confirmations(state))).toEqual([PENDING]);
    const log = await settledLog(server);
    expect(log.filter((r) => r.method === "POST")).toHaveLength(1);
    expect(log[0]).toMatchObject({ method: "POST", fault: "truncate" });
    summary("confirm with truncate=0.5 (the POST's answer cut short)", {
      "requests made": log.length,
      "faults injected": log.filter((r) => r.fault).length,
      POSTs: 1,
      outcome: "reported Confirmed after checking (exit 0), state Confirmed",
      "secrets leaked": secretsLeaked,
    });
  });

  it("reset before the server saw it: written, so unknown (may yet be applied), never 'not applied'; nothing changed", async () => {
    // The sandbox's resets come after a request was handled, so a proxy in front drops the
    // POST before forwarding it and passes every other request through.
    const state = tempState();
    await createState(state, 0);
    const server = await serve(state);
    const proxy = await resettingProxy(server.url);
    cleanups.push(() => proxy.close());
    const result = await runInProcess(confirmArgs(PENDING), { env: demoEnv(proxy.url) });
    const { secretsLeaked } = checked(result);
    expect(result.code).toBe(1);
    // The client wrote it and cannot know the server never saw it: unknown, not "not applied".
    expect(result.stderr).toContain(
      `error: declaration ${PENDING}: sent, but the answer was lost (`,
    );
    expect(result.stderr).toContain(
      "the list still shows it Pending: the request may yet be applied",
    );
    expect(result.stdout).not.toMatch(/not_sent|not applied/);
    expect(confirmations(state)).toEqual({});
    const log = await settledLog(server);
    expect(log.filter((r) => r.method === "POST")).toHaveLength(0);
    expect(proxy.droppedPosts()).toBe(1);
    summary("confirm reset before reaching the server", {
      "requests made": log.length + proxy.droppedPosts(),
      "faults injected": proxy.droppedPosts(),
      outcome: "reported unknown, the list still Pending (exit 1), state Pending",
      "secrets leaked": secretsLeaked,
    });
  });
});

/**
 * An HTTP proxy to `target` that destroys the connection of every POST before forwarding it
 * (a reset before the server saw the request) and passes every other request through.
 */
async function resettingProxy(target: string) {
  let dropped = 0;
  const server = createServer((req, res) => {
    if (req.method === "POST") {
      dropped++;
      req.socket.destroy();
      return;
    }
    passOn(req, res, target);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    droppedPosts: () => dropped,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
