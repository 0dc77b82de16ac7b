import { appendFileSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { stampLedger, stampLedgerPath, type UsedStamps } from "../../src/config/stamp-ledger.js";

/**
 * The machine-wide stamp ledger (docs/SERVICE-NOTES.md: the service refuses a stamp it has seen for the
 * key). Two ledgers on one file stand for two processes; `pick` is what StampClock does: the
 * first stamp from `from` that nobody used.
 */
const home = () => {
  const dir = mkdtempSync(join(tmpdir(), "tradectl-ledger-"));
  return { HOME: dir, XDG_STATE_HOME: join(dir, "state") };
};
const firstFree = (from: number) => (used: UsedStamps) => {
  let stamp = from;
  while (used.has(stamp)) stamp++;
  return stamp;
};
const NOW = 1_700_000_000_000;

/** The range a process reserves with one lock (RESERVE_MS in stamp-ledger.ts). */
const RESERVE = 200;
const lines = (env: NodeJS.ProcessEnv) =>
  readFileSync(stampLedgerPath(env, "key-1"), "utf8").trimEnd().split("\n");

it("two processes on one key never take the same stamp; each lock reserves a range, written as one line", async () => {
  const env = home();
  const a = stampLedger(env, "key-1");
  const b = stampLedger(env, "key-1");
  const taken: number[] = [];
  for (let i = 0; i < 50; i++) taken.push(await (i % 3 === 0 ? b : a).claim(firstFree(NOW), NOW));
  expect(new Set(taken).size).toBe(50);
  // b went first and reserved a range from the clock; a reads it and takes the first stamps past
  // it, each alone (a range so far ahead of the clock is not reserved).
  const ofA = taken.filter((_, i) => i % 3 !== 0);
  const ofB = taken.filter((_, i) => i % 3 === 0);
  expect(ofB).toEqual(Array.from({ length: ofB.length }, (_, i) => NOW + i));
  expect(ofA).toEqual(Array.from({ length: ofA.length }, (_, i) => NOW + RESERVE + i));
  // A generation line, b's range as one line (its stamps add none), then a's stamps one a line.
  expect(lines(env)).toEqual([
    expect.stringMatching(/^v2 \S+$/),
    `r ${NOW} ${NOW + RESERVE - 1}`,
    ...ofA.map(String),
  ]);
});

it("a range stops short of a stamp another process used, and a process past its range reserves anew", async () => {
  const env = home();
  const path = stampLedgerPath(env, "key-1");
  const old = stampLedger(env, "key-1");
  await old.claim(firstFree(NOW + 50), NOW + 50); // its range: NOW+50 …
  const a = stampLedger(env, "key-1");
  expect(await a.claim(firstFree(NOW), NOW)).toBe(NOW);
  // Up to the other range's first stamp, not into it.
  expect(lines(env).at(-1)).toBe(`r ${NOW} ${NOW + 49}`);
  const size = statSync(path).size;
  for (let i = 1; i < 50; i++) expect(await a.claim(firstFree(NOW), NOW)).toBe(NOW + i);
  expect(statSync(path).size).toBe(size); // no line for a stamp inside the range
  // Past it, the other's range skipped: far ahead of the clock, a stamp alone…
  expect(await a.claim(firstFree(NOW), NOW)).toBe(NOW + 50 + RESERVE);
  expect(lines(env).at(-1)).toBe(`${NOW + 50 + RESERVE}`);
  // …and once the clock is there, a new range under the lock.
  const at = NOW + 50 + RESERVE + 1;
  expect(await a.claim(firstFree(NOW), at)).toBe(at);
  expect(lines(env).at(-1)).toBe(`r ${at} ${at + RESERVE - 1}`);
});

it("past 64 KB the file is written again with the stamps and ranges still kept; the other process reads it afresh", async () => {
  const env = home();
  const path = stampLedgerPath(env, "key-1");
  const a = stampLedger(env, "key-1");
  const b = stampLedger(env, "key-1");
  await a.claim(firstFree(NOW - 20_000), NOW - 20_000);
  // Stamps from 20 s ago (an older tradectl's lines), out of the service's window: forgotten
  // when the file is written again.
  const stale = Array.from({ length: 5_000 }, (_, i) => NOW - 40_000 + i).join("\n");
  appendFileSync(path, `${stale}\n${NOW + 10}\n`);
  const generation = () => readFileSync(path, "utf8").split("\n")[0];
  const first = generation();
  expect(statSync(path).size).toBeGreaterThan(64 * 1024);
  expect(await a.claim(firstFree(NOW), NOW)).toBe(NOW);
  expect(generation()).not.toBe(first);
  expect(lines(env).slice(1)).toEqual([`${NOW + 10}`, `r ${NOW} ${NOW + 9}`]);
  // b last read nothing of it: it reads the new generation whole, and skips what a holds.
  expect(await b.claim(firstFree(NOW), NOW)).toBe(NOW + 11);
});

it("a line cut short by a crash does not swallow the next line, and a file of the earlier format is read", async () => {
  const env = home();
  const path = stampLedgerPath(env, "key-1");
  await stampLedger(env, "key-1").claim(firstFree(NOW), NOW);
  appendFileSync(path, "170000"); // a write cut off mid-line
  const ledger = stampLedger(env, "key-1");
  expect(await ledger.claim(firstFree(NOW), NOW)).toBe(NOW + RESERVE);
  expect(lines(env).slice(1)).toEqual([
    `r ${NOW} ${NOW + RESERVE - 1}`,
    "170000",
    `${NOW + RESERVE}`,
  ]);
  // The earlier format: stamps alone, no generation line.
  writeFileSync(path, `${NOW}\n${NOW + 1}\n${NOW + 2}\n`);
  expect(await stampLedger(env, "key-1").claim(firstFree(NOW), NOW)).toBe(NOW + 3);
  // A process that had read the old file sees it replaced (shorter than it read) and starts over
  // when it next takes the lock, past its range.
  writeFileSync(path, `${NOW + 3}\n`);
  expect(await ledger.claim(firstFree(NOW + 2 * RESERVE), NOW + 2 * RESERVE)).toBe(
    NOW + 2 * RESERVE,
  );
  expect(lines(env)).toEqual([`${NOW + 3}`, `r ${NOW + 2 * RESERVE} ${NOW + 3 * RESERVE - 1}`]);
});
