import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseArrivals } from "../../src/sandbox/arrivals.js";
import { startSandbox } from "../../src/sandbox/server.js";
import { confirm, GOOD_DESCRIPTION, send, tempStatePath, withSandbox } from "../helpers/sandbox.js";

/** Ids of a list answer, in the order sent. */
const listedIds = (text: string) =>
  [...text.matchAll(/"cryptoDepositDeclarationId":(\d+)/g)].map((m) => m[1]!);

const pendingPage = (url: string, pageSize = 5) =>
  send(url, `/api/v1/crypto-deposit-declarations?status=Pending&page=1&pageSize=${pageSize}`);

const deposits = (url: string, body?: string) =>
  send(url, "/__sandbox/deposits", { method: "POST", body, headers: null });

describe("sandbox: POST /__sandbox/deposits", () => {
  it("makes Pending deposits arrive, newest first above every other declaration", async () => {
    await withSandbox(async (sandbox) => {
      const first = await deposits(sandbox.url);
      expect(first.status).toBe(201);
      const second = await deposits(sandbox.url, '{"count":2}');
      expect(second.status).toBe(201);
      const made = [...listedIds(first.text), ...listedIds(second.text)];
      expect(made).toHaveLength(3);
      expect(second.text).toContain('"status":"Pending"');

      const page = await pendingPage(sandbox.url);
      expect(listedIds(page.text).slice(0, 3)).toEqual([...made].reverse());
      // The seed's newest pending declaration comes right after them.
      expect(listedIds(page.text)[3]).toBe("734001026");
    });
  });

  it("an arrived deposit can be confirmed, once", async () => {
    await withSandbox(async (sandbox) => {
      const [id] = listedIds((await deposits(sandbox.url)).text);
      const body = {
        cryptoDepositDeclarationId: Number(id),
        isSelfSender: true,
        description: GOOD_DESCRIPTION,
        AddressType: "IndividualWallet",
      };
      expect((await confirm(sandbox.url, body)).status).toBe(200);
      expect((await confirm(sandbox.url, body)).status).toBe(422);
      expect(listedIds((await pendingPage(sandbox.url, 1)).text)).toEqual(["734001026"]);
    });
  });

  it.each([['{"count":0}'], ['{"count":1001}'], ['{"count":"many"}'], ["not json"]])(
    "refuses %s with 400 and adds nothing",
    async (body) => {
      await withSandbox(async (sandbox) => {
        const answer = await deposits(sandbox.url, body);
        expect(answer.status).toBe(400);
        expect(answer.text).toContain("a JSON object of count (1 to 1000)");
        expect(listedIds((await pendingPage(sandbox.url, 1)).text)).toEqual(["734001026"]);
      });
    },
  );

  it("is never faulted, and only answers POST", async () => {
    await withSandbox(
      async (sandbox) => {
        for (let i = 0; i < 5; i++) expect((await deposits(sandbox.url)).status).toBe(201);
        const get = await send(sandbox.url, "/__sandbox/deposits", { headers: null });
        expect(get.status).toBe(405);
      },
      { faults: "5xx=1" },
    );
  });

  it("arrivals are kept in the state file: another sandbox on it sees them; reset removes them", async () => {
    const temp = tempStatePath();
    try {
      const a = await startSandbox({ statePath: temp.path });
      const made = listedIds((await deposits(a.url, '{"count":2}')).text);
      const b = await startSandbox({ statePath: temp.path });
      expect(listedIds((await pendingPage(b.url, 2)).text)).toEqual([...made].reverse());
      // Both add to one sequence under the store's lock: no id is given twice.
      const more = await Promise.all([deposits(a.url), deposits(b.url), deposits(a.url)]);
      const ids = more.flatMap((r) => listedIds(r.text));
      expect(new Set([...made, ...ids]).size).toBe(5);
      expect(JSON.parse(readFileSync(temp.path, "utf8")).arrivals).toHaveLength(5);
      await b.reset();
      expect(listedIds((await pendingPage(a.url, 1)).text)).toEqual(["734001026"]);
      await a.close();
      await b.close();
    } finally {
      temp.cleanup();
    }
  });
});

describe("sandbox: deposits a rule expects", () => {
  const EXPECTED = {
    symbol: "XRP",
    address: "rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh",
    amount: "250.50",
    memo: "1048576",
  };

  it("POST /__sandbox/deposits brings them with the fields it names, kept in the state file", async () => {
    const temp = tempStatePath();
    try {
      const a = await startSandbox({ statePath: temp.path });
      const made = await deposits(a.url, JSON.stringify({ ...EXPECTED, count: 2 }));
      expect(made.status).toBe(201);
      const records = JSON.parse(made.text) as Record<string, unknown>[];
      expect(records).toHaveLength(2);
      for (const r of records) {
        expect(r).toMatchObject({
          status: "Pending",
          symbol: "XRP",
          address: EXPECTED.address,
          memoTag: "1048576",
          lightningInvoice: null,
        });
      }
      // The amount's digits as given, on the wire as a number.
      expect(made.text).toContain('"amount":250.50,');
      // A JSON number is taken with its digits too; fields not named are made up.
      const btc = await deposits(a.url, '{"symbol":"BTC","amount":0.00012000}');
      expect(btc.text).toContain('"amount":0.00012000,"symbol":"BTC"');
      expect(btc.text).toContain('"memoTag":null');
      // Another sandbox on the same file sees the same deposits.
      const b = await startSandbox({ statePath: temp.path });
      const page = await pendingPage(b.url, 3);
      expect(page.text).toBe((await pendingPage(a.url, 3)).text);
      expect(listedIds(page.text)).toEqual([
        ...listedIds(btc.text),
        ...listedIds(made.text).reverse(),
      ]);
      expect(page.text).toContain('"amount":250.50,');
      await a.close();
      await b.close();
    } finally {
      temp.cleanup();
    }
  });

  it.each([
    ['{"symbol":"X RP"}', "symbol must be letters and digits"],
    ['{"amount":"-1"}', "amount must be a decimal number"],
    ['{"memo":7}', "memo must be text"],
    ['{"colour":"red"}', "unknown field 'colour'"],
  ])("refuses %s with 400 and adds nothing", async (body, message) => {
    await withSandbox(async (sandbox) => {
      const answer = await deposits(sandbox.url, body);
      expect(answer.status).toBe(400);
      expect(answer.text).toContain(message);
      expect(listedIds((await pendingPage(sandbox.url, 1)).text)).toEqual(["734001026"]);
    });
  });
});

describe("sandbox: --arrivals SPEC", () => {
  it("parses every, count, max and seed", () => {
    expect(parseArrivals("every=5s")).toEqual({
      everyMs: [5000, 5000],
      count: 1,
      max: null,
      seed: null,
      shape: {},
    });
    expect(parseArrivals("every=2-8s,count=3,max=10,seed=7")).toEqual({
      everyMs: [2000, 8000],
      count: 3,
      max: 10,
      seed: 7,
      shape: {},
    });
    expect(parseArrivals("every=500ms").everyMs).toEqual([500, 500]);
    expect(parseArrivals("every=2m").everyMs).toEqual([120_000, 120_000]);
    expect(parseArrivals("every=3").everyMs).toEqual([3000, 3000]);
  });

  it.each([
    ["", "--arrivals: every=T is required (how often a deposit arrives)"],
    ["every=soon", "--arrivals: every must be a time like 5s, 500ms, 2m or 2-8s, got 'soon'"],
    ["every=10ms", "--arrivals: every must be a time from 100ms to 24h, got '10ms'"],
    ["every=8-2s", "--arrivals: every range must be MIN-MAX"],
    ["every=1s,count=0", "--arrivals: count must be a whole number from 1 to 1000, got '0'"],
    [
      "every=1s,rate=3",
      "--arrivals: unknown setting 'rate'; known: every, count, max, seed, symbol, address, amount, memo",
    ],
    ["every=1s,amount=1,5", "--arrivals: '5' is not name=value"],
    [
      "every=1s,amount=lots",
      "--arrivals: amount must be a decimal number (at most 60), got 'lots'",
    ],
    [
      "every=1s,symbol=X-RP",
      "--arrivals: symbol must be letters and digits (at most 20), got 'X-RP'",
    ],
  ])("refuses %j", (spec, message) => {
    expect(() => parseArrivals(spec)).toThrow(message);
  });

  it("keeps the case of a shape's fields: the deposit a rule expects", () => {
    expect(
      parseArrivals(
        "every=10s,max=1,symbol=XRP,address=rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh,amount=250.50,memo=1048576",
      ).shape,
    ).toEqual({
      symbol: "XRP",
      address: "rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh",
      amount: "250.50",
      memoTag: "1048576",
    });
  });

  it("deposits arrive on schedule and stop at max", async () => {
    const seen: string[] = [];
    await withSandbox(
      async (sandbox) => {
        await new Promise((r) => setTimeout(r, 1_200));
        const page = await pendingPage(sandbox.url, 10);
        expect(listedIds(page.text).slice(0, 4)).toEqual([...seen].reverse());
      },
      { arrivals: "every=100-200ms,count=2,max=4", onArrival: (d) => seen.push(d.id) },
    );
    expect(seen).toHaveLength(4);
  });
});
