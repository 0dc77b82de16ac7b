import { appendFileSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { stampLedger, stampLedgerPath } from "../../src/config/stamp-ledger.js";

/**
 * The machine-wide stamp ledger (docs/SERVICE-NOTES.md: the service refuses a stamp it has seen for the
 * key). Two ledgers on one file stand for two processes; `pick` is what StampClock does: the
 * first stamp from `from` that nobody used.
 */
const home = () => {
  const dir = mkdtempSync(join(tmpdir(), "tradectl-ledger-"));
  return { HOME: dir, XDG_STATE_HOME: join(dir, "state") };
};
const firstFree = (from: number) => (used: ReadonlySet<number>) => {
  let stamp = from;
  while (used.has(stamp)) stamp++;
  return stamp;
};
const NOW = 1_700_000_000_000;

it("two processes on one key never take the same stamp, and each claim adds one line", async () => {
  const env = home();
  const a = stampLedger(env, "key-1");
  const b = stampLedger(env, "key-1");
  const taken: number[] = [];
  for (let i = 0; i < 50; i++) taken.push(await (i % 3 === 0 ? b : a).claim(firstFree(NOW)));
  expect(new Set(taken).size).toBe(50);
  expect(taken.sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => NOW + i));
  const lines = readFileSync(stampLedgerPath(env, "key-1"), "utf8").trimEnd().split("\n");
  // A generation line, then the stamps in the order they were taken.
  expect(lines[0]).toMatch(/^v2 \S+$/);
  expect(lines).toHaveLength(51);
});

it("past 64 KB the file is written again with the stamps still kept; the other process reads it afresh", async () => {
  const env = home();
  const path = stampLedgerPath(env, "key-1");
  const a = stampLedger(env, "key-1");
  const b = stampLedger(env, "key-1");
  // Stamps from 20 s ago, out of the service's window: forgotten when the file is written again.
  for (let i = 0; i < 100; i++) await a.claim(firstFree(NOW - 20_000));
  const generation = () => readFileSync(path, "utf8").split("\n")[0];
  const first = generation();
  const taken = new Set<number>();
  while (statSync(path).size < 64 * 1024) taken.add(await a.claim(firstFree(NOW)));
  taken.add(await a.claim(firstFree(NOW)));
  expect(generation()).not.toBe(first);
  const kept = readFileSync(path, "utf8").trimEnd().split("\n").slice(1).map(Number);
  expect(kept.every((s) => s >= NOW)).toBe(true);
  expect(new Set(kept)).toEqual(taken);
  // b last read nothing of it: it reads the new generation whole, and takes a stamp nobody used.
  const next = await b.claim(firstFree(NOW));
  expect(taken.has(next)).toBe(false);
  expect(next).toBe(NOW + taken.size);
});

it("a line cut short by a crash does not swallow the next stamp, and a file of the earlier format is read", async () => {
  const env = home();
  const path = stampLedgerPath(env, "key-1");
  await stampLedger(env, "key-1").claim(firstFree(NOW));
  appendFileSync(path, "170000"); // a write cut off mid-line
  const ledger = stampLedger(env, "key-1");
  expect(await ledger.claim(firstFree(NOW))).toBe(NOW + 1);
  expect(readFileSync(path, "utf8").split("\n").slice(1)).toEqual([
    String(NOW),
    "170000",
    String(NOW + 1),
    "",
  ]);
  // The earlier format: stamps alone, no generation line.
  writeFileSync(path, `${NOW}\n${NOW + 1}\n${NOW + 2}\n`);
  expect(await stampLedger(env, "key-1").claim(firstFree(NOW))).toBe(NOW + 3);
  // A process that had read the old file sees it replaced (shorter than it read) and starts over.
  writeFileSync(path, `${NOW + 3}\n`);
  expect(await ledger.claim(firstFree(NOW))).toBe(NOW);
});
