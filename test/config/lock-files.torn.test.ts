import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";

/**
 * A lock's holder rewrites its own file in place for its next lock, and Node's readFile reads as
 * many bytes as the file had when it was opened: a reader that sized the file before a rewrite
 * to a longer token gets the new token cut short. That read is made here at will: `cut` shortens
 * the next read of the lock itself by one byte, as a rewrite one byte longer would.
 */
const reads = vi.hoisted(() => ({
  lock: "",
  cut: 0,
  renames: [] as string[],
  /** Called when the lock is read back from where a breaker moved it. */
  onAside: null as (() => Promise<void>) | null,
}));
vi.mock("node:fs", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs")>();
  const promises = {
    ...fs.promises,
    async readFile(path: string, options: unknown) {
      if (String(path).startsWith(`${reads.lock}.stale-`)) await reads.onAside?.();
      const text = (await fs.promises.readFile(path, options as "utf8")) as string;
      if (path !== reads.lock || reads.cut === 0) return text;
      reads.cut--;
      return text.slice(0, -1);
    },
    async rename(from: string, to: string) {
      reads.renames.push(String(from));
      return fs.promises.rename(from, to);
    },
  };
  return { ...fs, promises };
});

/** The lock module loaded again under the mock (the suite's setup has loaded it without). */
async function mockedLocks() {
  vi.resetModules();
  const { acquireLockFile } = await import("../../src/config/lock-files.js");
  const { TradectlError } = await import("../../src/errors.js");
  const { asIs } = await import("../../src/i18n/index.js");
  const options = (clock: { now: number }) => ({
    timeoutMs: 1_000,
    staleAfterMs: 60 * 60 * 1000,
    now: () => clock.now,
    sleep: async (ms: number) => {
      clock.now += ms;
    },
    timeoutError: () => new TradectlError("usage", asIs("still held")),
  });
  return { acquireLockFile, TradectlError, options };
}

describe.runIf(process.platform === "linux")("a lock read while its holder rewrites it", () => {
  it("a live holder's token read cut short is read again, never broken: the lock stays its holder's, and is had once released", async () => {
    const { acquireLockFile, TradectlError, options } = await mockedLocks();
    const dir = mkdtempSync(join(tmpdir(), "tradectl-lock-"));
    const lock = join(dir, "21.claim");
    reads.lock = lock;
    const clock = { now: 0 };
    // The holder: this process, alive, its start time in the token. Cut by one byte, the start
    // time is another process's, so a reader trusting that one read takes the holder for dead.
    const held = await acquireLockFile(lock, options(clock));
    const token = readFileSync(lock, "utf8");
    expect(token).toMatch(new RegExp(`^${process.pid} \\S+ 0 \\d+$`));
    const { ino } = statSync(lock);
    // The holder releases its lock at the worst moment: while a breaker has it moved aside.
    reads.onAside = async () => {
      reads.onAside = null;
      await held.release();
    };
    reads.cut = 1;
    reads.renames = [];
    const waiting = await acquireLockFile(lock, options(clock)).catch((e: unknown) => e);
    // Waited for its holder, as a live holder's lock is: nothing moved aside.
    expect(waiting).toBeInstanceOf(TradectlError);
    expect(reads.cut).toBe(0);
    expect(reads.renames).toEqual([]);
    expect(readFileSync(lock, "utf8")).toBe(token);
    expect(statSync(lock).ino).toBe(ino);
    // Released, it is free to take (no lock left behind that names a holder who let it go).
    reads.onAside = null;
    await held.release();
    const next = await acquireLockFile(lock, options(clock));
    expect(readFileSync(lock, "utf8")).not.toBe(token);
    await next.release();
  });
});
