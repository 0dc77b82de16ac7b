import { describe, expect, it } from "vitest";
import { TradeClient } from "../../src/api/client.js";
import type { WalkDeclarationsOptions } from "../../src/api/client-options.js";
import { overlapping, walkPages } from "../../src/api/walk.js";
import { jsonPaths, numberText } from "../../src/wire/json.js";
import { generatedDeclaration } from "../fixtures/declarations-list.js";
import { sendJson, startTestServer } from "../helpers/http-server.js";

const ALL = { statuses: [], page: 1, pageSize: 100 };

/**
 * A declarations list that moves while it is walked: newest first, new deposits arrive at the
 * top, Pending ones get confirmed (leave a Pending filter) anywhere. Offset pages over it, as
 * the service serves them.
 */
class MovingList {
  /** Newest first. */
  readonly records: { id: number; status: "Pending" | "Confirmed" }[] = [];
  private nextId: number;
  private seed: number;
  constructor(size: number, seed: number, pendingShare = 0.6) {
    this.seed = seed;
    for (let i = 0; i < size; i++) {
      this.records.push({
        id: 10_000 + size - i,
        status: this.random() < pendingShare ? "Pending" : "Confirmed",
      });
    }
    this.nextId = 10_001 + size;
  }
  random(): number {
    // mulberry32
    this.seed = (this.seed + 0x6d2b79f5) >>> 0;
    let t = this.seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  page(statuses: readonly string[], page: number, size: number) {
    const matching = this.records.filter(
      (r) => statuses.length === 0 || statuses.includes(r.status),
    );
    return matching.slice((page - 1) * size, page * size);
  }
  /** Between two requests: some arrivals at the top, some confirmations anywhere. */
  move(arrivals: number, confirmations: number): void {
    for (let i = 0; i < arrivals; i++)
      this.records.unshift({ id: this.nextId++, status: "Pending" });
    const pending = this.records.filter((r) => r.status === "Pending");
    for (let i = 0; i < confirmations && pending.length > 0; i++) {
      const [r] = pending.splice(Math.floor(this.random() * pending.length), 1);
      r!.status = "Confirmed";
    }
  }
  ids(status: string): Set<number> {
    return new Set(this.records.filter((r) => r.status === status).map((r) => r.id));
  }
}

async function walkMoving(
  list: MovingList,
  statuses: readonly string[],
  moves: { arrivals: number; confirmations: number },
  options: { prefetch?: boolean; pageSize?: number } = {},
) {
  const pendingBefore = list.ids("Pending");
  const allBefore = new Set(list.records.map((r) => r.id));
  let requests = 0;
  const seen: number[] = [];
  for await (const page of walkPages({
    fetch: async (page, size) => {
      requests++;
      if (requests > 1) list.move(moves.arrivals, moves.confirmations);
      return list.page(statuses, page, size);
    },
    idOf: (r) => String(r.id),
    pageSize: options.pageSize ?? 100,
    ahead: options.prefetch ? 1 : 0,
    mayShrink: statuses.length === 1 && statuses[0] === "Pending",
  })) {
    for (const r of page) seen.push(r.id);
  }
  const pendingAfter = list.ids("Pending");
  const pendingThroughout = [...pendingBefore].filter((id) => pendingAfter.has(id));
  return { seen, requests, pendingThroughout, allBefore };
}

describe("the walker over a list that moves under it", () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])(
    "a Pending walk while records are confirmed and new ones arrive: none lost, none repeated (seed %i)",
    async (seed) => {
      const list = new MovingList(1_500, seed);
      const result = await walkMoving(
        list,
        ["Pending"],
        { arrivals: 3, confirmations: 40 },
        { prefetch: seed % 2 === 0 },
      );
      expect(new Set(result.seen).size).toBe(result.seen.length);
      const seen = new Set(result.seen);
      expect(result.pendingThroughout.filter((id) => !seen.has(id))).toEqual([]);
    },
  );

  it("a batch that confirms everything it read loses nothing either", async () => {
    const list = new MovingList(450, 11, 1);
    const before = list.ids("Pending");
    const seen: number[] = [];
    for await (const page of walkPages({
      fetch: async (page, size) => list.page(["Pending"], page, size),
      idOf: (r) => String(r.id),
      mayShrink: true,
    })) {
      for (const r of page) {
        seen.push(r.id);
        r.status = "Confirmed";
      }
    }
    expect(seen.sort()).toEqual([...before].sort());
  });

  it("without the overlap (aligned pages), the same moves lose records: the test can fail", async () => {
    const list = new MovingList(1_500, 3);
    const pendingBefore = list.ids("Pending");
    const seen = new Set<number>();
    let requests = 0;
    for await (const page of walkPages({
      fetch: async (page, size) => {
        if (++requests > 1) list.move(3, 40);
        return list.page(["Pending"], page, size);
      },
      idOf: (r) => String(r.id),
      mayShrink: false,
    })) {
      for (const r of page) seen.add(r.id);
    }
    const pendingAfter = list.ids("Pending");
    const lost = [...pendingBefore].filter((id) => pendingAfter.has(id) && !seen.has(id));
    expect(lost.length).toBeGreaterThan(0);
  });

  it("a walk of both statuses while deposits arrive: every record once, aligned pages of 100", async () => {
    const list = new MovingList(1_234, 5);
    const result = await walkMoving(list, [], { arrivals: 7, confirmations: 10 });
    expect(new Set(result.seen).size).toBe(result.seen.length);
    const seen = new Set(result.seen);
    expect([...result.allBefore].filter((id) => !seen.has(id))).toEqual([]);
  });

  it("a stable Pending list costs few extra requests for the overlap", async () => {
    const list = new MovingList(10_000, 9, 1);
    const result = await walkMoving(list, ["Pending"], { arrivals: 0, confirmations: 0 });
    expect(result.seen).toHaveLength(10_000);
    expect(result.requests).toBeLessThanOrEqual(Math.ceil((10_000 / 100) * 1.15) + 1);
  });

  it("limit: yields no more, and requests no page it cannot use", async () => {
    const list = new MovingList(1_000, 2, 0);
    let requests = 0;
    const seen: number[] = [];
    for await (const page of walkPages({
      fetch: async (page, size) => {
        requests++;
        return list.page([], page, size);
      },
      idOf: (r) => String(r.id),
      limit: 200,
      ahead: 1,
    })) {
      seen.push(...page.map((r) => r.id));
    }
    expect(seen).toHaveLength(200);
    expect(requests).toBe(2);
  });
});

describe("overlapping", () => {
  it("starts at or before the position and reaches past it", () => {
    for (const position of [0, 1, 99, 197, 293, 387, 9_999, 123_456]) {
      const w = overlapping(position, 100);
      const offset = (w.page - 1) * w.size;
      expect(offset).toBeLessThanOrEqual(position);
      expect(offset + w.size).toBeGreaterThan(position + 1);
      expect(w.size).toBeLessThanOrEqual(100);
    }
  });
});

describe("the client's walk over HTTP while the list moves", () => {
  it("walkDeclarations of Pending: every declaration pending throughout, exactly once", async () => {
    const list = new MovingList(800, 21);
    const before = list.ids("Pending");
    let n = 0;
    const server = await startTestServer((req, res) => {
      const url = new URL(req.url, "http://x");
      if (++n > 1) list.move(2, 30);
      const records = list.page(
        url.searchParams.getAll("status"),
        Number(url.searchParams.get("page")),
        Number(url.searchParams.get("pageSize")),
      );
      const body = records.map(
        (r) =>
          `{"cryptoDepositDeclarationId":${r.id},"createdAt":"2026-01-01T10:00:00","status":"${r.status}","amount":1,"symbol":"BTC","address":"a"}`,
      );
      sendJson(res, 200, `[${body.join(",")}]`);
    });
    const client = new TradeClient({
      baseUrl: server.url,
      credentials: { publicKey: "k", secret: "c2VjcmV0" },
    });
    try {
      const seen: string[] = [];
      for await (const page of client.walkDeclarations(
        { statuses: ["Pending"], page: 1, pageSize: 100 },
        { ahead: 1 },
      )) {
        seen.push(...page.map((d) => numberText(d.cryptoDepositDeclarationId)));
      }
      expect(new Set(seen).size).toBe(seen.length);
      const after = list.ids("Pending");
      const lost = [...before].filter((id) => after.has(id) && !seen.includes(String(id)));
      expect(lost).toEqual([]);
    } finally {
      await client.close();
      await server.close();
    }
  });
});

/**
 * Fences for the early next page (walk.ts): these fail if the walk stops requesting the next
 * page before it parses the current one, if it parses a page nobody asked for yet, or if it
 * sends a request the walk does not need. Parses are counted by json.ts's path counters, and
 * the moment a request leaves by the client's trace line for it, so nothing here is timed.
 */
describe("the early next page", () => {
  const credentials = { publicKey: "k", secret: "c2VjcmV0" };
  const pageOf = (page: number, size: number, total: number) => {
    const from = (page - 1) * size;
    const items: string[] = [];
    for (let i = from; i < Math.min(from + size, total); i++) items.push(generatedDeclaration(i));
    return `[${items.join(",")}]`;
  };
  const server = (total: number) =>
    startTestServer((req, res) => {
      const url = new URL(req.url, "http://x");
      const page = Number(url.searchParams.get("page"));
      sendJson(res, 200, pageOf(page, Number(url.searchParams.get("pageSize")), total));
    });
  const parses = () => jsonPaths.parseFast + jsonPaths.parseSlow;

  it("requests page N+1 before page N is parsed, on the count of its raw body", async () => {
    const test = await server(450);
    const parsedWhenSent = new Map<number, number>();
    const start = parses();
    const client = new TradeClient({
      baseUrl: test.url,
      credentials,
      trace: (line) => {
        const sent = /^> GET .*[?&]page=(\d+)/.exec(line);
        if (sent) parsedWhenSent.set(Number(sent[1]), parses() - start);
      },
    });
    try {
      const seen: string[] = [];
      for await (const page of client.walkDeclarations(ALL, { ahead: 1 })) {
        seen.push(...page.map((d) => numberText(d.cryptoDepositDeclarationId)));
      }
      expect(seen).toHaveLength(450);
      // Page N+1 left when N-1 pages had been parsed: page N was counted, not yet parsed.
      expect([...parsedWhenSent]).toEqual([
        [1, 0],
        [2, 0],
        [3, 1],
        [4, 2],
        [5, 3],
      ]);
    } finally {
      await client.close();
      await test.close();
    }
    // A short page (the fifth, 50 records) ends the walk: no sixth request.
    expect(test.requests).toHaveLength(5);
  });

  it("no request the walk does not need: an exact multiple of 100, a limit, a loop", async () => {
    // Each count is read once the client is closed, which waits for any request still going.
    const requestsOf = async (total: number | "loop", walk: WalkDeclarationsOptions) => {
      const test =
        total === "loop"
          ? await startTestServer((_req, res) => sendJson(res, 200, pageOf(1, 100, 100)))
          : await server(total);
      const client = new TradeClient({ baseUrl: test.url, credentials });
      const outcome = await collect(client.walkDeclarations(ALL, walk)).then(
        (ids) => ids.length,
        (error: Error) => error.message,
      );
      await client.close();
      await test.close();
      return { outcome, requests: test.requests.length };
    };
    // 200 records: page 3 (empty) is the only way to know the list ended; no page 4.
    expect(await requestsOf(200, { ahead: 1 })).toEqual({ outcome: 200, requests: 3 });
    // A limit of 250: pages 1-3, page 3 cut to 50; page 4 never sent although page 3 is full.
    expect(await requestsOf(1_000, { ahead: 1, limit: 250 })).toEqual({
      outcome: 250,
      requests: 3,
    });
    // A server that ignores `page`: its second page's body is the first's; the loop guard
    // stops the walk on it, and no third request went out early.
    const looping = await requestsOf("loop", { ahead: 1 });
    expect(looping.outcome).toMatch(/stopped instead of looping/);
    expect(looping.requests).toBe(2);
  });

  it("walkPages: the next fetch starts between a page's count and its records", async () => {
    const events: string[] = [];
    const tick = () => new Promise((resolve) => setImmediate(resolve));
    const walk = walkPages<number>({
      // The fetcher counts the body (full for pages 1-2, short for page 3), then parses it.
      fetch: async (page, size, early) => {
        events.push(`fetch ${page}`);
        await tick();
        const count = page < 3 ? size : 1;
        events.push(`count ${page}`);
        early?.(count, page);
        await tick();
        events.push(`parse ${page}`);
        return Array.from({ length: count }, (_, i) => page * 1000 + i);
      },
      idOf: String,
      pageSize: 10,
      ahead: 1,
    });
    const pages: number[][] = [];
    for await (const page of walk) {
      events.push(`yield ${page[0]! / 1000}`);
      pages.push(page);
    }
    expect(pages.map((p) => p.length)).toEqual([10, 10, 1]);
    const at = (event: string) => events.indexOf(event);
    // Page 2 leaves on page 1's count, before page 1 is parsed.
    expect(at("count 1")).toBeLessThan(at("fetch 2"));
    expect(at("fetch 2")).toBeLessThan(at("parse 1"));
    // Page 3 only once the caller asked for page 2 (one page ahead at most), and nothing after
    // the short page 3.
    expect(at("yield 1")).toBeLessThan(at("fetch 3"));
    expect(events.filter((e) => e.startsWith("fetch"))).toEqual(["fetch 1", "fetch 2", "fetch 3"]);
  });
});

async function collect(walk: AsyncIterable<{ cryptoDepositDeclarationId: unknown }[]>) {
  const ids: string[] = [];
  for await (const page of walk)
    for (const d of page) ids.push(numberText(d.cryptoDepositDeclarationId));
  return ids;
}
