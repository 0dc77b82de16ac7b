// Lock files linked into place from files a process keeps for the purpose: a lock costs two directory changes, not four.
import {
  closeSync,
  fstatSync,
  ftruncateSync,
  linkSync,
  lstatSync,
  openSync,
  readFileSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { dirname, join } from "node:path";

/**
 * A lock file must appear whole (a reader of half a pid would take a live holder for a dead one),
 * so its token is written to a file of our own first and linked into place. That was a new file
 * for every lock: created, linked, its own name removed, and the lock removed at release: four
 * changes to a directory. On ext4 every directory change is committed with the next fsync on the
 * filesystem, and a batch takes four locks around the one fsync of each confirmation: the durable
 * script with four such cycles added before each fsync slowed to tradectl's time (BENCHMARKS.md,
 * the batch row). So a process keeps its own files between locks, per directory: one that is no
 * lock is written with the token, linked as the lock, and kept again once the lock's name is
 * removed. A lock is then a link and an unlink.
 *
 * An own file is written only while it has no other name (fstat's link count is 1): one still
 * named as a lock (not released as ours) or moved aside by a process breaking it as stale is
 * dropped. A reader that opened the lock before it was released may still read the file as it
 * is rewritten, the new token cut to the length it had when opened: a reader decides that a
 * holder is gone only on two reads that agree (lock-files.ts, breakStaleLock). Own files are removed
 * at exit; a killed process leaves its own behind (`.lock-own.PID-…`, a line each), as it
 * leaves its locks.
 */
interface Own {
  path: string;
  fd: number;
  /** Its inode (a lock that is this inode is ours: no need to read it back). */
  ino: bigint;
  dev: bigint;
  /** How many bytes it holds: cut only when a token is shorter. */
  length: number;
}

/** Own files that are no lock, by directory. */
const spare = new Map<string, Own[]>();
/** The own file linked as each lock this process holds. */
const linked = new Map<string, Own>();
let removedAtExit = false;

/**
 * Takes `lockPath` holding `token`; EEXIST when another holder has it. `unique` gives a name part
 * no other process uses (for a new own file).
 */
export function linkLock(lockPath: string, token: string, unique: () => string): void {
  const dir = dirname(lockPath);
  const own = takeOwn(dir, unique);
  try {
    const bytes = Buffer.from(token);
    let done = 0;
    while (done < bytes.length) {
      const n = writeSync(own.fd, bytes, done, bytes.length - done, done);
      if (n <= 0) throw Object.assign(new Error("no space left"), { code: "ENOSPC" });
      done += n;
    }
    if (bytes.length < own.length) ftruncateSync(own.fd, bytes.length);
    own.length = bytes.length;
    linkSync(own.path, lockPath);
  } catch (error) {
    keepOwn(dir, own);
    throw error;
  }
  linked.set(lockPath, own);
}

/**
 * Removes `lockPath` if it is still ours (one broken as stale meanwhile is someone else's): the
 * own file linked as it (same inode: one stat, not an open and a read of it), else a lock file
 * that holds `token`.
 */
export function unlinkLock(lockPath: string, token: string): void {
  const own = linked.get(lockPath);
  linked.delete(lockPath);
  if (isOurs(lockPath, own, token)) {
    try {
      unlinkSync(lockPath);
    } catch {}
  }
  if (own) keepOwn(dirname(lockPath), own);
}

function isOurs(lockPath: string, own: Own | undefined, token: string): boolean {
  try {
    if (own) {
      const lock = lstatSync(lockPath, { bigint: true });
      return lock.ino === own.ino && lock.dev === own.dev;
    }
    return readFileSync(lockPath, "utf8") === token;
  } catch {
    return false;
  }
}

function keepOwn(dir: string, own: Own): void {
  const list = spare.get(dir);
  if (list) list.push(own);
  else spare.set(dir, [own]);
}

/** An own file in `dir` that has no other name, made when there is none. */
function takeOwn(dir: string, unique: () => string): Own {
  const list = spare.get(dir) ?? [];
  for (let own = list.pop(); own; own = list.pop()) {
    let alone = false;
    try {
      alone = fstatSync(own.fd).nlink === 1;
    } catch {}
    if (alone) return own;
    drop(own);
  }
  const path = join(dir, `.lock-own.${process.pid}-${unique()}`);
  const fd = openSync(path, "wx+", 0o600);
  const { ino, dev } = fstatSync(fd, { bigint: true });
  const own: Own = { path, fd, ino, dev, length: 0 };
  if (!removedAtExit) {
    removedAtExit = true;
    process.once("exit", removeOwnFiles);
  }
  return own;
}

function drop(own: Own): void {
  try {
    closeSync(own.fd);
  } catch {}
  try {
    unlinkSync(own.path);
  } catch {}
}

/** Removes this process's own files now (an exiting process's last lock: none is kept for later). */
export function removeOwnFiles(): void {
  for (const list of spare.values()) for (const own of list) drop(own);
  for (const own of linked.values()) drop(own);
  spare.clear();
  linked.clear();
}
