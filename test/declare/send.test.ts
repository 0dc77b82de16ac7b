// The confirm send path, driven directly: the real client against a scripted loopback service, real receipts in a temp dir, a clock the test owns.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LosslessNumber } from "lossless-json";
import { afterEach, describe, expect, it } from "vitest";
import type { TradeClient } from "../../src/api/client.js";
import { openReceipts, type Receipts } from "../../src/config/receipts.js";
import { sendOne } from "../../src/declare/send.js";
import type { SendItem } from "../../src/declare/send-types.js";
import { TradectlError } from "../../src/errors.js";
import { asIs, inEnglish } from "../../src/i18n/index.js";
import { TEST_KEY } from "../helpers/client-harness.js";
import {
  oneDeclarationList,
  sendJson,
  startTestServer,
  type TestServer,
} from "../helpers/http-server.js";
import { sendDepsOnClock } from "../helpers/send-deps.js";

const ID = "7001";
const START = Date.UTC(2026, 0, 1);
const AT_START = "2026-01-01T00:00:00.000Z";

/** What the loopback service does with one POST. */
type Step =
  | { status: number; body: string; retryAfter?: string }
  /** The connection dropped once the request arrived: written, its answer lost. */
  | { lost: "reset" };

const OK = { status: 200, body: `{"success":true,"message":"","code":0}` };
const RATE = {
  status: 429,
  body: `{"success":false,"message":"Too many requests","code":429}`,
  retryAfter: "2",
};
const STAMP = { status: 401, body: `{"success":false,"message":"Invalid Nonce","code":1003}` };
const DOWN = { status: 500, body: `{"success":false,"message":"Internal error","code":500}` };

interface Listed {
  status: "Pending" | "Confirmed";
  confirmedAt?: string;
}

const servers: TestServer[] = [];
const clients: TradeClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  for (const server of servers.splice(0)) await server.close();
});

/**
 * The real client against a loopback service whose POSTs answer by `script` and whose list
 * shows `list()` (or fails); `atPost` is told each POST as it arrives (the receipts' state then).
 */
async function scriptedService(
  script: Step[],
  list: () => Listed | "fails",
  atPost: (body: string) => void = () => {},
) {
  const posts: string[] = [];
  const calls = { syncs: 0, reads: 0 };
  const server = await startTestServer((req, res) => {
    if (req.url.startsWith("/api/v2/server/time")) {
      calls.syncs++;
      return sendJson(res, 200, `{"serverTime":${Date.now()}}`);
    }
    if (req.method === "GET") {
      calls.reads++;
      const shown = list();
      if (shown === "fails") return sendJson(res, 400, `{"success":false,"message":"down"}`);
      return sendJson(res, 200, oneDeclarationList(ID, shown.confirmedAt ?? null));
    }
    posts.push(req.body);
    atPost(req.body);
    const step = script.shift();
    if (!step) return sendJson(res, 599, "the script has no answer for this POST");
    if ("lost" in step) {
      res.socket?.destroy();
      return;
    }
    const headers: Record<string, string> = { "content-type": "application/json" };
    if ("retryAfter" in step && step.retryAfter) headers["retry-after"] = step.retryAfter;
    res.writeHead(step.status, headers);
    res.end(step.body);
  });
  servers.push(server);
  return { url: server.url, posts, calls };
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function receiptsFile(): string {
  const dir = mkdtempSync(join(tmpdir(), "tradectl-send-path-"));
  dirs.push(dir);
  return join(dir, "receipts.ndjson");
}

/** The deps of a run on the test's clock (helpers/send-deps.ts); its client closed after the test. */
function depsFor(url: string, path: string, receipts?: Receipts, ctrlCOnWait = false) {
  const run = sendDepsOnClock(url, path, { start: START, receipts, ctrlCOnWait });
  clients.push(run.client);
  return run;
}

const item = (): SendItem => ({
  body: {
    cryptoDepositDeclarationId: new LosslessNumber(ID),
    isSelfSender: false,
    firstName: "Deniz",
    lastName: "Demir",
    description: "",
    AddressType: "IndividualWallet",
  },
});

/** The receipts' lines, as written. */
function lines(path: string): {
  type: string;
  outcome?: string;
  reason?: string;
  attempt?: number;
  time?: string;
  requestId?: string;
  bodySha256?: string;
}[] {
  return readFileSync(path, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
}

const pending = (): Listed => ({ status: "Pending" });

describe("the send path: answers that prove a POST was not processed", () => {
  it("a 429 five times, then a 200: sent six times after the waits asked, confirmed, every attempt on record", async () => {
    const path = receiptsFile();
    const { url, posts } = await scriptedService([RATE, RATE, RATE, RATE, RATE, OK], pending);
    const { deps, slept, io } = depsFor(url, path);
    const sent = await sendOne(item(), deps);
    expect(sent.judgement).toMatchObject({
      outcome: "confirmed",
      verifiedBy: "answer",
      byThisRequest: true,
    });
    expect(posts).toHaveLength(6);
    expect(new Set(posts).size).toBe(1);
    // "tradectl waits what the service says (Retry-After ...)".
    expect(slept).toEqual([2_000, 2_000, 2_000, 2_000, 2_000]);
    const written = lines(path);
    expect(written.map((l) => l.type)).toEqual([
      ...Array(5).fill(["request", "not-processed"]).flat(),
      "request",
      "outcome",
    ]);
    expect(written.filter((l) => l.type === "request").map((l) => l.attempt)).toEqual([
      1, 2, 3, 4, 5, 6,
    ]);
    // Each refusal is on record when it came, each resend when it left: after the wait.
    expect(written.map((l) => l.time).slice(0, 3)).toEqual([
      "2026-01-01T00:00:00.000Z",
      "2026-01-01T00:00:00.000Z",
      "2026-01-01T00:00:02.000Z",
    ]);
    expect(io.stderrText().match(/waiting 2\.0 s before sending it again/g)).toHaveLength(5);
  });

  it("a 429 six times: rejected, kind rate_limited, six times after waiting as asked, not applied", async () => {
    const path = receiptsFile();
    const { url, posts } = await scriptedService(Array(7).fill(RATE), pending);
    const { deps, slept } = depsFor(url, path);
    const sent = await sendOne(item(), deps);
    expect(posts).toHaveLength(6);
    expect(slept).toHaveLength(5);
    expect(sent.judgement).toMatchObject({ outcome: "rejected", kind: "rate_limited" });
    expect(inEnglish(sent.judgement.message)).toBe(
      `declaration ${ID}: HTTP 429, the service did not process it: Too many requests, code 429, 6 times after waiting as asked; not applied`,
    );
    const written = lines(path);
    expect(written.slice(-2).map((l) => l.type)).toEqual(["not-processed", "outcome"]);
    expect(written.at(-1)).toMatchObject({ type: "outcome", outcome: "rejected", attempt: 6 });
  });

  it("a 429 asking for a wait longer than --timeout is not waited: rejected at once", async () => {
    const path = receiptsFile();
    const long = { ...RATE, retryAfter: "99999" };
    const { url, posts } = await scriptedService([long, OK], pending);
    const { deps, slept } = depsFor(url, path);
    const sent = await sendOne(item(), deps);
    expect(posts).toHaveLength(1);
    expect(slept).toEqual([]);
    expect(sent.judgement).toMatchObject({ outcome: "rejected", kind: "rate_limited" });
    expect(inEnglish(sent.judgement.message)).toContain(
      "the service asks to wait 99999.0 s, longer than --timeout (30.0 s): not sent again, not applied",
    );
  });

  it("Ctrl-C during a 429's wait: the wait stops, nothing more is sent; rejected, cancelled (written once)", async () => {
    const path = receiptsFile();
    const { url, posts } = await scriptedService([RATE, OK], pending);
    const run = depsFor(url, path, undefined, true);
    const sent = await sendOne(item(), run.deps);
    expect(posts).toHaveLength(1);
    expect(sent).toMatchObject({
      written: true,
      judgement: { outcome: "rejected", kind: "cancelled" },
    });
    expect(inEnglish(sent.judgement.message)).toContain(
      "cancelled while waiting to send it again: not applied",
    );
    expect(lines(path).map((l) => l.type)).toEqual(["request", "not-processed", "outcome"]);
  });

  it("a 401 that refused the stamp, then a 200: the clock read, sent once more, confirmed; both attempts on record", async () => {
    const path = receiptsFile();
    const { url, posts, calls } = await scriptedService([STAMP, OK], pending);
    const sent = await sendOne(item(), depsFor(url, path).deps);
    expect(sent.judgement).toMatchObject({ outcome: "confirmed", verifiedBy: "answer" });
    expect(posts).toHaveLength(2);
    expect(posts[1]).toBe(posts[0]);
    expect(calls.syncs).toBe(1);
    const written = lines(path);
    expect(written.map((l) => l.type)).toEqual(["request", "not-processed", "request", "outcome"]);
    // Line by line as the receipts of a 401 then a 200 read (the chain's hashes and the
    // request's id aside): the refusal with the server's own words, then the same bytes again.
    const same = { requestId: written[0]!.requestId, declarationId: ID };
    const asked = { ...same, v: 1, publicKey: TEST_KEY, body: posts[0], rule: null };
    expect(written).toEqual([
      {
        ...asked,
        prev: expect.any(String),
        type: "request",
        attempt: 1,
        time: AT_START,
        baseUrl: `${url}/`,
        bodySha256: expect.any(String),
      },
      {
        ...same,
        prev: expect.any(String),
        type: "not-processed",
        attempt: 1,
        time: AT_START,
        status: 401,
        responseBody: STAMP.body,
        reason: "stamp_refused",
        message: `declaration ${ID}: HTTP 401, the service refused the request's stamp: Invalid Nonce, code 1003`,
      },
      {
        ...asked,
        prev: expect.any(String),
        type: "request",
        attempt: 2,
        time: AT_START,
        baseUrl: `${url}/`,
        bodySha256: written[0]!.bodySha256,
      },
      {
        ...same,
        prev: expect.any(String),
        type: "outcome",
        attempt: 2,
        time: AT_START,
        status: 200,
        responseBody: OK.body,
        outcome: "confirmed",
        verifiedBy: "answer",
        byThisRequest: true,
        message: `declaration ${ID} confirmed`,
      },
    ]);
  });

  it("a 401 twice: sent twice only, rejected, kind auth", async () => {
    const path = receiptsFile();
    const { url, posts } = await scriptedService([STAMP, STAMP, OK], pending);
    const sent = await sendOne(item(), depsFor(url, path).deps);
    expect(posts).toHaveLength(2);
    expect(sent.judgement).toMatchObject({ outcome: "rejected", kind: "auth" });
    expect(inEnglish(sent.judgement.message)).toContain(
      "again with a fresh stamp after reading the server's clock; not applied",
    );
  });

  it("every attempt is on disk whole before it is sent, its refusal after it", async () => {
    const path = receiptsFile();
    const seenAtPost: { type: string; attempt?: number }[][] = [];
    const { url } = await scriptedService([STAMP, RATE, OK], pending, () =>
      seenAtPost.push(lines(path)),
    );
    await sendOne(item(), depsFor(url, path).deps);
    const shape = (at: { type: string; attempt?: number }[]) =>
      at.map((l) => `${l.type}:${l.attempt}`);
    expect(seenAtPost.map(shape)).toEqual([
      ["request:1"],
      ["request:1", "not-processed:1", "request:2"],
      ["request:1", "not-processed:1", "request:2", "not-processed:2", "request:3"],
    ]);
  });

  it("a resend that cannot be put on record is not sent: rejected, kind io, one POST", async () => {
    const path = receiptsFile();
    const real = openReceipts(path, { now: () => START });
    let recorded = 0;
    const fullAfterOne: Receipts = Object.assign(Object.create(real) as Receipts, real, {
      recordRequest: async (...args: Parameters<Receipts["recordRequest"]>) => {
        if (++recorded > 1) {
          throw new TradectlError("io", asIs(`cannot write ${path}: no space left on device`));
        }
        return real.recordRequest(...args);
      },
    });
    const { url, posts } = await scriptedService([RATE, OK], pending);
    const sent = await sendOne(item(), depsFor(url, path, fullAfterOne).deps);
    expect(posts).toHaveLength(1);
    expect(sent.judgement).toMatchObject({ outcome: "rejected", kind: "io" });
    expect(inEnglish(sent.judgement.message)).toContain(
      "not sent again, as it could not be put on record (cannot write",
    );
    expect(lines(path).map((l) => l.type)).toEqual(["request", "not-processed", "outcome"]);
  });
});

describe("the send path: a lost answer is read back", () => {
  it("a 500 is not sent again (it may have been processed): read back, unknown while Pending", async () => {
    const path = receiptsFile();
    const { url, posts } = await scriptedService([DOWN, OK], pending);
    const sent = await sendOne(item(), depsFor(url, path).deps);
    expect(posts).toHaveLength(1);
    expect(sent).toMatchObject({ written: true, judgement: { outcome: "unknown" } });
  });

  it("a reset after the write, then the list shows Pending: unknown (it may yet be applied); the next run reads back before sending", async () => {
    const path = receiptsFile();
    let shown: Listed = { status: "Pending" };
    const { url, posts } = await scriptedService([{ lost: "reset" }, OK], () => shown);
    const sent = await sendOne(item(), depsFor(url, path).deps);
    expect(sent).toMatchObject({ written: true, judgement: { outcome: "unknown" } });
    expect(posts).toHaveLength(1);
    expect(lines(path).at(-1)).toMatchObject({ type: "outcome", outcome: "unknown" });

    // Applied late: the same command again sends nothing and credits the earlier request.
    shown = { status: "Confirmed", confirmedAt: "2026-01-01T00:00:30Z" };
    const again = await sendOne(item(), depsFor(url, path).deps);
    expect(posts).toHaveLength(1);
    expect(again).toMatchObject({ written: false, judgement: { outcome: "already_confirmed" } });
    expect(inEnglish(again.judgement.message)).toContain("nothing was sent");
    expect(lines(path).at(-1)).toMatchObject({ type: "outcome", outcome: "confirmed" });
  });

  it("a reset, then the list shows it Confirmed with the answers sent: confirmed, verified by read-back", async () => {
    const path = receiptsFile();
    const { url } = await scriptedService([{ lost: "reset" }], () => ({
      status: "Confirmed",
      confirmedAt: "2026-01-01T00:00:01Z",
    }));
    const sent = await sendOne(item(), depsFor(url, path).deps);
    expect(sent.judgement).toMatchObject({ outcome: "confirmed", verifiedBy: "read-back" });
  });

  it("a read-back that fails: unknown; the next run sends nothing while the list cannot be read", async () => {
    const path = receiptsFile();
    const { url, posts } = await scriptedService([{ lost: "reset" }, OK], () => "fails");
    const sent = await sendOne(item(), depsFor(url, path).deps);
    expect(sent.judgement).toMatchObject({ outcome: "unknown", verifiedBy: null });
    const again = await sendOne(item(), depsFor(url, path).deps);
    expect(posts).toHaveLength(1);
    expect(again.judgement.outcome).toBe("not_sent");
    expect(inEnglish(again.judgement.message)).toContain("reading the list back failed");
  });
});

describe("the send path: nothing is sent", () => {
  it("a connection that never opened: not_sent, the request on record with that outcome", async () => {
    const path = receiptsFile();
    const { url, posts } = await scriptedService([OK], pending);
    await servers.pop()!.close();
    const sent = await sendOne(item(), depsFor(url, path).deps);
    expect(posts).toHaveLength(0);
    expect(sent).toMatchObject({
      written: false,
      judgement: { outcome: "not_sent", kind: "network" },
    });
  });

  it("a claim held by another live process past --timeout: not_sent, kind unknown, the claim's file named, no POST", async () => {
    const path = receiptsFile();
    mkdirSync(`${path}.claims`, { recursive: true });
    const claim = join(`${path}.claims`, `${ID}.claim`);
    // As another tradectl writes it: its pid, a token, when it began (the parent lives on).
    writeFileSync(claim, `${process.ppid} 0a1b2c3d4e5f ${START}`);
    const { url, posts } = await scriptedService([OK], pending);
    const { deps, slept } = depsFor(url, path);
    const sent = await sendOne(item(), deps);
    expect(posts).toHaveLength(0);
    expect(slept.length).toBeGreaterThan(0);
    expect(sent.judgement).toMatchObject({ outcome: "not_sent", kind: "unknown" });
    expect(inEnglish(sent.judgement.message)).toContain(`another tradectl (pid ${process.ppid})`);
    expect(inEnglish(sent.judgement.message)).toContain(`(its claim: ${claim})`);
  });

  it("a claim left by a process that is gone is taken at once: sent", async () => {
    const path = receiptsFile();
    mkdirSync(`${path}.claims`, { recursive: true });
    const gone = spawnSync(process.execPath, ["-e", ""]).pid;
    writeFileSync(join(`${path}.claims`, `${ID}.claim`), `${gone} 0a1b2c3d4e5f ${START}`);
    const { url, posts } = await scriptedService([OK], pending);
    const sent = await sendOne(item(), depsFor(url, path).deps);
    expect(posts).toHaveLength(1);
    expect(sent.judgement.outcome).toBe("confirmed");
  });

  it("a full disk when the request is recorded: not_sent, kind io, not one POST", async () => {
    const path = receiptsFile();
    const real = openReceipts(path, { now: () => START });
    const full: Receipts = Object.assign(Object.create(real) as Receipts, real, {
      recordRequest: async () => {
        throw new TradectlError("io", asIs(`cannot write ${path}: no space left on device`));
      },
    });
    const { url, posts } = await scriptedService([OK], pending);
    const sent = await sendOne(item(), depsFor(url, path, full).deps);
    expect(posts).toHaveLength(0);
    expect(sent.judgement).toMatchObject({ outcome: "not_sent", kind: "io" });
    expect(inEnglish(sent.judgement.message)).toContain("no space left on device");
  });
});
