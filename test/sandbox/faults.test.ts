import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { TradeClient } from "../../src/api/client.js";
import { TradectlError } from "../../src/errors.js";
import { inEnglish } from "../../src/i18n/index.js";
import { parseFaults } from "../../src/sandbox/faults.js";
import { RateLimits } from "../../src/sandbox/rate-limits.js";
import {
  DEMO_CREDENTIALS,
  type RunningSandbox,
  type SandboxOptions,
  startSandbox,
} from "../../src/sandbox/server.js";
import { isLosslessNumber } from "../../src/wire/json.js";
import {
  confirm,
  GOOD_DESCRIPTION,
  send,
  signedHeaders,
  tempStatePath,
} from "../helpers/sandbox.js";
import { SEED_CONFIRM_ANSWERS } from "../helpers/seed-text.js";

type Body = { [key: string]: unknown };
const ORDER = "/api/v1/order/9932534";
const CONFIRM_ONE = `{"cryptoDepositDeclarationId":734001026,"isSelfSender":true,"description":"${GOOD_DESCRIPTION}","AddressType":"IndividualWallet"}`;

let temp: ReturnType<typeof tempStatePath>;
const open: RunningSandbox[] = [];
const start = async (options: SandboxOptions) => {
  const sandbox = await startSandbox({ statePath: temp.path, ...options });
  open.push(sandbox);
  return sandbox;
};
beforeEach(() => {
  temp = tempStatePath();
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
  temp.cleanup();
});

/** The declaration's status as a sandbox without faults on the same state file sees it. */
async function statusOnDisk(id: string): Promise<string> {
  const clean = await start({});
  const res = await send(clean.url, "/api/v1/crypto-deposit-declarations?pageSize=100");
  const record = (res.json as Body[]).find(
    (r) =>
      isLosslessNumber(r.cryptoDepositDeclarationId) && r.cryptoDepositDeclarationId.value === id,
  );
  return record?.status as string;
}

const settle = (p: Promise<{ status: number; text: string; json: unknown; headers: Body }>) =>
  p.then(
    (res) => ({ ok: true as const, res }),
    (error: Error) => ({ ok: false as const, error }),
  );

describe("the --faults syntax", () => {
  test("every fault, with both 429 forms", () => {
    expect(
      parseFaults("latency=20-80, 5xx=0.2,429=0.1:2,reset=0.05,truncate=0.05,skew=-7000,seed=42"),
    ).toEqual({
      latencyMs: [20, 80],
      p5xx: 0.2,
      p429: 0.1,
      retryAfterS: 2,
      pReset: 0.05,
      pTruncate: 0.05,
      skewMs: -7000,
      seed: 42,
      quotas: {},
      key: null,
      denied: [],
      refusal401: null,
    });
    expect(parseFaults("key=Other-IP,deny=orders,deny=trades,deny=orders,401=empty")).toMatchObject(
      {
        key: "other-ip",
        denied: ["orders", "trades"],
        refusal401: "empty",
      },
    );
    expect(parseFaults("latency=50,429=1,retry-after=9")).toMatchObject({
      latencyMs: [50, 50],
      p429: 1,
      retryAfterS: 9,
    });
    expect(parseFaults("")).toMatchObject({ p5xx: 0, skewMs: 0 });
  });

  test.each([
    ["bogus=1", /unknown fault 'bogus'/],
    ["5xx=1.5", /5xx must be a share from 0 to 1/],
    ["reset=lots", /reset must be a share/],
    ["latency=80-20", /MIN-MAX/],
    ["skew", /is not name=value/],
    ["seed=-1", /seed must be a whole number/],
    [
      "key=stolen",
      /key must be one of unknown, wrong-secret, other-ip, ipv4-only, ipv6-only, got 'stolen'/,
    ],
    ["deny=confirm", /deny must be one of declarations, orders, trades, got 'confirm'/],
    ["401=json", /401 must be one of empty, html/],
  ])("%s is refused with a usage error", (spec, message) => {
    expect(() => parseFaults(spec)).toThrow(message);
    try {
      parseFaults(spec);
    } catch (error) {
      expect(error).toBeInstanceOf(TradectlError);
      const { kind, hint } = error as TradectlError;
      expect(kind).toBe("usage");
      expect(hint && inEnglish(hint)).toContain("--faults");
    }
  });

  test("a bad spec stops start-up", async () => {
    await expect(startSandbox({ statePath: null, faults: "5xx=2" })).rejects.toThrow(/--faults/);
  });
});

/** The three endpoint families a key's permissions cover, as the sandbox routes them. */
const FAMILIES = {
  declarations: "/api/v1/crypto-deposit-declarations?pageSize=1",
  orders: ORDER,
  trades: "/api/v1/users/transactions/trade?orderId=9932534",
} as const;

/** Status of a signed read of each family, and the reason the sandbox logged for each. */
async function familyAnswers(sandbox: RunningSandbox) {
  const answers: Record<string, number> = {};
  for (const [family, path] of Object.entries(FAMILIES)) {
    answers[family] = (await send(sandbox.url, path)).status;
  }
  return { answers, reasons: sandbox.requests.map((r) => r.reason ?? null) };
}

describe("the key's faults: refusals the service makes, each a 401 Unauthorized", () => {
  test.each([
    ["key=unknown", "unknown key"],
    ["key=wrong-secret", "signature does not match"],
    ["key=other-ip", "key bound to 203.0.113.7, called from 127.0.0.1"],
  ])("%s: every family refused, the log says why", async (faults, reason) => {
    const sandbox = await start({ faults });
    const { answers, reasons } = await familyAnswers(sandbox);
    expect(answers).toEqual({ declarations: 401, orders: 401, trades: 401 });
    expect(reasons).toEqual([reason, reason, reason]);
    const res = await send(sandbox.url, ORDER);
    expect(res.json).toMatchObject({ success: false, message: SEED_CONFIRM_ANSWERS.unauthorized });
    // Public server time is not the key's business.
    expect((await send(sandbox.url, "/api/v2/server/time", { headers: null })).status).toBe(200);
  });

  test("deny=orders,deny=trades: those families refused, declarations still answer", async () => {
    const sandbox = await start({ faults: "deny=orders,deny=trades" });
    const { answers, reasons } = await familyAnswers(sandbox);
    expect(answers).toEqual({ declarations: 200, orders: 401, trades: 401 });
    expect(reasons).toEqual([null, "key has no orders permission", "key has no trades permission"]);
  });

  test("deny=declarations refuses the list and the confirm alike", async () => {
    const sandbox = await start({ faults: "deny=declarations" });
    expect((await confirm(sandbox.url, CONFIRM_ONE)).status).toBe(401);
    expect((await familyAnswers(sandbox)).answers).toEqual({
      declarations: 401,
      orders: 200,
      trades: 200,
    });
  });

  test("401=empty: an empty body; 401=html: a gateway's page; good signatures or not", async () => {
    const empty = await start({ faults: "401=empty" });
    const res = await send(empty.url, ORDER);
    expect([res.status, res.text]).toEqual([401, ""]);
    const html = await start({ faults: "401=html" });
    const page = await send(html.url, ORDER);
    expect(page.status).toBe(401);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.text).toMatch(/^<html>/);
  });
});

describe("injected faults", () => {
  test("latency delays every answer by at least the given time", async () => {
    const sandbox = await start({ faults: "latency=150" });
    const before = performance.now();
    expect((await send(sandbox.url, ORDER)).status).toBe(200);
    expect(performance.now() - before).toBeGreaterThanOrEqual(140);
  });

  test("5xx: 500/502/503, JSON or an HTML page, and the request is not handled", async () => {
    const sandbox = await start({ faults: "5xx=1,seed=3" });
    const results = [];
    for (let i = 0; i < 12; i++) results.push(await send(sandbox.url, ORDER));
    expect(new Set(results.map((r) => r.status))).toEqual(new Set([500, 502, 503]));
    const html = results.filter((r) => String(r.headers["content-type"]).startsWith("text/html"));
    const json = results.filter((r) =>
      String(r.headers["content-type"]).startsWith("application/json"),
    );
    expect(html.length).toBeGreaterThan(0);
    expect(json.length).toBeGreaterThan(0);
    expect(html.length + json.length).toBe(12);
    for (const r of html) expect(r.text).toMatch(/^<html>[\s\S]*<h1>50[023] /);
    for (const r of json) expect((r.json as Body).success).toBe(false);
    for (const r of json.filter((r) => r.status === 500)) {
      expect((r.json as Body).message).toBe(SEED_CONFIRM_ANSWERS.serverError);
    }
    const res = await confirm(sandbox.url, CONFIRM_ONE);
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(sandbox.requests.every((r) => r.fault === "5xx")).toBe(true);
    expect(await statusOnDisk("734001026")).toBe("Pending");
  });

  test("429 with Retry-After and the service's body; nothing handled", async () => {
    const sandbox = await start({ faults: "429=1:7" });
    const res = await send(sandbox.url, ORDER);
    expect(res.status).toBe(429);
    expect(res.headers["retry-after"]).toBe("7");
    // An account block as docs/SERVICE-NOTES.md shows one: no quota to learn, the wait in `details`.
    expect(JSON.parse(res.text)).toEqual({
      message: "TOO_MANY_REQUESTS",
      success: false,
      code: 429,
      details: "Too many requests. Please try again in 7 second(s).",
      policy: "ip",
    });
    expect((await confirm(sandbox.url, CONFIRM_ONE)).status).toBe(429);
    expect(sandbox.requests.at(-1)).toMatchObject({ status: 429, fault: "429" });
    expect(await statusOnDisk("734001026")).toBe("Pending");
  });

  test("reset: the connection dies mid-answer, and a confirm it hit is kept", async () => {
    const sandbox = await start({ faults: "reset=1" });
    const get = await settle(send(sandbox.url, ORDER));
    expect(get.ok).toBe(false);
    const post = await settle(confirm(sandbox.url, CONFIRM_ONE));
    expect(post.ok).toBe(false);
    // The ambiguous case a client must handle: it saw a failure, the server confirmed.
    expect(sandbox.requests.at(-1)).toMatchObject({ status: 200, fault: "reset" });
    expect(await statusOnDisk("734001026")).toBe("Confirmed");
  });

  test("truncate: half the body, with a short Content-Length or the connection closed early", async () => {
    const sandbox = await start({ faults: "truncate=1,seed=11" });
    const full = (await send((await start({ statePath: null })).url, ORDER)).text;
    const outcomes = [];
    for (let i = 0; i < 16; i++) outcomes.push(await settle(send(sandbox.url, ORDER)));
    const short = outcomes.filter((o) => o.ok);
    const cut = outcomes.filter((o) => !o.ok);
    expect(short.length).toBeGreaterThan(0);
    expect(cut.length).toBeGreaterThan(0);
    for (const o of short) {
      if (!o.ok) continue;
      expect(o.res.status).toBe(200);
      expect(o.res.text).toBe(full.slice(0, Math.floor(full.length / 2)));
      expect(o.res.json).toBeUndefined();
      expect(o.res.headers["content-length"]).toBe(String(o.res.text.length));
    }
    expect(sandbox.requests.every((r) => r.fault === "truncate")).toBe(true);
  });

  test("skew: server time runs behind, a stamp from the real clock is an Invalid Nonce", async () => {
    const now = Date.parse("2026-05-01T08:00:00.000Z");
    const sandbox = await start({ faults: "skew=-7000", now: () => now });
    const time = JSON.parse(
      (await send(sandbox.url, "/api/v2/server/time", { headers: null })).text,
    );
    expect(time.serverTime).toBe(now - 7000);
    const stale = await send(sandbox.url, ORDER, {
      headers: signedHeaders({ stamp: String(now) }),
    });
    expect(stale.status).toBe(401);
    expect((stale.json as Body).message).toMatch(/Invalid Nonce/);
    const synced = await send(sandbox.url, ORDER, {
      headers: signedHeaders({ stamp: String(now - 7000) }),
    });
    expect(synced.status).toBe(200);
  });

  test("skew: the real client recovers by syncing its clock to server time (server ahead)", async () => {
    const sandbox = await start({ faults: "skew=9000" });
    const client = new TradeClient({
      baseUrl: sandbox.url,
      credentials: DEMO_CREDENTIALS,
      retries: 0,
    });
    try {
      const order = await client.getOrder("9932534");
      expect(order.method).toBe("stopmarket");
    } finally {
      await client.close();
    }
    expect(sandbox.requests.map((r) => `${r.path} ${r.status}`)).toEqual([
      "/api/v1/order/9932534 401",
      "/api/v2/server/time 200",
      "/api/v1/order/9932534 200",
    ]);
  });

  test("a seed makes the faults repeatable", async () => {
    const spec = "5xx=0.4,429=0.3,seed=42";
    const runs = [];
    for (const sandbox of [await start({ faults: spec }), await start({ faults: spec })]) {
      const statuses = [];
      for (let i = 0; i < 20; i++) statuses.push((await send(sandbox.url, ORDER)).status);
      runs.push(statuses);
    }
    expect(runs[0]).toEqual(runs[1]);
    expect(new Set(runs[0])).toEqual(new Set([200, 429, 500, 502, 503]));
  });
});

/** The service's 429 as docs/SERVICE-NOTES.md "Rate limits" shows it (typed out: `limit` a string). */
const serviceQuota429 = (limit: string, period: string) => ({
  message: "TOO_MANY_REQUESTS",
  success: false,
  code: 429,
  details: `Quota exceeded. Maximum allowed: ${limit} per ${period}.`,
  limit,
  period,
  policy: "ip",
});

describe("enforced rate limits", () => {
  test("order: the 31st request inside one second is a 429 with Retry-After", async () => {
    let clock = Date.parse("2026-05-01T08:00:00.000Z");
    const sandbox = await start({ enforceRateLimits: true, now: () => clock });
    const get = (i: number) =>
      send(sandbox.url, ORDER, { headers: signedHeaders({ stamp: String(clock + i) }) });
    for (let i = 0; i < 30; i++) expect((await get(i)).status).toBe(200);
    const refused = await get(30);
    expect(refused.status).toBe(429);
    expect(refused.headers["retry-after"]).toBe("1");
    expect(JSON.parse(refused.text)).toEqual(serviceQuota429("30", "1s"));
    clock += 1_000;
    expect((await get(40)).status).toBe(200);
    // Other endpoints have no documented limit here.
    const list = await send(sandbox.url, "/api/v1/crypto-deposit-declarations", {
      headers: signedHeaders({ stamp: String(clock + 41) }),
    });
    expect(list.status).toBe(200);
  });

  test("the minute windows: order 900/60 s, trades 120/60 s; unpublished classes unlimited", () => {
    let clock = 1_000_000;
    const limits = new RateLimits(() => clock, { published: true });
    for (let second = 0; second < 30; second++) {
      for (let i = 0; i < 30; i++) expect(limits.admit("order", "ip")).toBeNull();
      clock += 1_000;
    }
    expect(limits.admit("order", "ip")).toMatchObject({
      retryAfterS: 30,
      window: { limit: 900, period: "1m" },
    });
    expect(limits.admit("order", "other-ip")).toBeNull();
    for (let i = 0; i < 120; i++) expect(limits.admit("trades", "ip")).toBeNull();
    expect(limits.admit("trades", "ip")).toMatchObject({ window: { limit: 120, period: "1m" } });
    for (let i = 0; i < 500; i++) expect(limits.admit("declarations", "ip")).toBeNull();
    expect(limits.admit("exchanges", "ip")).toBeNull();
  });

  test("fixed windows start at the first request; a refusal is blocked until the window ends", () => {
    let clock = 0;
    const limits = new RateLimits(() => clock, {
      published: false,
      quotas: { declarations: [{ limit: 5, ms: 1_000, period: "1s" }] },
    });
    clock = 500;
    for (let i = 0; i < 5; i++) expect(limits.admit("declarations", "ip")).toBeNull();
    clock = 1_200;
    expect(limits.admit("declarations", "ip")).toMatchObject({ retryAfterS: 1 });
    clock = 1_500;
    expect(limits.admit("declarations", "ip")).toBeNull();
  });

  test("quota=declarations:5/1s: the 6th list request is the service's 429, both list paths count, confirm does not", async () => {
    let clock = Date.parse("2026-05-01T08:00:00.000Z");
    const sandbox = await start({ faults: "quota=declarations:5/1s", now: () => clock });
    const headers = (i: number) => ({ headers: signedHeaders({ stamp: String(clock + i) }) });
    for (let i = 0; i < 3; i++) {
      expect(
        (await send(sandbox.url, "/api/v1/crypto-deposit-declarations", headers(i))).status,
      ).toBe(200);
    }
    for (let i = 3; i < 5; i++) {
      const path = "/api/v1/crypto-deposit-declarations/confirm";
      expect((await send(sandbox.url, path, headers(i))).status).toBe(200);
    }
    const refused = await send(sandbox.url, "/api/v1/crypto-deposit-declarations", headers(5));
    expect(refused.status).toBe(429);
    expect(refused.headers["retry-after"]).toBe("1");
    expect(JSON.parse(refused.text)).toEqual(serviceQuota429("5", "1s"));
    expect((await send(sandbox.url, ORDER, headers(6))).status).toBe(200);
    clock += 1_000;
    expect(
      (await send(sandbox.url, "/api/v1/crypto-deposit-declarations", headers(7))).status,
    ).toBe(200);
  });

  test("quota= is checked when parsed", async () => {
    for (const spec of [
      "quota=declaration:5/1s",
      "quota=declarations:0/1s",
      "quota=declarations:5/1y",
      "quota=declarations",
    ]) {
      await expect(start({ faults: spec })).rejects.toThrow(/--faults: quota/);
    }
  });

  test("off by default", async () => {
    const sandbox = await start({});
    const results = await Promise.all(Array.from({ length: 40 }, () => send(sandbox.url, ORDER)));
    expect(results.every((r) => r.status === 200)).toBe(true);
  });
});
