import { afterEach, describe, expect, it } from "vitest";
import { tempHome } from "../helpers/cli.js";
import { runInProcess } from "../helpers/run.js";
import {
  DEMO_CREDENTIALS,
  type ServeProcess,
  spawnServe,
  tempStatePath,
} from "../helpers/sandbox.js";
import { settledLog } from "../reliability/sandbox-log.js";

/**
 * Clock skew end to end: `sandbox serve --faults skew=±9000` runs its clock 9 s off ours, past
 * the ±5 s the service allows. The first request is refused, the CLI reads server time, and the
 * retry (with the corrected stamp) succeeds; the next run starts with the remembered offset (a
 * file, so a run in process reads it as a new process would) and is never refused.
 */
const ORDER_ID = "9932534";

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

async function skewedSandbox(skew: number): Promise<ServeProcess> {
  const temp = tempStatePath();
  const server = await spawnServe(["--state", temp.path, "--faults", `skew=${skew}`]);
  cleanups.push(
    () => temp.cleanup(),
    () => server.stop(),
  );
  return server;
}

describe.each([
  ["behind ours", -9_000],
  ["ahead of ours", 9_000],
])("a server clock %s (skew=%d)", (_name, skew) => {
  it("order get succeeds after one sync; the next run uses the remembered offset", async () => {
    const server = await skewedSandbox(skew);
    const env = {
      ...tempHome(),
      TRADECTL_API_KEY: DEMO_CREDENTIALS.publicKey,
      TRADECTL_API_SECRET: DEMO_CREDENTIALS.secret,
    };
    const args = ["--base-url", server.url, "--debug", "-o", "json", "order", "get", ORDER_ID];

    const first = await runInProcess(args, { env });
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ status: "Untouched" });
    const offset = Number(
      /^\[debug\] clock offset to server: (-?\d+) ms$/m.exec(first.stderr)?.[1],
    );
    expect(Math.abs(offset - skew)).toBeLessThan(1_000);
    expect((await settledLog(server)).map((r) => `${r.path} ${r.status}`)).toEqual([
      `/api/v1/order/${ORDER_ID} 401`,
      "/api/v2/server/time 200",
      `/api/v1/order/${ORDER_ID} 200`,
    ]);

    const second = await runInProcess(args, { env });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain(`[debug] clock offset in use: ${offset} ms (measured `);
    // One more request, accepted at once: no refusal, no server-time read.
    expect((await settledLog(server)).slice(3).map((r) => `${r.path} ${r.status}`)).toEqual([
      `/api/v1/order/${ORDER_ID} 200`,
    ]);
  });
});
