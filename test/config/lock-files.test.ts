import {
  linkSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { acquireLockFile } from "../../src/config/lock-files.js";
import { TradectlError } from "../../src/errors.js";
import { asIs } from "../../src/i18n/index.js";

/** This process's start time as Linux gives it (/proc/self/stat, field 22), read here on its own. */
function ownStartTime(): string {
  const stat = readFileSync("/proc/self/stat", "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] as string;
}

const onLinux = process.platform === "linux";

describe("lock files between processes", () => {
  it.runIf(onLinux)(
    "a holder proven alive (its pid and start time) is waited for however old its lock is, never broken as stale",
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "tradectl-lock-"));
      const lock = join(dir, "config.json.lock");
      writeFileSync(lock, `${process.pid} held ${Date.now()} ${ownStartTime()}`);
      const hourAgo = new Date(Date.now() - 3_600_000);
      utimesSync(lock, hourAgo, hourAgo);
      let clock = 0;
      const error = await acquireLockFile(lock, {
        timeoutMs: 1_000,
        staleAfterMs: 10_000,
        now: () => clock,
        sleep: async (ms) => {
          clock += ms + 100;
        },
        timeoutError: () => new TradectlError("usage", asIs("held too long")),
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TradectlError);
      expect(readFileSync(lock, "utf8")).toContain(" held ");
    },
  );

  it("a lock appears whole, linked from a file of the process's own that the next lock uses again", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tradectl-lock-"));
    const lock = join(dir, "x.lock");
    const options = {
      timeoutMs: 0,
      staleAfterMs: 10_000,
      now: () => 0,
      sleep: async () => {},
      timeoutError: () => new TradectlError("usage", asIs("held")),
    };
    const held = await acquireLockFile(lock, options);
    const names = readdirSync(dir).sort();
    expect(names).toHaveLength(2);
    expect(names[1]).toBe("x.lock");
    const own = join(dir, names[0]!);
    expect(names[0]).toMatch(new RegExp(`^\\.lock-own\\.${process.pid}-`));
    // The lock is the own file under a second name: the token was whole before it had that name.
    expect(statSync(own).ino).toBe(statSync(lock).ino);
    expect(readFileSync(lock, "utf8")).toMatch(new RegExp(`^${process.pid} \\S+ 0`));
    await held.release();
    expect(readdirSync(dir)).toEqual([names[0]]);
    // A shorter token after a longer one: the file holds the new token alone.
    const again = await acquireLockFile(lock, { ...options, now: () => 1 });
    expect(readdirSync(dir).sort()).toEqual(names);
    expect(readFileSync(lock, "utf8")).toMatch(new RegExp(`^${process.pid} \\S+ 1( \\d+)?$`));
    await again.release();
    expect(readdirSync(dir)).toEqual([names[0]]);
  });

  it("an own file still named by a lock that was not released as ours is never written again", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tradectl-lock-"));
    const lock = join(dir, "y.lock");
    const options = {
      timeoutMs: 0,
      staleAfterMs: null,
      now: () => 0,
      sleep: async () => {},
      timeoutError: () => new TradectlError("usage", asIs("held")),
    };
    const held = await acquireLockFile(lock, options);
    const token = readFileSync(lock, "utf8");
    // Another process's token where ours was: release leaves that lock alone.
    const other = join(dir, "elsewhere");
    linkSync(lock, other);
    unlinkSync(lock);
    writeFileSync(lock, "1 other 5");
    await held.release();
    expect(readFileSync(lock, "utf8")).toBe("1 other 5");
    // Our old file is still named `elsewhere` (as a lock moved aside would be): a new lock
    // elsewhere in the folder uses a new own file, and `elsewhere` keeps our old token.
    const next = await acquireLockFile(join(dir, "z.lock"), options);
    expect(readFileSync(other, "utf8")).toBe(token);
    await next.release();
  });
});
