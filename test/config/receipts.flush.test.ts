import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, expect, it, vi } from "vitest";
import { turns } from "../helpers/turns.js";

/**
 * What reaches the disk when (docs/RECEIPTS.md: a request is "flushed to disk before
 * the request is sent"). Each fsync of the receipts is seen here with the size of the file it
 * flushed: a request is on disk when recordRequest returns; an outcome is not flushed on its
 * own, and goes to disk with the next request. Nothing else is flushed.
 */
const flushes = vi.hoisted(() => [] as { ino: number; size: number }[]);
/**
 * A flush in the thread pool (fs.fsync) can be held: its callback waits for the `gate` in place
 * when it began, and `error` is what it then reports.
 */
const held = vi.hoisted(() => ({
  gate: null as Promise<void> | null,
  error: null as NodeJS.ErrnoException | null,
  /** Flushes begun in the thread pool. */
  begun: 0,
  /** Who waits for the `count`th flush to begin (untilBegun). */
  waiters: [] as { count: number; begin: () => void }[],
}));
vi.mock("node:fs", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs")>();
  return {
    ...fs,
    fsyncSync(fd: number) {
      fs.fsyncSync(fd);
      const { ino, size } = fs.fstatSync(fd);
      flushes.push({ ino, size });
    },
    fsync(fd: number, callback: (error: NodeJS.ErrnoException | null) => void) {
      held.begun++;
      for (const waiter of held.waiters.filter((w) => w.count <= held.begun)) waiter.begin();
      // The gate in place when the flush begins holds it.
      const gate = held.gate;
      fs.fsync(fd, (error) => {
        const done = () => {
          const failed = error ?? held.error;
          if (!failed) {
            const { ino, size } = fs.fstatSync(fd);
            flushes.push({ ino, size });
          }
          callback(failed);
        };
        if (gate) void gate.then(done);
        else done();
      });
    },
  };
});

beforeEach(() => {
  flushes.length = 0;
  held.gate = null;
  held.error = null;
  held.begun = 0;
  held.waiters = [];
});

/**
 * Until the `count`th flush (since the test began) has begun: the appends before it go through
 * the thread pool (a directory made, a lock taken), which on a busy machine takes any number of
 * turns of the event loop, so this waits for the flush itself, not for a count of turns.
 */
const untilBegun = (count: number) =>
  new Promise<void>((begin) => {
    if (held.begun >= count) begin();
    else held.waiters.push({ count, begin });
  });

/** One turn of the event loop. */

/**
 * Receipts in a fresh directory, from the receipts module loaded again: the setup files loaded
 * it with the real node:fs, and its appends must flush through the mock above.
 */
async function mockedReceipts() {
  vi.resetModules();
  const { openReceipts } = await import("../../src/config/receipts.js");
  const path = join(mkdtempSync(join(tmpdir(), "tradectl-receipts-")), "receipts.ndjson");
  return { path, receipts: openReceipts(path) };
}

const REQUEST = {
  baseUrl: "https://api.btcturk.com/",
  publicKey: "pub-key-1",
  declarationId: "734001026",
  body: '{"cryptoDepositDeclarationId":734001026,"isSelfSender":true,"description":"My own XRP from my Kraken account","AddressType":"Exchange","exchangeId":3}',
};

/** REQUEST's outcome: confirmed by its answer. */
const CONFIRMED = {
  status: 200,
  responseBody: '{"success":true,"message":"","code":0}',
  outcome: "confirmed",
  verifiedBy: "answer",
  byThisRequest: true,
  message: "declaration 734001026 confirmed",
} as const;

it("a request is on disk before recordRequest returns; its outcome goes to disk with the next request", async () => {
  const { path, receipts } = await mockedReceipts();
  const size = () => statSync(path).size;
  // The receipts' own flushes.
  const flushed = () => flushes.filter((f) => f.ino === statSync(path).ino).map((f) => f.size);

  const ref = await receipts.recordRequest(REQUEST);
  expect(flushed()).toEqual([size()]);

  await receipts.recordNotProcessed(ref, {
    status: 429,
    responseBody: null,
    reason: "rate_limited",
    message: "429",
  });
  const again = await receipts.recordRequest(REQUEST, ref);
  expect(flushed()).toEqual([flushed()[0], size()]);

  await receipts.recordOutcome(again, CONFIRMED);
  // Written (another process reads it at once) but not flushed on its own.
  expect(flushed()).toHaveLength(2);
  expect(size()).toBeGreaterThan(flushed()[1]!);
  expect((await receipts.requests("734001026"))[0]!.outcome?.outcome).toBe("confirmed");

  await receipts.recordRequest({ ...REQUEST, declarationId: "734001008" });
  expect(flushed()).toEqual([flushed()[0], flushed()[1], size()]);
  // One fsync per request and nothing else: the head anchor beside the receipts is written
  // after its line is on disk, and goes to disk with a later flush.
  expect(flushes).toHaveLength(3);
});

it("the event loop runs while a request is flushed (a batch's answer is read meanwhile), and recordRequest resolves only once it is on disk", async () => {
  const { path, receipts } = await mockedReceipts();
  let open!: () => void;
  held.gate = new Promise((resolve) => {
    open = resolve;
  });
  let recorded = false;
  const recording = receipts.recordRequest(REQUEST).then(() => {
    recorded = true;
  });
  // The request written and its flush begun: turns of the event loop go by while it is under
  // way (an answer would be read and judged in them), and it is not recorded yet, so not sent.
  await untilBegun(1);
  expect(held.begun).toBe(1);
  await turns(5);
  expect(recorded).toBe(false);
  expect(flushes).toEqual([]);
  expect(statSync(path).size).toBeGreaterThan(0);

  open();
  await recording;
  expect(flushes.map((f) => f.size)).toEqual([statSync(path).size]);
});

it("a flush that fails: the request is not on record (the line cut back), recordRequest fails, and the next request is chained as if it had never been", async () => {
  const { path, receipts } = await mockedReceipts();
  await receipts.recordRequest(REQUEST);
  const before = readFileSync(path, "utf8");

  held.error = Object.assign(new Error("EIO: i/o error, fsync"), { code: "EIO" });
  await expect(
    receipts.recordRequest({ ...REQUEST, declarationId: "734001008" }),
  ).rejects.toMatchObject({ kind: "io" });
  expect(readFileSync(path, "utf8")).toBe(before);

  held.error = null;
  await receipts.recordRequest({ ...REQUEST, declarationId: "734001009" });
  const ids = (await receipts.requests()).map((r) => r.declarationId);
  expect(ids).toEqual(["734001026", "734001009"]);
  expect((await receipts.verify()).ok).toBe(true);
});

it("an exit while this process holds the lock for a request's flush (a second Ctrl-C): the outcome waiting is written at once, chained, not after a wait for its own lock", async () => {
  const { path, receipts } = await mockedReceipts();
  const first = await receipts.recordRequest(REQUEST);
  // A batch: request 2 is flushed (held here) while POST 1's answer is judged, and outcome 1
  // waits to go with the next request.
  let open!: () => void;
  held.gate = new Promise((resolve) => {
    open = resolve;
  });
  const begun = held.begun;
  const recording = receipts.recordRequest({ ...REQUEST, declarationId: "734001008" });
  await untilBegun(begun + 1);
  expect(held.begun).toBe(begun + 1);
  // The receipts' exit hook is registered by the first outcome that waits.
  const exitHooks = new Set(process.listeners("exit"));
  const waiting = receipts.recordOutcome(first, CONFIRMED, async () => {});

  // The process exits now (a second Ctrl-C): no promise runs any more, only the exit hook.
  const hook = process.listeners("exit").find((listener) => !exitHooks.has(listener));
  expect(hook).toBeDefined();
  (hook as () => void)();
  process.removeListener("exit", hook as () => void);
  // Written, not given up after the exit's 1 s wait for a lock (its own) that never comes.
  const lines = readFileSync(path, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
  expect(lines.map((l) => [l.type, l.declarationId])).toEqual([
    ["request", "734001026"],
    ["request", "734001008"],
    ["outcome", "734001026"],
  ]);

  // (In a test the process goes on: the held flush ends, and the chain is whole.)
  open();
  await recording;
  await waiting;
  expect((await receipts.verify()).ok).toBe(true);
});

it("the requests recorded while one is flushed share the next flush: one fsync for both, and neither is recorded (so sent) before it is done", async () => {
  const { path, receipts } = await mockedReceipts();
  /** A gate for the flushes begun from now on, and the function that opens it. */
  const hold = () => {
    let open!: () => void;
    held.gate = new Promise((resolve) => {
      open = resolve;
    });
    return open;
  };
  const flushesBegun = async (count: number) => {
    await untilBegun(count);
    expect(held.begun).toBe(count);
  };
  const recorded: string[] = [];
  const record = (declarationId: string) =>
    receipts.recordRequest({ ...REQUEST, declarationId }).then(() => recorded.push(declarationId));

  const openFirst = hold();
  const first = record("734001026");
  await flushesBegun(1);
  const sizeOfFirst = statSync(path).size;
  // Two more requests while the first is flushed: neither written nor flushed beside it.
  const both = [record("734001008"), record("734001009")];
  await turns(5);
  expect(held.begun).toBe(1);
  expect(statSync(path).size).toBe(sizeOfFirst);

  const openSecond = hold();
  openFirst();
  await first;
  // Written together after it, with one flush, held: not recorded before it is done.
  await flushesBegun(2);
  await turns(5);
  expect(recorded).toEqual(["734001026"]);
  openSecond();
  await Promise.all(both);
  expect(recorded).toEqual(["734001026", "734001008", "734001009"]);
  expect(held.begun).toBe(2);
  expect(flushes.map((f) => f.size)).toEqual([sizeOfFirst, statSync(path).size]);
  const ids = (await receipts.requests()).map((r) => r.declarationId);
  expect(ids).toEqual(["734001026", "734001008", "734001009"]);
  expect((await receipts.verify()).ok).toBe(true);
});
