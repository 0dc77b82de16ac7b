import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type RunningSandbox, startSandbox } from "../../src/sandbox/server.js";
import { isLosslessNumber, LosslessNumber } from "../../src/wire/json.js";
import { send, signedHeaders } from "../helpers/sandbox.js";
import { NOTES_ORDER_NOT_FOUND, SEED_DECLARATION_FIELDS, SEED_LIST } from "../helpers/seed-text.js";

type Record = { [key: string]: unknown };

const NOW = Date.parse("2026-01-15T12:00:00.000Z");
let sandbox: RunningSandbox;
const clock = NOW;

beforeAll(async () => {
  // Memory only: these tests read; the state tests cover the file.
  sandbox = await startSandbox({ statePath: null, now: () => clock });
});
afterAll(() => sandbox.close());

const stampNow = (() => {
  let n = 0;
  return () => String(clock + n++);
})();
const headers = () => signedHeaders({ stamp: stampNow() });
const get = (path: string) => send(sandbox.url, path, { headers: headers() });

const digits = (value: unknown) => (isLosslessNumber(value) ? value.value : value);

async function listAll(query = ""): Promise<Record[]> {
  const out: Record[] = [];
  for (let page = 1; ; page++) {
    const res = await get(`/api/v1/crypto-deposit-declarations?pageSize=7&page=${page}${query}`);
    expect(res.status).toBe(200);
    const records = res.json as Record[];
    out.push(...records);
    if (records.length < 7) return out;
  }
}

describe("declarations list", () => {
  test("both path forms answer the same bare array", async () => {
    const a = await get("/api/v1/crypto-deposit-declarations?pageSize=10");
    const b = await get("/api/v1/crypto-deposit-declarations/confirm?pageSize=10");
    expect(a.status).toBe(200);
    expect(a.headers["content-type"]).toMatch(/^application\/json/);
    expect(Array.isArray(a.json)).toBe(true);
    expect(b.text).toBe(a.text);
  });

  test("default page is 1 with 20 records, newest first, every seed field present", async () => {
    const res = await get("/api/v1/crypto-deposit-declarations");
    const records = res.json as Record[];
    expect(records).toHaveLength(20);
    const times = records.map((r) => r.createdAt as string);
    expect([...times].sort().reverse()).toEqual(times);
    for (const r of records) {
      expect(Object.keys(r)).toEqual([...SEED_DECLARATION_FIELDS]);
      expect(r.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(isLosslessNumber(r.amount)).toBe(true);
      expect(isLosslessNumber(r.cryptoDepositDeclarationId)).toBe(true);
    }
  });

  test("paging walks every seeded record once; past the end is an empty array", async () => {
    const all = await listAll();
    const ids = all.map((r) => digits(r.cryptoDepositDeclarationId));
    expect(new Set(ids).size).toBe(ids.length);
    expect(all.length).toBeGreaterThanOrEqual(25);
    const past = await get("/api/v1/crypto-deposit-declarations?page=999&pageSize=100");
    expect(past.status).toBe(200);
    expect(past.text).toBe("[]");
  });

  test("the seed data is realistic: assets, memo tags, lightning, both states", async () => {
    const all = await listAll();
    const symbols = new Set(all.map((r) => r.symbol));
    for (const s of ["BTC", "ETH", "USDT", "XRP", "XLM"]) expect(symbols).toContain(s);
    for (const r of all.filter((r) => r.symbol === "XRP" || r.symbol === "XLM")) {
      expect(r.memoTag).toMatch(/^\d+$/);
    }
    expect(
      all.some((r) => typeof r.lightningInvoice === "string" && /^lnbc/.test(r.lightningInvoice)),
    ).toBe(true);
    const pending = all.filter((r) => r.status === "Pending");
    const confirmed = all.filter((r) => r.status === "Confirmed");
    expect(pending.length).toBeGreaterThanOrEqual(5);
    expect(confirmed.length).toBeGreaterThanOrEqual(5);
    for (const r of pending) {
      expect([r.confirmedAt, r.confirmedBy, r.firstName, r.lastName]).toEqual([
        null,
        null,
        null,
        null,
      ]);
    }
    for (const r of confirmed) {
      expect(r.confirmedAt).toMatch(/Z$/);
      expect(typeof r.confirmedBy).toBe("string");
      expect(typeof r.firstName).toBe("string");
    }
  });

  test("ids beyond 2^53 and amounts with trailing zeros are written with their exact digits", async () => {
    const res = await get("/api/v1/crypto-deposit-declarations?pageSize=100");
    expect(res.text).toContain('"cryptoDepositDeclarationId":9223372036854775807,');
    expect(res.text).toContain('"cryptoDepositDeclarationId":9007199254740993,');
    expect(res.text).toContain('"amount":0.8000000000000000,');
    expect(res.text).toContain('"amount":12.345678901234567890,');
  });

  test("status filters, repeated and in any case", async () => {
    const pending = await listAll("&status=pending");
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((r) => r.status === "Pending")).toBe(true);
    const confirmed = await listAll("&status=Confirmed");
    expect(confirmed.every((r) => r.status === "Confirmed")).toBe(true);
    const both = await listAll("&status=Pending&status=Confirmed");
    expect(both.length).toBe(pending.length + confirmed.length);
    expect(await listAll("&STATUS=PENDING")).toEqual(pending);
  });

  test.each([
    ["page=0", SEED_LIST.pageTooSmall],
    ["page=-3", SEED_LIST.pageTooSmall],
    ["pageSize=0", SEED_LIST.pageSizeOutOfRange],
    ["pageSize=101", SEED_LIST.pageSizeOutOfRange],
    ["status=Unknown", SEED_LIST.statusUnknown],
    ["status=Pending&status=unknown", SEED_LIST.statusUnknown],
  ])("seed 7.1: %s → 400 %s", async (query, message) => {
    const res = await get(`/api/v1/crypto-deposit-declarations?${query}`);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      success: false,
      message,
      code: new LosslessNumber("400"),
      httpStatusCode: new LosslessNumber("400"),
      data: null,
    });
  });

  test("several broken rules: the first as message, all in errors", async () => {
    const res = await get("/api/v1/crypto-deposit-declarations?page=0&pageSize=500&status=Unknown");
    expect(res.status).toBe(400);
    const body = res.json as Record;
    expect(body.message).toBe(SEED_LIST.pageTooSmall);
    expect(body.errors).toEqual([
      SEED_LIST.pageTooSmall,
      SEED_LIST.pageSizeOutOfRange,
      SEED_LIST.statusUnknown,
    ]);
  });

  test("a page that is not a number is a 400 that says so", async () => {
    const res = await get("/api/v1/crypto-deposit-declarations?page=abc");
    expect(res.status).toBe(400);
    expect((res.json as Record).message).toMatch(/page must be a whole number/);
  });
});

describe("orders", () => {
  test("the seed's example: stopmarket / sell / Untouched, in the envelope", async () => {
    const res = await get("/api/v1/order/9932534");
    expect(res.status).toBe(200);
    const body = res.json as {
      data: Record;
      success: boolean;
      message: null;
      code: LosslessNumber;
    };
    expect(body.success).toBe(true);
    expect(body.message).toBeNull();
    expect(digits(body.code)).toBe("0");
    expect(body.data).toMatchObject({ type: "sell", method: "stopmarket", status: "Untouched" });
    expect(Object.keys(body.data)).toEqual([
      "id",
      "price",
      "amount",
      "quantity",
      "stopPrice",
      "pairSymbol",
      "pairSymbolNormalized",
      "type",
      "method",
      "orderClientId",
      "time",
      "updateTime",
      "status",
      "leftAmount",
    ]);
    expect(typeof body.data.price).toBe("string");
    expect(isLosslessNumber(body.data.time)).toBe(true);
  });

  test("orders cover several methods, sides and statuses; the int64 id is exact", async () => {
    const ids = [
      "9932534",
      "21545488",
      "21545601",
      "21546002",
      "21546117",
      "21546230",
      "9223372036854775807",
    ];
    const orders = await Promise.all(
      ids.map(async (id) => ((await get(`/api/v1/order/${id}`)).json as { data: Record }).data),
    );
    const set = (key: string) => new Set(orders.map((o) => o[key]));
    expect(set("method")).toEqual(new Set(["stopmarket", "limit", "market", "stoplimit"]));
    expect(set("type")).toEqual(new Set(["buy", "sell"]));
    expect(set("status")).toEqual(new Set(["Untouched", "Closed", "Partial", "Canceled"]));
    const big = await get("/api/v1/order/9223372036854775807");
    expect(big.text).toContain('"id":9223372036854775807,');
  });

  test("an unknown order is HTTP 400 with the service's body and code 1152", async () => {
    const res = await get("/api/v1/order/1");
    expect(res.status).toBe(400);
    expect(res.text).toBe(
      JSON.stringify({ success: false, message: NOTES_ORDER_NOT_FOUND, code: 1152 }),
    );
  });

  test("an order id that is not an int64 is a clear 400", async () => {
    for (const id of ["abc", "-1", "9223372036854775808"]) {
      const res = await get(`/api/v1/order/${id}`);
      expect(res.status).toBe(400);
      expect((res.json as Record).message).toMatch(/orderId must be a 64-bit integer/);
    }
  });
});

describe("exchanges, server time, routing", () => {
  test("the crypto-exchanges listing in its envelope", async () => {
    const res = await get("/api/v1/exchanges");
    expect(res.status).toBe(200);
    const body = JSON.parse(res.text);
    expect(body).toMatchObject({ success: true, message: null, code: 0 });
    expect(body.data[0]).toEqual({ id: 3, name: "Binance" });
    expect(body.data.length).toBeGreaterThanOrEqual(8);
  });

  test("server time is public and reports the sandbox clock", async () => {
    const res = await send(sandbox.url, "/api/v2/server/time", { headers: null });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({
      serverTime: NOW,
      serverTime2: "2026-01-15T12:00:00.000Z",
    });
  });

  test("an unknown path is a JSON 404; a wrong method a 405 naming the allowed ones", async () => {
    const missing = await get("/api/v1/nothing-here");
    expect(missing.status).toBe(404);
    expect((missing.json as Record).success).toBe(false);
    const wrong = await send(sandbox.url, "/api/v1/order/9932534", {
      method: "DELETE",
      headers: headers(),
    });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.allow).toBe("GET");
    expect((wrong.json as Record).message).toMatch(/DELETE/);
  });

  test("a private endpoint without authentication is 401 before anything else", async () => {
    const res = await send(sandbox.url, "/api/v1/exchanges", { headers: null });
    expect(res.status).toBe(401);
  });

  test("a huge body is refused with 413, not read", async () => {
    const res = await send(sandbox.url, "/api/v1/crypto-deposit-declarations/confirm", {
      method: "POST",
      body: "x".repeat(200_000),
      headers: headers(),
    });
    expect(res.status).toBe(413);
  });

  test("every request is recorded with method, path and status", () => {
    const order = sandbox.requests.find((r) => r.path === "/api/v1/order/1");
    expect(order).toMatchObject({ method: "GET", status: 400, url: "/api/v1/order/1" });
  });
});
