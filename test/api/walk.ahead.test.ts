import { describe, expect, it } from "vitest";
import { TradeClient } from "../../src/api/client.js";
import { type Early, walkPages } from "../../src/api/walk.js";
import { numberText } from "../../src/wire/json.js";
import { generatedDeclaration } from "../fixtures/declarations-list.js";
import { sendJson, startTestServer } from "../helpers/http-server.js";
import { turn } from "../helpers/turns.js";

/**
 * Several windows requested at once (`ahead` > 1): how many are out, that they overlap, the limit,
 * the loop guard, a walk dropped with requests still out, and the switch from one request out to
 * several once the server proves far. The order and the timing of answers are in the test's
 * hands (a fetcher that answers when told), and the clock is a number the test moves.
 */

/** A list of `total` numbered records (0 = newest) served by offset, answered when the test says. */
function heldServer(total: number) {
  const out: {
    page: number;
    size: number;
    early?: Early;
    resolve: (r: number[]) => void;
    reject: (e: Error) => void;
  }[] = [];
  const asked: { page: number; size: number }[] = [];
  const fetch = (page: number, size: number, early?: Early) =>
    new Promise<readonly number[]>((resolve, reject) => {
      asked.push({ page, size });
      out.push({ page, size, early, resolve, reject });
    });
  /**
   * Answers the oldest request still out (or the `index`-th): counted (with the answer's own
   * round trip when given), then parsed a turn later.
   */
  const answer = async (index = 0, roundTripMs?: number) => {
    const [request] = out.splice(index, 1);
    if (!request) throw new Error("no request out");
    const from = (request.page - 1) * request.size;
    const records = Array.from(
      { length: Math.max(0, Math.min(request.size, total - from)) },
      (_, i) => from + i,
    );
    request.early?.(records.length, from * 1_000 + records.length, roundTripMs);
    await turn();
    request.resolve(records);
    await turn();
  };
  return { fetch, out, asked, answer };
}

/** Drains a walk in the background; its records and outcome as they come. */
function drain(walk: AsyncGenerator<number[]>) {
  const state = { records: [] as number[], done: false, error: null as Error | null };
  (async () => {
    for await (const page of walk) state.records.push(...page);
  })().then(
    () => {
      state.done = true;
    },
    (error: Error) => {
      state.error = error;
      state.done = true;
    },
  );
  return state;
}

describe("several windows out at once", () => {
  it("ahead 3: three requests out before any answer, never more, windows overlapping by one at least", async () => {
    const server = heldServer(1_000);
    const walk = drain(walkPages({ fetch: server.fetch, idOf: String, ahead: 3 }));
    await turn();
    expect(server.out).toHaveLength(3);
    let most = 0;
    while (!walk.done) {
      most = Math.max(most, server.out.length);
      await server.answer();
    }
    expect(most).toBe(3);
    expect(walk.error).toBeNull();
    expect(walk.records).toEqual(Array.from({ length: 1_000 }, (_, i) => i));
    // Each window starts at or before the last record of the one before it.
    for (let i = 1; i < server.asked.length; i++) {
      const before = server.asked[i - 1]!;
      const w = server.asked[i]!;
      if ((before.page - 1) * before.size + before.size >= 1_000) break;
      expect((w.page - 1) * w.size).toBeLessThan(before.page * before.size);
    }
  });

  it("answers in reverse order: the walk waits for the first and yields in list order", async () => {
    const server = heldServer(250);
    const walk = drain(walkPages({ fetch: server.fetch, idOf: String, ahead: 3 }));
    await turn();
    while (!walk.done) await server.answer(server.out.length - 1);
    expect(walk.records).toEqual(Array.from({ length: 250 }, (_, i) => i));
  });

  it("a limit: no window the limit cannot use, even with three out", async () => {
    for (const [limit, requests] of [
      [250, 3],
      [80, 1],
    ] as const) {
      const server = heldServer(1_000);
      const walk = drain(walkPages({ fetch: server.fetch, idOf: String, ahead: 3, limit }));
      await turn();
      while (!walk.done) await server.answer();
      expect(walk.records).toEqual(Array.from({ length: limit }, (_, i) => i));
      // 250: windows of 100, 99 and 98 reach 297; a fourth could only bring records past 250.
      expect(server.asked).toHaveLength(requests);
    }
  });

  it("a server that ignores `page`: the loop guard stops the walk, a few requests at most", async () => {
    const asked: number[] = [];
    const walk = drain(
      walkPages<number>({
        fetch: async (page, size) => {
          asked.push(page);
          return Array.from({ length: size }, (_, i) => i);
        },
        idOf: String,
        ahead: 3,
      }),
    );
    while (!walk.done) await turn();
    expect(walk.error?.message).toMatch(/stopped instead of looping/);
    // The second window starts over from the first record: stopped there, with what was out.
    expect(asked.length).toBeLessThanOrEqual(5);
  });

  it("a walk dropped with requests out: their later failures are nobody's unhandled rejection", async () => {
    const server = heldServer(1_000);
    const walk = walkPages({ fetch: server.fetch, idOf: String, ahead: 3 });
    const first = walk.next();
    await turn();
    await server.answer();
    expect((await first).value).toHaveLength(100);
    // The reader goes (Ctrl-C, a closed stdout): the generator is returned, then what was out fails.
    await walk.return(undefined);
    expect(server.out.length).toBeGreaterThan(0);
    for (const request of server.out.splice(0)) request.reject(new Error("aborted"));
    await turn();
    await turn();
  });
});

describe("one request out until the walk waited 50 ms or more three times in a row", () => {
  const walkWithClock = (waitMs: number, roundTripMs?: number) => {
    const server = heldServer(2_000);
    let clock = 0;
    const walk = drain(
      walkPages({ fetch: server.fetch, idOf: String, ahead: 3, now: () => clock }),
    );
    const answerAfter = async () => {
      clock += waitMs;
      await server.answer(0, roundTripMs);
    };
    return { server, walk, answerAfter };
  };

  it("answers under 50 ms: aligned pages of 100, one request out at a time", async () => {
    const { server, walk, answerAfter } = walkWithClock(20);
    await turn();
    while (!walk.done) {
      expect(server.out.length).toBeLessThanOrEqual(1);
      await answerAfter();
    }
    expect(walk.records).toHaveLength(2_000);
    expect(server.asked.every((w) => w.size === 100)).toBe(true);
    expect(server.asked.map((w) => w.page)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
  });

  it("waits of 150 ms for answers of 10 ms (our own pacing, a retry's back-off): still one out", async () => {
    const { server, walk, answerAfter } = walkWithClock(150, 10);
    await turn();
    while (!walk.done) {
      expect(server.out.length).toBeLessThanOrEqual(1);
      await answerAfter();
    }
    expect(walk.records).toHaveLength(2_000);
    expect(server.asked).toHaveLength(21);
  });

  it("three waits of 50 ms or more: three out at once from then on, over overlapping windows", async () => {
    const { server, walk, answerAfter } = walkWithClock(150);
    await turn();
    const outBefore: number[] = [];
    while (!walk.done) {
      outBefore.push(server.out.length);
      await answerAfter();
    }
    expect(walk.records).toEqual(Array.from({ length: 2_000 }, (_, i) => i));
    // Pages 1 to 3 one at a time (aligned), then three out.
    expect(outBefore.slice(0, 3)).toEqual([1, 1, 1]);
    expect(Math.max(...outBefore)).toBe(3);
    // Pages 1 to 3 aligned; the window after page 3, asked for once page 3 proved the server
    // far, overlaps it (99 records from the 298th).
    expect(server.asked.slice(0, 4)).toEqual([
      { page: 1, size: 100 },
      { page: 2, size: 100 },
      { page: 3, size: 100 },
      { page: 4, size: 99 },
    ]);
  });
});

describe("the client's walk with three out, over HTTP", () => {
  it("every record once and in order, the windows the service was asked for overlapping", async () => {
    const total = 1_234;
    const sizes: number[] = [];
    const server = await startTestServer((req, res) => {
      const url = new URL(req.url, "http://x");
      const page = Number(url.searchParams.get("page"));
      const size = Number(url.searchParams.get("pageSize"));
      sizes.push(size);
      const items: string[] = [];
      for (let i = (page - 1) * size; i < Math.min(page * size, total); i++)
        items.push(generatedDeclaration(i));
      sendJson(res, 200, `[${items.join(",")}]`);
    });
    // A clock where every round trip takes 100 ms: the client finds the server far.
    let clock = 0;
    const client = new TradeClient({
      baseUrl: server.url,
      credentials: { publicKey: "k", secret: "c2VjcmV0" },
      now: () => (clock += 100),
    });
    try {
      const ids: string[] = [];
      for await (const page of client.walkDeclarations(
        { statuses: [], page: 1, pageSize: 100 },
        { ahead: 3 },
      ))
        ids.push(...page.map((d) => numberText(d.cryptoDepositDeclarationId)));
      const expected = Array.from({ length: total }, (_, i) =>
        numberText(JSON.parse(generatedDeclaration(i)).cryptoDepositDeclarationId),
      );
      expect(ids).toEqual(expected);
      expect(sizes.some((s) => s < 100)).toBe(true);
    } finally {
      await client.close();
      await server.close();
    }
  });

  it("429s on the three out: each waited out side by side and sent again once, no more", async () => {
    const total = 1_000;
    let served = 0;
    const refusedAt = new Set([4, 5, 6]);
    const server = await startTestServer((req, res) => {
      served++;
      // The first three requests after the walk went to three out are refused.
      if (refusedAt.has(served)) {
        res.writeHead(429, { "retry-after": "1", "content-type": "application/json" });
        res.end('{"message":"TOO_MANY_REQUESTS","success":false,"code":429}');
        return;
      }
      const url = new URL(req.url, "http://x");
      const page = Number(url.searchParams.get("page"));
      const size = Number(url.searchParams.get("pageSize"));
      const items: string[] = [];
      for (let i = (page - 1) * size; i < Math.min(page * size, total); i++)
        items.push(generatedDeclaration(i));
      sendJson(res, 200, `[${items.join(",")}]`);
    });
    let clock = 0;
    const waits: number[] = [];
    let sleeping = 0;
    let mostAsleep = 0;
    const client = new TradeClient({
      baseUrl: server.url,
      credentials: { publicKey: "k", secret: "c2VjcmV0" },
      now: () => (clock += 100),
      // A wait that lasts a few turns of the event loop, counted: how many overlap.
      sleep: async (ms) => {
        waits.push(ms);
        mostAsleep = Math.max(mostAsleep, ++sleeping);
        for (let i = 0; i < 20; i++) await turn();
        sleeping--;
      },
    });
    try {
      const ids = await collectIds(
        client.walkDeclarations({ statuses: [], page: 1, pageSize: 100 }, { ahead: 3 }),
      );
      expect(new Set(ids).size).toBe(total);
      expect(ids).toHaveLength(total);
      expect(waits).toEqual([1_000, 1_000, 1_000]);
      expect(mostAsleep).toBe(3);
      // The three refused windows were each asked for twice, every other window once.
      const times = new Map<string, number>();
      for (const r of server.requests) {
        const url = new URL(r.url, "http://x");
        const key = `${url.searchParams.get("page")}x${url.searchParams.get("pageSize")}`;
        times.set(key, (times.get(key) ?? 0) + 1);
      }
      expect([...times.values()].filter((n) => n === 2)).toHaveLength(3);
      expect(Math.max(...times.values())).toBe(2);
    } finally {
      await client.close();
      await server.close();
    }
  });
});

async function collectIds(walk: AsyncIterable<{ cryptoDepositDeclarationId: unknown }[]>) {
  const ids: string[] = [];
  for await (const page of walk)
    for (const d of page) ids.push(numberText(d.cryptoDepositDeclarationId));
  return ids;
}
