import { describe, expect, it } from "vitest";
import { TradeClient } from "../../src/api/client.js";
import { numberText } from "../../src/api/json.js";
import { overlapping, walkPages } from "../../src/api/walk.js";
import { sendJson, startTestServer } from "../helpers/http-server.js";

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
    prefetch: options.prefetch ?? false,
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
      prefetch: true,
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
        { prefetch: true },
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
