// The confirm send path, driven directly: a scripted client, real receipts in a temp dir, a clock the test owns.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LosslessNumber } from "lossless-json";
import { afterEach, describe, expect, it } from "vitest";
import type { TradeClient } from "../../src/api/client.js";
import { openReceipts, type Receipts } from "../../src/config/receipts.js";
import { sendOne } from "../../src/declare/send.js";
import type { SendDeps, SendItem } from "../../src/declare/send-types.js";
import { TradectlError } from "../../src/errors.js";
import { asIs, inEnglish } from "../../src/i18n/index.js";
import { memoryIO } from "../helpers/memory-io.js";

const ID = "7001";
const START = Date.UTC(2026, 0, 1);

/** What the scripted service does with one POST. */
type Step =
  | { status: number; body: string; retryAfterMs?: number }
  | { lost: "timeout" }
  | { unsent: true };

const OK = { status: 200, body: `{"success":true,"message":"","code":0}` };
const RATE = {
  status: 429,
  body: `{"success":false,"message":"Too many requests","code":429}`,
  retryAfterMs: 2_000,
};
const STAMP = { status: 401, body: `{"success":false,"message":"Invalid Nonce","code":1003}` };

interface Listed {
  status: "Pending" | "Confirmed";
  confirmedAt?: string;
  firstName?: string;
  lastName?: string;
}

/** A client whose POSTs answer by `script` and whose list shows `list()` (or throws). */
function scriptedClient(script: Step[], list: () => Listed | Error) {
  const posts: string[] = [];
  const calls = { syncs: 0, reads: 0 };
  const client = {
    baseUrl: new URL("http://127.0.0.1:9/"),
    publicKey: "public-key-test",
    stampClock: { offsetMs: 0 },
    rateWindows: () => [],
    syncClock: async () => {
      calls.syncs++;
      return 0;
    },
    confirmText: async (
      text: string,
      options: { onAnswer?: (status: number, body: string) => void },
    ) => {
      const step = script.shift();
      if (!step) throw new Error("the script has no answer for this POST");
      if ("unsent" in step) throw new TradectlError("network", asIs("connect ECONNREFUSED"));
      posts.push(text);
      if ("lost" in step) {
        throw new TradectlError("network", asIs("the answer did not come in time"), {
          requestMayHaveArrived: true,
        });
      }
      options.onAnswer?.(step.status, step.body);
      if (step.status === 200) return JSON.parse(step.body);
      const said = JSON.parse(step.body) as { message: string; code: number };
      throw new TradectlError(step.status === 429 ? "rate_limited" : "auth", asIs(said.message), {
        status: step.status,
        code: said.code,
        retryAfterMs: step.retryAfterMs ?? null,
      });
    },
    async *walkDeclarations() {
      calls.reads++;
      const shown = list();
      if (shown instanceof Error) throw shown;
      yield [{ cryptoDepositDeclarationId: new LosslessNumber(ID), ...shown }];
    },
  } as unknown as TradeClient;
  return { client, posts, calls };
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

/** The deps of a run: `sleep` moves the test's clock at once and keeps what was asked. */
function depsFor(client: TradeClient, path: string, receipts?: Receipts) {
  let time = START;
  const slept: number[] = [];
  const io = memoryIO();
  const now = () => time;
  const deps: SendDeps = {
    client,
    io,
    receipts: receipts ?? openReceipts(path, { now }),
    now,
    sleep: async (ms) => {
      slept.push(ms);
      time += ms;
    },
    claimTimeoutMs: 30_000,
    signal: new AbortController().signal,
  };
  return { deps, slept, io };
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
function lines(
  path: string,
): { type: string; outcome?: string; reason?: string; attempt?: number }[] {
  return readFileSync(path, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
}

describe("the send path: answers that prove a POST was not processed", () => {
  it("a 429 five times, then a 200: sent six times after the waits asked, confirmed, every attempt on record", async () => {
    const path = receiptsFile();
    const { client, posts } = scriptedClient([RATE, RATE, RATE, RATE, RATE, OK], () => ({
      status: "Pending",
    }));
    const { deps, slept } = depsFor(client, path);
    const sent = await sendOne(item(), deps);
    expect(sent.judgement).toMatchObject({
      outcome: "confirmed",
      verifiedBy: "answer",
      byThisRequest: true,
    });
    expect(posts).toHaveLength(6);
    // "tradectl waits what the service says (Retry-After ...)".
    expect(slept).toEqual([2_000, 2_000, 2_000, 2_000, 2_000]);
    const types = lines(path).map((l) => l.type);
    expect(types.filter((t) => t === "request")).toHaveLength(6);
    expect(types.filter((t) => t === "not-processed")).toHaveLength(5);
    expect(types.at(-1)).toBe("outcome");
  });

  it("a 429 six times: rejected, kind rate_limited, six times after waiting as asked, not applied", async () => {
    const path = receiptsFile();
    const { client, posts } = scriptedClient(Array(7).fill(RATE), () => ({ status: "Pending" }));
    const { deps } = depsFor(client, path);
    const sent = await sendOne(item(), deps);
    expect(posts).toHaveLength(6);
    expect(sent.judgement).toMatchObject({ outcome: "rejected", kind: "rate_limited" });
    expect(inEnglish(sent.judgement.message)).toContain(
      "6 times after waiting as asked; not applied",
    );
    expect(lines(path).at(-1)).toMatchObject({ type: "outcome", outcome: "rejected" });
  });

  it("a 429 asking for a wait longer than --timeout is not waited: rejected at once", async () => {
    const path = receiptsFile();
    const long = { ...RATE, retryAfterMs: 99_999_000 };
    const { client, posts } = scriptedClient([long, OK], () => ({ status: "Pending" }));
    const { deps, slept } = depsFor(client, path);
    const sent = await sendOne(item(), deps);
    expect(posts).toHaveLength(1);
    expect(slept).toEqual([]);
    expect(sent.judgement).toMatchObject({ outcome: "rejected", kind: "rate_limited" });
  });

  it("a 401 that refused the stamp, then a 200: the clock read, sent once more, confirmed; both attempts on record", async () => {
    const path = receiptsFile();
    const { client, posts, calls } = scriptedClient([STAMP, OK], () => ({ status: "Pending" }));
    const { deps } = depsFor(client, path);
    const sent = await sendOne(item(), deps);
    expect(sent.judgement).toMatchObject({ outcome: "confirmed", verifiedBy: "answer" });
    expect(posts).toHaveLength(2);
    expect(posts[1]).toBe(posts[0]);
    expect(calls.syncs).toBe(1);
    const written = lines(path);
    expect(written.map((l) => l.type)).toEqual(["request", "not-processed", "request", "outcome"]);
    expect(written[1]).toMatchObject({ reason: "stamp_refused" });
  });

  it("a 401 twice: sent twice only, rejected, kind auth", async () => {
    const path = receiptsFile();
    const { client, posts } = scriptedClient([STAMP, STAMP, OK], () => ({ status: "Pending" }));
    const { deps } = depsFor(client, path);
    const sent = await sendOne(item(), deps);
    expect(posts).toHaveLength(2);
    expect(sent.judgement).toMatchObject({ outcome: "rejected", kind: "auth" });
    expect(inEnglish(sent.judgement.message)).toContain("again with a fresh stamp");
  });
});

describe("the send path: a lost answer is read back", () => {
  it("a timeout, then the list shows Pending: unknown (it may yet be applied); the next run reads back before sending", async () => {
    const path = receiptsFile();
    let shown: Listed = { status: "Pending" };
    const { client, posts } = scriptedClient([{ lost: "timeout" }, OK], () => shown);
    const { deps } = depsFor(client, path);
    const sent = await sendOne(item(), deps);
    expect(sent).toMatchObject({ written: true, judgement: { outcome: "unknown" } });
    expect(posts).toHaveLength(1);
    expect(lines(path).at(-1)).toMatchObject({ type: "outcome", outcome: "unknown" });

    // Applied late: the same command again sends nothing and credits the earlier request.
    shown = {
      status: "Confirmed",
      confirmedAt: "2026-01-01T00:00:30Z",
      firstName: "Deniz",
      lastName: "Demir",
    };
    const again = await sendOne(item(), depsFor(client, path).deps);
    expect(posts).toHaveLength(1);
    expect(again).toMatchObject({ written: false, judgement: { outcome: "already_confirmed" } });
    expect(inEnglish(again.judgement.message)).toContain("nothing was sent");
    expect(lines(path).at(-1)).toMatchObject({ type: "outcome", outcome: "confirmed" });
  });

  it("a timeout, then the list shows it Confirmed with the answers sent: confirmed, verified by read-back", async () => {
    const path = receiptsFile();
    const { client } = scriptedClient([{ lost: "timeout" }], () => ({
      status: "Confirmed",
      confirmedAt: "2026-01-01T00:00:01Z",
      firstName: "Deniz",
      lastName: "Demir",
    }));
    const sent = await sendOne(item(), depsFor(client, path).deps);
    expect(sent.judgement).toMatchObject({ outcome: "confirmed", verifiedBy: "read-back" });
  });

  it("a read-back that fails: unknown; the next run sends nothing while the list cannot be read", async () => {
    const path = receiptsFile();
    const down = () => new TradectlError("network", asIs("connect ECONNREFUSED 127.0.0.1:9"));
    const { client, posts } = scriptedClient([{ lost: "timeout" }, OK], down);
    const sent = await sendOne(item(), depsFor(client, path).deps);
    expect(sent.judgement).toMatchObject({ outcome: "unknown", verifiedBy: null });
    const again = await sendOne(item(), depsFor(client, path).deps);
    expect(posts).toHaveLength(1);
    expect(again.judgement.outcome).toBe("not_sent");
    expect(inEnglish(again.judgement.message)).toContain("reading the list back failed");
  });
});

describe("the send path: nothing is sent", () => {
  it("a connection that never opened: not_sent, the request on record with that outcome", async () => {
    const path = receiptsFile();
    const { client, posts } = scriptedClient([{ unsent: true }], () => ({ status: "Pending" }));
    const sent = await sendOne(item(), depsFor(client, path).deps);
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
    const { client, posts } = scriptedClient([OK], () => ({ status: "Pending" }));
    const { deps, slept } = depsFor(client, path);
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
    const { client, posts } = scriptedClient([OK], () => ({ status: "Pending" }));
    const sent = await sendOne(item(), depsFor(client, path).deps);
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
    const { client, posts } = scriptedClient([OK], () => ({ status: "Pending" }));
    const sent = await sendOne(item(), depsFor(client, path, full).deps);
    expect(posts).toHaveLength(0);
    expect(sent.judgement).toMatchObject({ outcome: "not_sent", kind: "io" });
    expect(inEnglish(sent.judgement.message)).toContain("no space left on device");
  });
});
