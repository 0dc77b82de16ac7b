import { mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { acquireLockFile } from "../../src/config/files.js";
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

  it("a lock appears whole: taking one leaves the lock file with its token and nothing else", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tradectl-lock-"));
    const lock = join(dir, "x.lock");
    const held = await acquireLockFile(lock, {
      timeoutMs: 0,
      staleAfterMs: 10_000,
      now: () => 0,
      sleep: async () => {},
      timeoutError: () => new TradectlError("usage", asIs("held")),
    });
    expect(readdirSync(dir)).toEqual(["x.lock"]);
    expect(readFileSync(lock, "utf8")).toMatch(new RegExp(`^${process.pid} \\S+ 0`));
    await held.release();
    expect(readdirSync(dir)).toEqual([]);
  });
});
