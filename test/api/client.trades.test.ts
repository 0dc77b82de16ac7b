import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TradeClient } from "../../src/api/client.js";
import { RateLimiter } from "../../src/api/rate-limit.js";
import { PUBLISHED_RATE_LIMITS, type RateLimitClass } from "../../src/domain/limits.js";
import { TradectlError } from "../../src/errors.js";
import { isLosslessNumber } from "../../src/wire/json.js";
import { sendJson, startTestServer, type TestServer } from "../helpers/http-server.js";

/** `TradeClient.listTrades` over real HTTP to a small server that answers what each test sets. */
let server: TestServer;
let body = "";
beforeAll(async () => {
  server = await startTestServer((_req, res) => sendJson(res, 200, body));
});
afterAll(() => server.close());

const credentials = { publicKey: "k", secret: "c2VjcmV0" };
const envelope = (data: string) => `{"success":true,"message":"SUCCESS","code":0,"data":${data}}`;
const TRADE =
  '{"price":"2412000.00","numeratorSymbol":"BTC","denominatorSymbol":"TRY","orderType":"buy","orderId":21545488,"id":1181163798924649598,"timestamp":1749812345901,"amount":"0.02000000","preciseAmount":0.0200000000000000004163336342344337,"fee":"-43.4160000000","tax":"-2.1708000000","orderClientId":"web"}';

function client(rateLimiter?: RateLimiter) {
  return new TradeClient({ baseUrl: server.url, credentials, retries: 0, rateLimiter });
}
const digits = (value: unknown) => (isLosslessNumber(value) ? value.value : value);

describe("TradeClient.listTrades", () => {
  it("sends GET …/users/transactions/trade with orderId alone, and keeps every digit", async () => {
    body = envelope(`[${TRADE}]`);
    const before = server.requests.length;
    const [trade] = await client().listTrades("21545488");
    expect(server.requests.slice(before).map((q) => `${q.method} ${q.url}`)).toEqual([
      "GET /api/v1/users/transactions/trade?orderId=21545488",
    ]);
    expect(digits(trade!.id)).toBe("1181163798924649598");
    expect(digits(trade!.preciseAmount)).toBe("0.0200000000000000004163336342344337");
    expect(trade!.amount).toBe("0.02000000");
  });

  it("accepts the older answers' numbers where strings are now, and ids as strings", async () => {
    body = envelope(
      `[${TRADE.replace('"price":"2412000.00"', '"price":2412000.5')
        .replace('"amount":"0.02000000"', '"amount":-0.02')
        .replace('"id":1181163798924649598', '"id":"1181163798924649598"')}]`,
    );
    const [trade] = await client().listTrades("21545488");
    expect(digits(trade!.price)).toBe("2412000.5");
    expect(digits(trade!.amount)).toBe("-0.02");
    expect(trade!.id).toBe("1181163798924649598");
  });

  it("refuses a figure that is not a decimal, or an answer without data, naming the field", async () => {
    body = envelope(`[${TRADE.replace('"fee":"-43.4160000000"', '"fee":"NaN"')}]`);
    await expect(client().listTrades("1")).rejects.toThrow(/data\.0\.fee: expected a decimal/);
    body = '{"success":true,"message":"SUCCESS","code":0}';
    await expect(client().listTrades("1")).rejects.toThrow(/data: missing/);
  });

  it("refuses an answer holding another order's trades, naming them, instead of summing them", async () => {
    const other = TRADE.replace('"orderId":21545488', '"orderId":99').replace(
      '"id":1181163798924649598',
      '"id":7',
    );
    body = envelope(`[${TRADE},${other}]`);
    const error = await client()
      .listTrades("21545488")
      .catch((e: unknown) => e as TradectlError);
    expect(error).toBeInstanceOf(TradectlError);
    expect((error as TradectlError).kind).toBe("server");
    expect((error as TradectlError).message).toBe(
      "the trades answered for order 21545488 include 1 of 2 that belong to other orders (99)",
    );
    // The same order written as a string, or with leading zeros, is the order asked for.
    body = envelope(`[${TRADE.replace('"orderId":21545488', '"orderId":"021545488"')}]`);
    await expect(client().listTrades("21545488")).resolves.toHaveLength(1);
  });

  it.each([
    [
      "a negative trade id",
      ['"id":1181163798924649598', '"id":-5'],
      /data\.0\.id: expected a positive integer/,
    ],
    [
      "a zero trade id",
      ['"id":1181163798924649598', '"id":"0"'],
      /data\.0\.id: expected a positive integer/,
    ],
    [
      "a zero price",
      ['"price":"2412000.00"', '"price":"0.00"'],
      /data\.0\.price: expected a price above zero/,
    ],
    [
      "a negative price",
      ['"price":"2412000.00"', '"price":-3'],
      /data\.0\.price: expected a price above zero/,
    ],
    [
      "a price past the decimal library's range",
      ['"price":"2412000.00"', '"price":"1e-1000000"'],
      /data\.0\.price: expected a decimal of at most 100 characters, exponent within ±999/,
    ],
    [
      "a fee of a thousand digits",
      ['"fee":"-43.4160000000"', `"fee":"0.${"1".repeat(1000)}"`],
      /data\.0\.fee: expected a decimal of at most 100 characters/,
    ],
  ])("refuses %s with a clean error naming the field", async (_what, [from, to], message) => {
    body = envelope(`[${TRADE.replace(from!, to!)}]`);
    const error = await client()
      .listTrades("21545488")
      .catch((e: unknown) => e as TradectlError);
    expect(error).toBeInstanceOf(TradectlError);
    expect((error as TradectlError).message).toMatch(message);
    expect((error as TradectlError).message).not.toMatch(/big\.js/);
  });

  it("is paced in the rate-limit class 'trades'", async () => {
    body = envelope("[]");
    const waits: string[] = [];
    const limiter = new RateLimiter({ trades: [{ limit: 1, ms: 60_000, period: "1m" }] });
    const spy = Object.assign(Object.create(limiter), {
      acquire: (name: RateLimitClass, signal?: AbortSignal) => {
        waits.push(name);
        return limiter.acquire(name, signal);
      },
    });
    await client(spy).listTrades("1");
    expect(waits).toEqual(["trades"]);
  });
});

it("the 'trades' class lets 120 calls through in a minute, and the 121st only after it", async () => {
  let now = 0;
  const limiter = new RateLimiter(
    PUBLISHED_RATE_LIMITS,
    () => now,
    async (ms) => {
      now += ms;
    },
  );
  const starts: number[] = [];
  for (let i = 0; i < 121; i++) {
    await limiter.acquire("trades");
    starts.push(now);
  }
  expect(starts[119]).toBeLessThan(60_000);
  expect(starts[120]! - starts[0]!).toBeGreaterThanOrEqual(60_000);
});
