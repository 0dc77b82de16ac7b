// Lock files shared by processes: taken, waited for, broken when their holder is gone, so read-modify-write cycles queue instead of losing each other's changes.
// fs.promises, not node:fs/promises: a lazy getter, so a run that takes no lock (--help, a Tab
// completion) never loads it (nor the readline and stream modules it brings).
import { promises as fsp, readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { TradectlError } from "../errors.js";
import { msg } from "../i18n/index.js";
import { fileError, randomHex } from "./files.js";
import { linkLock, removeOwnFiles, unlinkLock } from "./lock-links.js";

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * When process `pid` started, in clock ticks since boot (Linux `/proc/PID/stat`, field 22); null
 * where it cannot be read. A pid names one process only while that process lives: the same pid
 * with another start time is another process (pid reuse, or a container restarted as pid 1).
 */
function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The name in parentheses may hold spaces: the fields after it are counted from its end.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

let ownStart: string | null | undefined;

/** Whether `pid` is alive and is the process that started at `start` (both known). */
function provenAlive(pid: number, start: string | null): boolean {
  if (start === null || !processIsAlive(pid)) return false;
  if (pid === process.pid) ownStart ??= processStart(pid);
  return (pid === process.pid ? ownStart : processStart(pid)) === start;
}

/** Whether the holder `pid` that started at `start` (when recorded) is still that process. */
function holderIsAlive(pid: number, start: string | null): boolean {
  if (!processIsAlive(pid)) return false;
  if (start === null) return true;
  if (pid === process.pid) ownStart ??= processStart(pid);
  const now = pid === process.pid ? ownStart : processStart(pid);
  return now === null || now === start;
}

/** A lock held longer than this is taken to belong to a crashed process. */
const STALE_LOCK_MS = 10_000;
const LOCK_WAIT_MS = 15_000;
/** An empty lock file older than this was left by a process that died while taking it. */
const EMPTY_LOCK_MS = 5_000;

/** A lock file taken by `acquireLockFile`: `release` removes it, if it is still ours. */
export interface HeldLock {
  release(): Promise<void>;
  /** Whether another process held it when we first asked (so what it did may be read now). */
  waited: boolean;
}

/** Who holds a lock file, as its content says. */
export interface LockHolder {
  pid: number | null;
  /** When it was taken (Unix ms), when the content says. */
  since: number | null;
  /** When the holder process started (processStart), when the content says. */
  start: string | null;
}

export interface LockFileOptions {
  /** How long to wait for the holder before giving up (`timeoutError`). */
  timeoutMs: number;
  /** A lock older than this is taken to be a crashed process's even if its pid lives on; null: only a dead pid makes it stale. */
  staleAfterMs: number | null;
  /** The clock (Unix ms) and the wait between polls: injected, so tests never wait for real. */
  now: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  signal?: AbortSignal;
  /**
   * Called once, the first time the lock is found held, before any wait (the wait's clock starts
   * after it): a caller holding other locks gives them up here, so no two processes each wait
   * for a lock the other holds until both time out.
   */
  beforeWait?: () => Promise<void>;
  /** The error once `timeoutMs` has passed with the lock still held. */
  timeoutError(holder: LockHolder): TradectlError;
}

function holderOf(content: string): LockHolder {
  const [pidText, , sinceText, startText] = content.split(" ");
  const pid = Number(pidText);
  const since = Number(sinceText);
  return {
    pid: Number.isSafeInteger(pid) && pid > 0 ? pid : null,
    since: Number.isSafeInteger(since) && since > 0 ? since : null,
    start: startText && /^[0-9]+$/.test(startText) ? startText : null,
  };
}

/**
 * Takes `lockPath`, a lock shared by every process: a file created with O_EXCL holding the
 * owner's pid, a unique token and the time. A lock whose owner died (its pid is gone, or, with
 * `staleAfterMs`, it is older than that) is moved aside and removed; the move is checked so
 * that two processes breaking the same stale lock cannot remove a fresh one taken in between.
 * The directory must exist. Taking and releasing are synchronous calls (a few small ones, on
 * every declaration a batch confirms): through the thread pool they cost a round trip each,
 * about a millisecond a confirmation (BENCHMARKS.md, the batch row); waiting sleeps as ever.
 */
export async function acquireLockFile(
  lockPath: string,
  options: LockFileOptions,
): Promise<HeldLock> {
  const token = holderToken(options.now());
  let deadline = options.now() + options.timeoutMs;
  let waited = false;
  let beforeWait = options.beforeWait;
  for (let attempt = 0; ; attempt++) {
    options.signal?.throwIfAborted();
    try {
      createLockFile(lockPath, token);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") {
        throw fileError("create the lock file", lockPath, error);
      }
    }
    if (await breakStaleLock(lockPath, options.staleAfterMs)) continue;
    waited = true;
    if (beforeWait) {
      await beforeWait();
      beforeWait = undefined;
      deadline = options.now() + options.timeoutMs;
      continue;
    }
    if (options.now() > deadline) {
      const content = await fsp.readFile(lockPath, "utf8").catch(() => "");
      throw options.timeoutError(holderOf(content));
    }
    await options.sleep(Math.min(50, 1 + attempt) * (0.5 + Math.random()), options.signal);
  }
  return {
    waited,
    async release() {
      unlinkLock(lockPath, token);
    },
  };
}

/** What a lock file holds: pid, a unique token, the time taken, the process start (holderOf). */
function holderToken(now: number): string {
  ownStart ??= processStart(process.pid);
  return `${process.pid} ${lockToken()} ${now}${ownStart === null ? "" : ` ${ownStart}`}`;
}

/** Unique across processes: random per process, counted within it (random bytes per lock cost). */
let tokenStem: string | null = null;
let tokensTaken = 0;
function lockToken(): string {
  tokenStem ??= randomHex(6);
  return `${tokenStem}${(tokensTaken++).toString(36)}`;
}

/**
 * Creates the lock file holding `token`; EEXIST when another process holds it. The lock file is
 * never seen half written: the token is written to a file of this process's own and linked into
 * place (lock-links.ts: a reader of a half-written pid or start time would take a live holder
 * for a dead one and break its lock, a lost config update seen with six logins at once on a
 * loaded machine).
 */
const createLockFile = (lockPath: string, token: string): void =>
  linkLock(lockPath, token, lockToken);

/**
 * Runs `fn` while holding `lockPath` (see acquireLockFile): for the short read-modify-write
 * cycles of the config file, the sandbox state, the receipts and the stamp ledger, so a lock
 * held longer than STALE_LOCK_MS is taken to be a crashed process's.
 */
export async function withFileLock<T>(lockPath: string, fn: () => T | Promise<T>): Promise<T> {
  const lock = await acquireLockFile(lockPath, {
    timeoutMs: LOCK_WAIT_MS,
    staleAfterMs: STALE_LOCK_MS,
    now: Date.now,
    sleep: (ms) => sleep(ms),
    timeoutError: () =>
      new TradectlError("usage", msg("lock.heldTooLong", { path: lockPath }), {
        hint: msg("lock.heldTooLongHint"),
      }),
  });
  try {
    return await fn();
  } finally {
    await lock.release();
  }
}

/**
 * Runs `fn` holding `lockPath`, synchronously, for a last write as the process exits (no
 * promise runs then): the lock is tried for up to `waitMs`, a stale one not broken. False when
 * the lock was not had (`fn` did not run). The own files are removed after it: the exit's own
 * clean-up may have run already.
 */
export function withFileLockSync(lockPath: string, fn: () => void, waitMs: number): boolean {
  const token = holderToken(Date.now());
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (const giveUpAt = Date.now() + waitMs; ; ) {
    try {
      createLockFile(lockPath, token);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || Date.now() > giveUpAt) {
        removeOwnFiles();
        return false;
      }
    }
    Atomics.wait(pause, 0, 0, 2);
  }
  try {
    fn();
  } finally {
    unlinkLock(lockPath, token);
    removeOwnFiles();
  }
  return true;
}

async function breakStaleLock(lockPath: string, staleAfterMs: number | null): Promise<boolean> {
  let content: string;
  let age: number;
  try {
    content = await fsp.readFile(lockPath, "utf8");
    age = Date.now() - (await fsp.stat(lockPath)).mtimeMs;
  } catch {
    return true; // Gone already: try again at once.
  }
  const { pid, start } = holderOf(content);
  const dead = content !== "" && pid !== null && !holderIsAlive(pid, start);
  // An empty lock is a process that died between creating and writing it (or is writing now).
  // A holder proven alive (its start time on record is its start time now) is never stale by
  // age: a slow holder on a loaded machine still writes after us, and its update would be lost.
  // The age bound is for holders that cannot be told from another process with the same pid.
  const limit =
    content === "" ? EMPTY_LOCK_MS : pid !== null && provenAlive(pid, start) ? null : staleAfterMs;
  if (!dead && (limit === null || age < limit)) return false;
  // Read it again before breaking it. A holder's own file is rewritten in place for its next lock
  // (lock-links.ts), and a read sized before that rewrite returns the new, longer token cut to
  // the old length: a start time cut short reads as another process's, a live holder as dead.
  // Moving a live lock aside, with its holder releasing it before it is put back, left a lock
  // that nobody held and nobody could break: every process then waited on it to its timeout.
  const again = await fsp.readFile(lockPath, "utf8").catch(() => null);
  if (again === null) return true; // Gone already: try again at once.
  if (again !== content) return false; // Being rewritten: a live holder's.
  const aside = `${lockPath}.stale-${process.pid}-${randomHex(4)}`;
  try {
    await fsp.rename(lockPath, aside);
  } catch {
    return true;
  }
  const moved = await fsp.readFile(aside, "utf8").catch(() => content);
  // Someone else broke it first and a fresh lock was moved by mistake: put it back.
  if (moved !== content) await fsp.link(aside, lockPath).catch(() => {});
  await fsp.unlink(aside).catch(() => {});
  return true;
}
