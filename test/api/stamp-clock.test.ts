import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { StampClock } from "../../src/api/stamp-clock.js";
import { stampLedger, stampLedgerPath } from "../../src/config/stamp-ledger.js";

describe("StampClock after a clock correction", () => {
  it("follows a server that runs behind us, so the corrected stamp is inside its window", () => {
    let now = 1_700_000_000_000;
    const clock = new StampClock(() => now);
    for (let i = 0; i < 5; i++) clock.next();
    clock.offsetMs = -9_000;
    const corrected = Number(clock.next());
    expect(corrected).toBe(now - 9_000);
    now += 1;
    expect(Number(clock.next())).toBe(now - 9_000);
  });

  it("never hands out a stamp twice when a correction steps back over stamps already used", () => {
    const now = 1_700_000_000_000;
    const clock = new StampClock(() => now);
    const seen = new Set<string>();
    for (let i = 0; i < 50; i++) seen.add(clock.next()); // now … now+49
    clock.offsetMs = 20; // now+20 … lands on stamps already used
    for (let i = 0; i < 100; i++) {
      const stamp = clock.next();
      expect(seen.has(stamp)).toBe(false);
      seen.add(stamp);
    }
    expect(seen.size).toBe(150);
  });
});

describe("StampClock with a ledger shared by processes", () => {
  it("two clocks on one ledger file, started in the same millisecond, never share a stamp", async () => {
    const home = mkdtempSync(join(tmpdir(), "tradectl-stamps-"));
    const env = { HOME: home, XDG_STATE_HOME: join(home, "state") };
    const now = () => 1_700_000_000_000; // every "process" reads the same clock
    const a = new StampClock(now, stampLedger(env, "key-1"));
    const b = new StampClock(now, stampLedger(env, "key-1"));
    const other = new StampClock(now, stampLedger(env, "key-2"));
    const stamps = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? a : b).take()),
    );
    expect(new Set(stamps).size).toBe(40);
    // Another key has stamps of its own: it starts at the clock again.
    expect(await other.take()).toBe("1700000000000");
    // The file names the key by a hash, never the key itself.
    expect(readFileSync(stampLedgerPath(env, "key-1"), "utf8")).not.toMatch(/key-1/);
    expect(stampLedgerPath(env, "key-1")).not.toMatch(/key-1/);
  });

  it("short runs one after another (each its own ledger, a few stamps): never a stamp twice, never more than a range ahead of the clock", async () => {
    const home = mkdtempSync(join(tmpdir(), "tradectl-stamps-"));
    const env = { HOME: home, XDG_STATE_HOME: join(home, "state") };
    let now = 1_700_000_000_000;
    const all = new Set<string>();
    for (let run = 0; run < 200; run++) {
      const clock = new StampClock(() => now, stampLedger(env, "key-1"));
      for (let i = 0; i < 3; i++) {
        const stamp = await clock.take();
        expect(all.has(stamp)).toBe(false);
        all.add(stamp);
        // The service refuses a stamp more than ~5 s from its clock: a run's range must not
        // push the next run's stamps ahead, run after run.
        expect(Number(stamp) - now).toBeLessThanOrEqual(250);
      }
      now += 5; // 200 runs in one second
    }
  });

  it("falls back to this process's own stamps when the ledger cannot be written", async () => {
    const broken = { claim: () => Promise.reject(new Error("EROFS")) };
    const clock = new StampClock(() => 5_000, broken);
    expect([await clock.take(), await clock.take()]).toEqual(["5000", "5001"]);
  });
});

describe("StampClock with ranges reserved in the ledger", () => {
  it("three processes taking stamps in turn on a moving clock: never one stamp twice, each strictly increasing, at most 200 ms ahead per other process", async () => {
    const home = mkdtempSync(join(tmpdir(), "tradectl-stamps-"));
    const env = { HOME: home, XDG_STATE_HOME: join(home, "state") };
    let now = 1_700_000_000_000;
    const clocks = [0, 1, 2].map(() => new StampClock(() => now, stampLedger(env, "key-1")));
    const all = new Set<string>();
    const last = [0, 0, 0];
    for (let i = 0; i < 3_000; i++) {
      const who = (i * 7) % 3;
      const stamp = await clocks[who]!.take();
      expect(all.has(stamp)).toBe(false);
      all.add(stamp);
      expect(Number(stamp)).toBeGreaterThan(last[who]!);
      last[who] = Number(stamp);
      // Ahead of the clock by no more than the two other processes' ranges.
      expect(Number(stamp) - now).toBeLessThanOrEqual(2 * 200);
      now += 2; // each process takes a stamp every 6 ms: its own stamps never outrun the clock
    }
  });
});
