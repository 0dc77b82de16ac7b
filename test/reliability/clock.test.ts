import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { CLOCK_MEMORY_MS, clockFile } from "../../src/config/clock-memory.js";
import { signV1 } from "../../src/wire/signer.js";
import { tempHome } from "../helpers/cli.js";
import { sendJson, startTestServer, type TestServer } from "../helpers/http-server.js";
import { runMain, STACK_FRAME, TEST_CREDENTIALS } from "../helpers/run.js";

/**
 * Clock skew through the whole CLI: a server whose clock is SKEW ms ahead refuses stamps more
 * than 5 s from it, like the service. The offset found by one run is remembered for the next
 * runs for ten minutes; a skew that syncing cannot fix says so.
 */
const SKEW = 20_000;
const WINDOW = 5_000;
const ORDER =
  '{"data":{"id":9932534,"price":"0","amount":"1","quantity":"1","stopPrice":"0","pairSymbol":"BTCTRY","pairSymbolNormalized":"BTC_TRY","type":"sell","method":"stopmarket","orderClientId":null,"time":1,"updateTime":1,"status":"Untouched","leftAmount":"1"},"success":true,"message":null,"code":0}';
const NONCE = (detail: string) =>
  JSON.stringify({ success: false, message: `Invalid Nonce: ${detail}`, code: 401 });

let server: TestServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

/** `timeSkew`: what server time reports; `checkSkew`: the clock the stamp is checked against. */
async function skewedServer(timeSkew: number, checkSkew = timeSkew): Promise<TestServer> {
  server = await startTestServer((req, res) => {
    if (req.url === "/api/v2/server/time") {
      sendJson(res, 200, `{"serverTime":${Date.now() + timeSkew}}`);
      return;
    }
    const stamp = String(req.headers["x-stamp"]);
    if (
      req.headers["x-signature"] !==
      signV1(TEST_CREDENTIALS.TRADECTL_API_KEY, TEST_CREDENTIALS.TRADECTL_API_SECRET, stamp)
    ) {
      sendJson(res, 401, '{"success":false,"message":"Unauthorized","code":401}');
    } else if (Math.abs(Number(stamp) - (Date.now() + checkSkew)) > WINDOW) {
      sendJson(res, 401, NONCE(`X-Stamp ${stamp} is outside the window`));
    } else if (req.url.startsWith("/api/v1/crypto-deposit-declarations")) {
      // `auth status` checks the pair with one page of one declaration.
      sendJson(res, 200, "[]");
    } else sendJson(res, 200, ORDER);
  });
  return server;
}

const paths = () => server!.requests.map((r) => `${r.method} ${r.url}`);

async function orderGet(home: NodeJS.ProcessEnv, extra: string[] = []) {
  const r = await runMain(["--base-url", server!.url, ...extra, "order", "get", "9932534"], {
    env: TEST_CREDENTIALS,
    home,
  });
  expect(r.stdout + r.stderr).not.toMatch(STACK_FRAME);
  return r;
}

describe("the clock offset, remembered across runs", () => {
  it("a refused stamp is corrected once; the next run starts with the offset and sends no extra request", async () => {
    await skewedServer(SKEW);
    const home = tempHome();
    const first = await orderGet(home);
    expect(first.code).toBe(0);
    expect(paths()).toEqual([
      "GET /api/v1/order/9932534",
      "GET /api/v2/server/time",
      "GET /api/v1/order/9932534",
    ]);
    const saved = JSON.parse(readFileSync(clockFile(home), "utf8"));
    const entry = saved.servers[server!.url];
    expect(Math.abs(entry.offsetMs - SKEW)).toBeLessThan(1_000);
    expect(Date.now() - Date.parse(entry.measuredAt)).toBeLessThan(CLOCK_MEMORY_MS);

    server!.requests.length = 0;
    const second = await orderGet(home, ["--debug"]);
    expect(second.code).toBe(0);
    expect(paths()).toEqual(["GET /api/v1/order/9932534"]);
    expect(second.stderr).toContain(`[debug] clock offset in use: ${entry.offsetMs} ms (measured `);
    expect(second.stderr).toContain(clockFile(home));
  });

  it("`auth status` shows the offset it measured, and the next command uses it", async () => {
    await skewedServer(SKEW);
    const home = tempHome();
    const status = await runMain(["--base-url", server!.url, "-o", "json", "auth", "status"], {
      env: TEST_CREDENTIALS,
      home,
    });
    expect(status.code).toBe(0);
    const shown = JSON.parse(status.stdout).clockOffsetMs;
    expect(Math.abs(shown - SKEW)).toBeLessThan(1_000);
    server!.requests.length = 0;
    const r = await orderGet(home, ["--debug"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`[debug] clock offset in use: ${shown} ms`);
    expect(paths()).toEqual(["GET /api/v1/order/9932534"]);
  });

  it("an offset older than ten minutes is not used", async () => {
    await skewedServer(SKEW);
    const home = tempHome();
    await orderGet(home);
    const saved = JSON.parse(readFileSync(clockFile(home), "utf8"));
    saved.servers[server!.url].measuredAt = new Date(
      Date.now() - CLOCK_MEMORY_MS - 1_000,
    ).toISOString();
    writeFileSync(clockFile(home), JSON.stringify(saved));
    server!.requests.length = 0;
    const r = await orderGet(home, ["--debug"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(
      `[debug] clock offset in use: 0 ms (none measured for ${server!.url} in the last 10 minutes)`,
    );
    expect(paths()).toEqual([
      "GET /api/v1/order/9932534",
      "GET /api/v2/server/time",
      "GET /api/v1/order/9932534",
    ]);
  });

  it("an offset measured for another server is not used for this one", async () => {
    await skewedServer(SKEW);
    const home = tempHome();
    await orderGet(home);
    const other = await startTestServer((_req, res) => sendJson(res, 200, ORDER));
    try {
      const r = await runMain(["--base-url", other.url, "--debug", "order", "get", "9932534"], {
        env: TEST_CREDENTIALS,
        home,
      });
      expect(r.code).toBe(0);
      expect(r.stderr).toContain("[debug] clock offset in use: 0 ms");
      const stamp = Number(other.requests[0]!.headers["x-stamp"]);
      expect(Math.abs(stamp - Date.now())).toBeLessThan(WINDOW);
    } finally {
      await other.close();
    }
  });

  it("a remembered offset that has gone wrong is measured again and replaced", async () => {
    await skewedServer(SKEW);
    const home = tempHome();
    await orderGet(home);
    const saved = JSON.parse(readFileSync(clockFile(home), "utf8"));
    saved.servers[server!.url].offsetMs = -SKEW;
    writeFileSync(clockFile(home), JSON.stringify(saved));
    server!.requests.length = 0;
    const r = await orderGet(home);
    expect(r.code).toBe(0);
    expect(paths()).toEqual([
      "GET /api/v1/order/9932534",
      "GET /api/v2/server/time",
      "GET /api/v1/order/9932534",
    ]);
    const offset = JSON.parse(readFileSync(clockFile(home), "utf8")).servers[server!.url].offsetMs;
    expect(Math.abs(offset - SKEW)).toBeLessThan(1_000);
  });

  it("an offset inside the noise is not written down, and clears an old entry", async () => {
    await skewedServer(SKEW);
    const home = tempHome();
    await orderGet(home);
    expect(existsSync(clockFile(home))).toBe(true);
    // The server's clock is put right; a sync (auth status) now measures about 0.
    await server!.close();
    await skewedServer(0);
    const inStep = tempHome();
    const fresh = await runMain(["--base-url", server!.url, "auth", "status"], {
      env: TEST_CREDENTIALS,
      home: inStep,
    });
    expect(fresh.code).toBe(0);
    expect(existsSync(clockFile(inStep))).toBe(false);

    const saved = JSON.parse(readFileSync(clockFile(home), "utf8"));
    const [oldOrigin] = Object.keys(saved.servers);
    saved.servers[server!.url] = saved.servers[oldOrigin!];
    writeFileSync(clockFile(home), JSON.stringify(saved));
    const status = await runMain(["--base-url", server!.url, "auth", "status"], {
      env: TEST_CREDENTIALS,
      home,
    });
    expect(status.code).toBe(0);
    const after = JSON.parse(readFileSync(clockFile(home), "utf8")).servers;
    expect(after[server!.url]).toBeUndefined();
    expect(after[oldOrigin!]).toBeDefined();
  });

  it("a damaged clock file is ignored and replaced, never an error", async () => {
    await skewedServer(SKEW);
    const home = tempHome();
    await orderGet(home);
    writeFileSync(clockFile(home), '{"servers":{"x":');
    const r = await orderGet(home);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    expect(JSON.parse(readFileSync(clockFile(home), "utf8")).servers[server!.url]).toBeDefined();
  });
});

describe("a skew the tool cannot fix", () => {
  it("says so, with the correction it tried: exit 4, one retry only", async () => {
    // Server time says +20 s, but the stamp check runs on a clock 60 s ahead.
    await skewedServer(SKEW, 60_000);
    const r = await orderGet(tempHome(), ["-o", "json"]);
    expect(r.code).toBe(4);
    expect(r.stdout).toBe("");
    const offset = /after correcting the clock by (-?\d+) ms/.exec(r.stderr)?.[1];
    expect(Math.abs(Number(offset) - SKEW)).toBeLessThan(1_000);
    expect(r.stderr).toContain(
      `error: order 9932534: the server still refuses our timestamp after correcting the clock by ${offset} ms; check the system clock (timedatectl / NTP)\n`,
    );
    expect(r.stderr).toContain("hint: the request's time stamp was refused");
    expect(JSON.parse(r.stderr.trim().split("\n").at(-1)!).error).toMatchObject({
      kind: "auth",
      status: 401,
    });
    expect(paths()).toEqual([
      "GET /api/v1/order/9932534",
      "GET /api/v2/server/time",
      "GET /api/v1/order/9932534",
    ]);
  });

  it("when server time cannot be read either, the refusal is reported with the clock hint", async () => {
    server = await startTestServer((req, res) =>
      req.url === "/api/v2/server/time"
        ? sendJson(res, 503, "{}")
        : sendJson(res, 401, NONCE("stamp outside the window")),
    );
    const r = await orderGet(tempHome(), ["--retries", "0"]);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain("Invalid Nonce: stamp outside the window");
    expect(r.stderr).toContain("hint: the request's time stamp was refused");
    expect(r.stderr).not.toContain("after correcting the clock");
  });
});
