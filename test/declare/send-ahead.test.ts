// A batch's next item prepared while the POST before it is in flight: the real client against a loopback service, real receipts in a temp dir, a clock the test owns.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LosslessNumber } from "lossless-json";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { TradeClient } from "../../src/api/client.js";
import { openReceipts } from "../../src/config/receipts.js";
import { prepare, sendOne } from "../../src/declare/send.js";
import {
  mayPrepareAhead,
  SEND_AHEAD,
  sendAhead,
  windowAhead,
} from "../../src/declare/send-ahead.js";
import type { Lost, SendDeps, SendItem, Sent } from "../../src/declare/send-types.js";
import type { Outcome } from "../../src/domain/outcome.js";
import { inEnglish, loadLanguage, render } from "../../src/i18n/index.js";
import { sendJson, startTestServer, type TestServer } from "../helpers/http-server.js";
import { sendDepsOnClock } from "../helpers/send-deps.js";
import { turn, turns } from "../helpers/turns.js";

const START = Date.UTC(2026, 0, 1);
const OK = `{"success":true,"message":"","code":0}`;
const REFUSED = `{"success":false,"message":"Unauthorized","code":401}`;
const GONE = `{"success":false,"message":"Declaration not found","code":404}`;

beforeAll(() => loadLanguage("tr"));

const servers: TestServer[] = [];
const clients: TradeClient[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  for (const server of servers.splice(0)) await server.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A POST as it arrived. */
interface Post {
  id: string;
  /** The receipts' requests for this declaration when its POST arrived. */
  onRecord: number;
}

/**
 * A loopback service: POSTs answered 200 (or by `answer`), each held until `hold(id)` resolves;
 * GETs show every declaration Pending. `events` is the order things happened in.
 */
async function service(
  path: string,
  options: {
    hold?: (id: string) => Promise<void>;
    answer?: (id: string) => { status: number; body: string };
  } = {},
) {
  const posts: Post[] = [];
  const events: string[] = [];
  const server = await startTestServer(async (req, res) => {
    if (req.url.startsWith("/api/v2/server/time")) {
      return sendJson(res, 200, `{"serverTime":${Date.now()}}`);
    }
    if (req.method === "GET") {
      events.push("GET");
      const ids = [7001, 7002, 7003];
      const rows = ids.map(
        (id) =>
          `{"cryptoDepositDeclarationId":${id},"createdAt":"2025-06-14T09:21:07Z","status":"Pending","confirmedAt":null,"confirmedBy":null,"firstName":null,"lastName":null,"amount":0.8,"symbol":"BTC","address":"bc1q","memoTag":null,"lightningInvoice":null}`,
      );
      return sendJson(res, 200, `[${rows.join(",")}]`);
    }
    const id = String(JSON.parse(req.body).cryptoDepositDeclarationId);
    posts.push({ id, onRecord: requestsOnDisk(path, id) });
    events.push(`POST ${id}`);
    await options.hold?.(id);
    const answer = options.answer?.(id) ?? { status: 200, body: OK };
    events.push(`answer ${id}`);
    sendJson(res, answer.status, answer.body);
  });
  servers.push(server);
  return { url: server.url, posts, events };
}

/** The requests for `id` on disk now (the file as written, not this process's view). */
function requestsOnDisk(path: string, id: string): number {
  if (!existsSync(path)) return 0;
  return entries(path).filter((e) => e.type === "request" && e.declarationId === id).length;
}

function entries(path: string): { type: string; declarationId: string; outcome?: string }[] {
  return readFileSync(path, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
}

const lines = (path: string) =>
  entries(path).map((e) => `${e.type} ${e.declarationId} ${e.outcome ?? ""}`.trim());

function receiptsFile(): string {
  const dir = mkdtempSync(join(tmpdir(), "tradectl-send-ahead-"));
  dirs.push(dir);
  return join(dir, "receipts.ndjson");
}

const claimsLeft = (path: string) =>
  existsSync(`${path}.claims`)
    ? readdirSync(`${path}.claims`).filter((n) => n.endsWith(".claim"))
    : [];

/** A batch's deps (outcomes written with the next request) on the test's clock (helpers/send-deps.ts). */
function batchDeps(url: string, path: string) {
  const run = sendDepsOnClock(url, path, { start: START, outcomesWithNext: true });
  clients.push(run.client);
  return run;
}

const itemOf = (id: string, guard?: { rule: string; log: string[] }): SendItem => ({
  body: {
    cryptoDepositDeclarationId: new LosslessNumber(id),
    isSelfSender: false,
    firstName: "Deniz",
    lastName: "Demir",
    description: "",
    AddressType: "IndividualWallet",
  },
  ...(guard
    ? {
        rule: guard.rule,
        guard: {
          beforeWrite: async () => {
            guard.log.push(`${id} beforeWrite`);
            return null;
          },
          ended: async (outcome: Outcome) => {
            guard.log.push(`${id} ended ${outcome}`);
          },
        },
      }
    : {}),
});

/** `count` declaration ids, 7001 on. */
const batchIds = (count: number) => Array.from({ length: count }, (_, at) => String(7001 + at));

/** A promise and the function that resolves it. */
function signal() {
  let fire: () => void = () => {};
  const fired = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { fired, fire };
}

/**
 * Calls `fire` once every one of `ids` has its request on record: the receipts' recordRequest,
 * wrapped to watch what it records.
 */
function fireOnRecord(deps: SendDeps, ids: readonly string[], fire: () => void): void {
  const record = deps.receipts.recordRequest.bind(deps.receipts);
  const seen = new Set<string>();
  deps.receipts.recordRequest = async (request, retryOf) => {
    const ref = await record(request, retryOf);
    seen.add(request.declarationId);
    if (ids.every((id) => seen.has(id))) fire();
    return ref;
  };
}

/**
 * A service hold: POST 7001 is answered once `entry` is in the guard log, or after 500 event-loop
 * turns (a guard that never runs is what the tests catch), not by a clock.
 */
const holdFirstUntilLogged = (log: string[], entry: string) => async (id: string) => {
  if (id !== "7001") return;
  for (let n = 0; n < 500 && !log.includes(entry); n++) await turn();
};

/** The batch's loop, as confirm/batch.ts runs it: one POST at a time, the rest stopped after `stopAfter`. */
async function runBatch(
  items: SendItem[],
  deps: SendDeps,
  stopWhen: (sent: Sent) => "auth" | "cancelled" | null = () => null,
): Promise<(Sent | Lost)[]> {
  const sender = sendAhead(deps);
  const ended: (Sent | Lost)[] = [];
  let stopped: "auth" | "cancelled" | null = null;
  try {
    for (const [index, item] of items.entries()) {
      if (stopped !== null || deps.signal.aborted) {
        stopped ??= "cancelled";
        ended.push(await sender.stopBefore(item, stopped));
        continue;
      }
      const posted = await sender.post(item, items.slice(index + 1, index + 1 + SEND_AHEAD));
      ended.push(posted);
      if (!("lost" in posted)) stopped = stopWhen(posted);
    }
  } finally {
    await sender.end();
    await deps.receipts.writeWaiting();
  }
  return ended;
}

describe("the next items prepared while the POST before them is in flight", () => {
  it("while POST 1 is in flight, the next SEND_AHEAD items' requests go on record (not one more); each POST once, in order, with its own request on disk", async () => {
    const path = receiptsFile();
    const ids = batchIds(SEND_AHEAD + 2);
    const window = ids.slice(1, 1 + SEND_AHEAD);
    const recorded = signal();
    let onDiskAtAnswer: number[] = [];
    // POST 7001 is answered only once the window's requests are on disk: prepared ahead, or never.
    const { url, posts, events } = await service(path, {
      hold: async (id) => {
        if (id !== "7001") return;
        await recorded.fired;
        onDiskAtAnswer = ids.map((each) => requestsOnDisk(path, each));
      },
    });
    const { deps } = batchDeps(url, path);
    fireOnRecord(deps, window, recorded.fire);
    const ended = await runBatch(
      ids.map((id) => itemOf(id)),
      deps,
    );

    expect(SEND_AHEAD).toBeGreaterThanOrEqual(1);
    expect(onDiskAtAnswer).toEqual(ids.map((_, at) => (at <= SEND_AHEAD ? 1 : 0)));
    expect(ended.map((s) => ("lost" in s ? "lost" : s.judgement.outcome))).toEqual(
      ids.map(() => "confirmed"),
    );
    // Strictly one after another, each once, each with its request (one) on disk as it came.
    expect(posts).toEqual(ids.map((id) => ({ id, onRecord: 1 })));
    expect(events).toEqual(ids.flatMap((id) => [`POST ${id}`, `answer ${id}`]));
    const written = lines(path);
    expect(written.filter((l) => l.startsWith("request"))).toEqual(
      ids.map((id) => `request ${id}`),
    );
    expect(written.filter((l) => l.startsWith("outcome")).sort()).toEqual(
      ids.map((id) => `outcome ${id} confirmed`),
    );
    for (const id of ids) {
      expect(written.indexOf(`outcome ${id} confirmed`)).toBeGreaterThan(
        written.indexOf(`request ${id}`),
      );
    }
    expect(claimsLeft(path)).toEqual([]);
    expect(await deps.receipts.verify()).toMatchObject({ ok: true });
  });

  it("the batch stopped after POST 1 (credentials refused): item 2, prepared, is on record not sent, its claim released, never written", async () => {
    const path = receiptsFile();
    const { url, posts } = await service(path, {
      answer: () => ({ status: 401, body: REFUSED }),
    });
    const { deps } = batchDeps(url, path);
    const ended = await runBatch(
      ["7001", "7002"].map((id) => itemOf(id)),
      deps,
      (sent) => (sent.judgement.kind === "auth" ? "auth" : null),
    );
    const [first, second] = ended as Sent[];
    expect(first!.judgement).toMatchObject({ outcome: "rejected", kind: "auth" });
    expect(second).toMatchObject({ id: "7002", written: false });
    expect(second!.judgement).toMatchObject({ outcome: "not_sent", kind: "auth" });
    expect(inEnglish(second!.judgement.message)).toBe(
      "declaration 7002: not sent: its request was on record, but the batch stopped before it was sent",
    );
    expect(render("tr", second!.judgement.message)).toBe(
      "7002 numaralı beyan gönderilmedi: isteği kayda geçirilmişti, ama toplu işlem gönderilmeden önce durdu",
    );
    // A 401, then once more with a fresh stamp: both for 7001, none for 7002.
    expect(posts.map((p) => p.id)).toEqual(["7001", "7001"]);
    expect(lines(path).filter((l) => l.includes("7002"))).toEqual([
      "request 7002",
      "outcome 7002 not_sent",
    ]);
    expect(claimsLeft(path)).toEqual([]);
    expect(await deps.receipts.verify()).toMatchObject({ ok: true });
  });

  it("Ctrl-C while POST 1 is in flight: it finishes; the items prepared ahead are on record not sent (cancelled), the one after them not sent as ever", async () => {
    const path = receiptsFile();
    const ids = batchIds(SEND_AHEAD + 2);
    const window = ids.slice(1, 1 + SEND_AHEAD);
    const after = ids.slice(1 + SEND_AHEAD);
    let abort: () => void = () => {};
    const recorded = signal();
    const { url, posts } = await service(path, {
      hold: async (id) => {
        if (id !== "7001") return;
        await recorded.fired;
        abort();
      },
    });
    const { deps, controller } = batchDeps(url, path);
    abort = () => controller.abort();
    fireOnRecord(deps, window, recorded.fire);
    const ended = (await runBatch(
      ids.map((id) => itemOf(id)),
      deps,
    )) as Sent[];
    expect(ended.map((s) => [s.id, s.judgement.outcome, s.judgement.kind])).toEqual([
      ["7001", "confirmed", null],
      ...ids.slice(1).map((id) => [id, "not_sent", "cancelled"]),
    ]);
    for (const [at, id] of window.entries()) {
      expect(inEnglish(ended[1 + at]!.judgement.message)).toBe(
        `declaration ${id}: not sent: its request was on record, but the batch was cancelled before it was sent`,
      );
    }
    expect(render("tr", ended[1]!.judgement.message)).toBe(
      "7002 numaralı beyan gönderilmedi: isteği kayda geçirilmişti, ama toplu işlem gönderilmeden önce iptal edildi",
    );
    expect(after.length).toBeGreaterThan(0);
    for (const id of after) {
      expect(inEnglish(ended[ids.indexOf(id)]!.judgement.message)).toBe(
        `declaration ${id}: not sent: the batch was cancelled before it`,
      );
    }
    expect(posts.map((p) => p.id)).toEqual(["7001"]);
    const written = lines(path);
    expect(written.filter((l) => l.startsWith("request"))).toEqual(
      ["7001", ...window].map((id) => `request ${id}`),
    );
    expect(written.filter((l) => l.startsWith("outcome")).sort()).toEqual([
      "outcome 7001 confirmed",
      ...window.map((id) => `outcome ${id} not_sent`),
    ]);
    expect(claimsLeft(path)).toEqual([]);
    expect(await deps.receipts.verify()).toMatchObject({ ok: true });
  });

  it("the batch failed (an error out of the loop): end() puts the item prepared ahead on record not sent, its claim released", async () => {
    const path = receiptsFile();
    const { url } = await service(path);
    const { deps } = batchDeps(url, path);
    const sender = sendAhead(deps);
    await sender.post(itemOf("7001"), [itemOf("7002")]);
    await sender.end();
    await deps.receipts.writeWaiting();
    expect(lines(path)).toEqual([
      "request 7001",
      "request 7002",
      "outcome 7001 confirmed",
      "outcome 7002 not_sent",
    ]);
    expect(claimsLeft(path)).toEqual([]);
    expect(await deps.receipts.verify()).toMatchObject({ ok: true });
  });

  it("killed (kill -9) with item 2 prepared and not sent: the next run finds its request without an outcome, reads it back, and sends it once", async () => {
    const path = receiptsFile();
    const { url, posts, events } = await service(path);
    const killed = batchDeps(url, path);
    const prepared = await prepare(itemOf("7002"), killed.deps);
    if (!("ref" in prepared)) throw new Error("not prepared");
    // The process dies: nothing more is written, and its claim is a dead process's (stale).
    await prepared.claim.release();
    expect(lines(path)).toEqual(["request 7002"]);

    const next = batchDeps(url, path);
    const sent = await sendOne(itemOf("7002"), { ...next.deps, outcomesWithNext: false });
    expect(sent).toMatchObject({ id: "7002", written: true });
    expect((sent as Sent).judgement.outcome).toBe("confirmed");
    // Read back first (Pending: the request left on record did not apply it), then sent once.
    expect(events).toEqual(["GET", "POST 7002", "answer 7002"]);
    expect(posts).toHaveLength(1);
    const history = entries(path);
    expect(history.map((e) => `${e.type} ${e.outcome ?? ""}`.trim())).toEqual([
      "request",
      expect.stringMatching(/^outcome /),
      "request",
      "outcome confirmed",
    ]);
    expect(await next.deps.receipts.verify()).toMatchObject({ ok: true });
  });
});

describe("what is not prepared ahead", () => {
  it("an item whose record needs a read-back: its list read comes after POST 1 is answered, never beside it", async () => {
    const path = receiptsFile();
    const { url, events } = await service(path);
    // A killed run's request for 7002, on record without an outcome.
    const earlier = batchDeps(url, path);
    const left = await prepare(itemOf("7002"), earlier.deps);
    if (!("ref" in left)) throw new Error("not prepared");
    await left.claim.release();

    const { deps } = batchDeps(url, path);
    const ended = (await runBatch(
      ["7001", "7002"].map((id) => itemOf(id)),
      deps,
    )) as Sent[];
    expect(ended.map((s) => s.judgement.outcome)).toEqual(["confirmed", "confirmed"]);
    expect(events).toEqual(["POST 7001", "answer 7001", "GET", "POST 7002", "answer 7002"]);
    expect(await deps.receipts.verify()).toMatchObject({ ok: true });
  });

  it("an item another process holds the claim of: no wait while POST 1 is in flight; the batch's own wait (outcomes written, lost answers read back) after it", async () => {
    const path = receiptsFile();
    const other = openReceipts(path);
    const { url, events } = await service(path);
    const { deps } = batchDeps(url, path);
    const held = await other.claim("7002", {
      timeoutMs: 1_000,
      now: deps.now,
      sleep: deps.sleep,
    });
    const waits: string[] = [];
    /** What this batch held as it began to wait: claims, and 7003's requests on record. */
    let heldWhileWaiting: { claims: string[]; requests7003: number } | null = null;
    const ended = (await runBatch(
      ["7001", "7002", "7003"].map((id) => itemOf(id)),
      {
        ...deps,
        beforeClaimWait: async () => {
          waits.push(`waited after ${events.at(-1)}`);
          // As the batch's own wait does first: the outcomes written, their claims released.
          await deps.receipts.writeWaiting();
          heldWhileWaiting = {
            claims: claimsLeft(path),
            requests7003: requestsOnDisk(path, "7003"),
          };
          // The other process ends: the claim is free at the next try.
          await held.release();
        },
      },
    )) as Sent[];
    expect(waits).toEqual(["waited after answer 7001"]);
    // Nothing claimed past the item that waits (7003 was not prepared ahead of it): a batch
    // that waits holds no claim, so two batches never each hold what the other waits for.
    expect(heldWhileWaiting).toEqual({ claims: ["7002.claim"], requests7003: 0 });
    expect(ended.map((s) => s.judgement.outcome)).toEqual(["confirmed", "confirmed", "confirmed"]);
    // Taken after a wait: the other's outcome may be on record, so the list is read first.
    expect(events).toEqual([
      "POST 7001",
      "answer 7001",
      "GET",
      "POST 7002",
      "answer 7002",
      "POST 7003",
      "answer 7003",
    ]);
  });
});

describe("rule guards (rule-guard.ts: a --once rule spent before the write, given back when not applied)", () => {
  it("an item with a rule guard is never prepared ahead; one without is", () => {
    const log: string[] = [];
    expect(mayPrepareAhead(itemOf("7002", { rule: "kraken", log }))).toBe(false);
    expect(mayPrepareAhead(itemOf("7002"))).toBe(true);
  });

  it("the window: the next SEND_AHEAD items, up to the first with a rule guard", () => {
    const log: string[] = [];
    const plain = batchIds(SEND_AHEAD + 2).map((id) => itemOf(id));
    expect(windowAhead(plain)).toEqual(plain.slice(0, SEND_AHEAD));
    const guarded = itemOf("7100", { rule: "kraken", log });
    expect(windowAhead([plain[0]!, guarded, plain[1]!])).toEqual([plain[0]]);
    expect(windowAhead([guarded, ...plain])).toEqual([]);
    expect(windowAhead([])).toEqual([]);
  });

  for (const [name, rule] of [
    ["the same rule", "kraken"],
    ["another rule", "binance"],
  ] as const) {
    it(`${name}: item 2's guard runs only once item 1 has ended (and given its rule back)`, async () => {
      const path = receiptsFile();
      const log: string[] = [];
      const { url } = await service(path, {
        // Time for anything prepared ahead to reach its guard before 7001 is answered.
        hold: holdFirstUntilLogged(log, "7002 beforeWrite"),
        answer: (id) => (id === "7001" ? { status: 404, body: GONE } : { status: 200, body: OK }),
      });
      const { deps } = batchDeps(url, path);
      await runBatch(
        [itemOf("7001", { rule: "kraken", log }), itemOf("7002", { rule, log })],
        deps,
      );
      expect(log).toEqual([
        "7001 beforeWrite",
        "7001 ended not_found",
        "7002 beforeWrite",
        "7002 ended confirmed",
      ]);
    });
  }

  it("the window stops at an item with a rule guard: neither it nor an item after it is prepared while POST 1 is in flight", async () => {
    const path = receiptsFile();
    const log: string[] = [];
    const ids = ["7001", "7002", "7003", "7004"];
    let onDiskAtAnswer: number[] = [];
    const recorded = signal();
    const { url } = await service(path, {
      // 7001 answered once 7002's request is on disk, and event-loop turns after it, for anything
      // else prepared ahead to reach the disk too.
      hold: async (id) => {
        if (id !== "7001") return;
        await recorded.fired;
        await turns(50);
        onDiskAtAnswer = ids.map((each) => requestsOnDisk(path, each));
      },
    });
    const { deps } = batchDeps(url, path);
    fireOnRecord(deps, ["7002"], recorded.fire);
    // 7004 is inside the window of POST 7001 (SEND_AHEAD items), past the guarded 7003.
    expect(SEND_AHEAD).toBeGreaterThanOrEqual(3);
    await runBatch(
      [itemOf("7001"), itemOf("7002"), itemOf("7003", { rule: "kraken", log }), itemOf("7004")],
      deps,
    );
    expect(onDiskAtAnswer).toEqual([1, 1, 0, 0]);
    expect(log).toEqual(["7003 beforeWrite", "7003 ended confirmed"]);
    expect(await deps.receipts.verify()).toMatchObject({ ok: true });
  });

  it("the batch stopped after POST 1: item 2's rule was never checked nor spent, nothing on record for it", async () => {
    const path = receiptsFile();
    const log: string[] = [];
    const { url } = await service(path, {
      hold: holdFirstUntilLogged(log, "7002 beforeWrite"),
      answer: () => ({ status: 401, body: REFUSED }),
    });
    const { deps } = batchDeps(url, path);
    const ended = await runBatch(
      [itemOf("7001", { rule: "kraken", log }), itemOf("7002", { rule: "binance", log })],
      deps,
      (sent) => (sent.judgement.kind === "auth" ? "auth" : null),
    );
    expect(log).toEqual(["7001 beforeWrite", "7001 ended rejected"]);
    expect(ended.map((s) => ("judgement" in s ? s.judgement.outcome : "lost"))).toEqual([
      "rejected",
      "not_sent",
    ]);
    const requests = readFileSync(path, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line))
      .filter((e) => e.type === "request")
      .map((e) => e.declarationId);
    // 7001 twice: a 401 is sent again once, after the server's clock is read (retry-policy.ts).
    expect([...new Set(requests)]).toEqual(["7001"]);
  });
});
