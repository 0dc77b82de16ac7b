import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type RunningSandbox, startSandbox } from "../../src/sandbox/server.js";
import { isLosslessNumber } from "../../src/wire/json.js";
import { send, signedHeaders } from "../helpers/sandbox.js";

/** The sandbox's trades endpoint, over real HTTP, as docs/SERVICE-NOTES.md "Trades of an order" has it. */
type Trade = { [key: string]: unknown };

// A clock 10 days after the seeded trades (June 2025), so the default 30-day window holds them.
const NOW = Date.parse("2025-06-24T00:00:00.000Z");
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ statePath: null, now: () => NOW });
});
afterAll(() => sandbox.close());

let n = 0;
const get = (path: string) =>
  send(sandbox.url, path, { headers: signedHeaders({ stamp: String(NOW + n++) }) });
const trades = (path: string) => get(path).then((r) => (r.json as { data: Trade[] }).data);
const digits = (value: unknown) => (isLosslessNumber(value) ? value.value : value);
const PATH = "/api/v1/users/transactions/trade";

describe("trades of one order: orderId alone", () => {
  test("the envelope says SUCCESS; an order filled in three trades lists them oldest first", async () => {
    const res = await get(`${PATH}?orderId=21545488`);
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/^\{"success":true,"message":"SUCCESS","code":0,"data":\[/);
    const data = (res.json as { data: Trade[] }).data;
    expect(data.map((t) => digits(t.id))).toEqual([
      "1181163798924649598",
      "1181163798924649611",
      "1181163798924649630",
    ]);
    // Ids beyond 2^53 and preciseAmount as JSON numbers with every digit; decimals as strings.
    expect(res.text).toContain('"id":1181163798924649598,');
    expect(res.text).toContain('"preciseAmount":0.02000000000000000000,');
    expect(data[0]).toMatchObject({
      price: "2412000.00",
      amount: "0.02000000",
      fee: "-43.4160000000",
      tax: "-2.1708000000",
      numeratorSymbol: "BTC",
      denominatorSymbol: "TRY",
      orderType: "buy",
      orderClientId: "web-7f3a91",
    });
    expect(digits(data[0]!.orderId)).toBe("21545488");
  });

  test("a sell's amounts are negative", async () => {
    const data = await trades(`${PATH}?orderId=21546344`);
    expect(data.map((t) => t.amount)).toEqual(["-20.000000", "-15.500000", "-6.500000"]);
    expect(data.every((t) => t.orderType === "sell")).toBe(true);
  });

  test("an order without trades, and an unknown order, answer an empty list", async () => {
    expect(await trades(`${PATH}?orderId=21546458`)).toEqual([]);
    expect(await trades(`${PATH}?orderId=1`)).toEqual([]);
  });

  test("orderId combined with another parameter is a 400 that says so", async () => {
    for (const extra of ["type=buy", "symbol=BTC", "pairSymbol=BTCTRY", "startDate=1", "x=1"]) {
      const res = await get(`${PATH}?orderId=21545488&${extra}`);
      expect(res.status).toBe(400);
      const name = extra.split("=")[0]!;
      expect((res.json as { message: string }).message).toBe(
        `orderId can not be combined with other parameters (also given: ${name.toLowerCase() === "x" ? "x" : name})`,
      );
    }
  });

  test("a bad or repeated orderId is a 400", async () => {
    expect((await get(`${PATH}?orderId=12ab`)).status).toBe(400);
    expect((await get(`${PATH}?orderId=1&orderId=2`)).status).toBe(400);
  });

  test("private: no signature, 401", async () => {
    const res = await send(sandbox.url, `${PATH}?orderId=21545488`, { headers: null });
    expect(res.status).toBe(401);
  });
});

describe("trades without orderId: the other parameters", () => {
  test("the last 30 days by default, narrowed by type, symbol and pairSymbol", async () => {
    const all = await trades(PATH);
    expect(all.length).toBe(11);
    const sells = await trades(`${PATH}?type=sell`);
    expect(new Set(sells.map((t) => t.orderType))).toEqual(new Set(["sell"]));
    expect(sells.length).toBe(5);
    const usdt = await trades(`${PATH}?symbol=usdt`);
    expect(usdt.map((t) => digits(t.orderId))).toEqual(["21546002"]);
    const pair = await trades(`${PATH}?pairSymbol=SOL_TRY&pairSymbol=ethtry`);
    expect(new Set(pair.map((t) => digits(t.orderId)))).toEqual(new Set(["21545601", "21546344"]));
  });

  test("startDate and endDate bound the window; a reversed window or bad type is a 400", async () => {
    const window = await trades(`${PATH}?startDate=1749812345901&endDate=1749812371222`);
    expect(window.map((t) => digits(t.id))).toEqual(["1181163798924649598", "1181163798924649611"]);
    expect((await get(`${PATH}?startDate=2&endDate=1`)).status).toBe(400);
    expect((await get(`${PATH}?type=hold`)).status).toBe(400);
    expect((await get(`${PATH}?endDate=soon`)).status).toBe(400);
  });
});

test("rate limit: the 121st call within a minute is refused with 429 and Retry-After", async () => {
  const limited = await startSandbox({ statePath: null, enforceRateLimits: true });
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) {
      const res = await send(limited.url, `${PATH}?orderId=21545488`, {
        headers: signedHeaders(),
      });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
        expect(res.text).toContain('"period":"1m"');
      }
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(120);
    expect(statuses[120]).toBe(429);
  } finally {
    await limited.close();
  }
});
