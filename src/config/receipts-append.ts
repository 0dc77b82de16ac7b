// Appending one receipts line whole or not at all: torn tails set aside, short writes looped, the head anchor kept.
import {
  type BigIntStats,
  closeSync,
  fchmodSync,
  fstatSync,
  fsync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readSync,
  statSync,
  writeSync,
} from "node:fs";
import { fileError } from "./files.js";
import { type Entry, GENESIS, sha256 } from "./receipts-chain.js";
import { countNewlines, readHead, writeHead } from "./receipts-head.js";

/** Where the lines cut short by a crash are kept once set aside (one JSON object a line). */
export const tornPath = (receipts: string) => `${receipts}.torn`;

/** The last line of the first `size` bytes of an open file: its text, where it starts, whether a newline ends it. */
export function lastLine(
  fd: number,
  size: number,
): { line: string | null; start: number; endsInNewline: boolean } {
  if (size === 0) return { line: null, start: 0, endsInNewline: true };
  let chunk = 4096;
  for (;;) {
    const start = Math.max(0, size - chunk);
    const buffer = Buffer.alloc(size - start);
    readSync(fd, buffer, 0, buffer.length, start);
    const endsInNewline = buffer[buffer.length - 1] === 0x0a;
    const body = endsInNewline ? buffer.subarray(0, buffer.length - 1) : buffer;
    const cut = body.lastIndexOf(0x0a);
    if (cut >= 0 || start === 0) {
      return {
        line: body.subarray(cut + 1).toString("utf8"),
        start: start + cut + 1,
        endsInNewline,
      };
    }
    chunk *= 4;
  }
}

/**
 * Writes all of `bytes` at the end: a write may take fewer bytes than it was given (a disk
 * nearly full), so it is written on until done, and a write that takes none is a full disk.
 */
function writeWhole(fd: number, bytes: Buffer): void {
  let done = 0;
  while (done < bytes.length) {
    const n = writeSync(fd, bytes, done, bytes.length - done);
    if (n <= 0) throw Object.assign(new Error("no space left"), { code: "ENOSPC" });
    done += n;
  }
}

/**
 * A last line without its newline, under the append lock, is a write cut short by a crash (each
 * append writes its whole line or cuts it back): its request was never sent, since a request is
 * sent only after its line is on disk. It is copied to the `.torn` file, flushed, and cut off,
 * so the chain goes on from the last whole line and `receipts verify` can still name it.
 */
function setAsideTornTail(
  path: string,
  fd: number,
  start: number,
  size: number,
  now: number,
): void {
  const torn = Buffer.alloc(size - start);
  readSync(fd, torn, 0, torn.length, start);
  const record = {
    time: new Date(now).toISOString(),
    offset: start,
    length: torn.length,
    text: torn.toString("utf8"),
  };
  const aside = openSync(tornPath(path), "a", 0o600);
  try {
    writeWhole(aside, Buffer.from(`${JSON.stringify(record)}\n`));
    fsyncSync(aside);
  } finally {
    closeSync(aside);
  }
  ftruncateSync(fd, start);
}

/**
 * The count of whole lines in the first `size` bytes, from the head when it fits what the file
 * holds (lines appended after it, by a run killed between its line and its head, are counted);
 * null when the head does not fit the file (lines removed or edited at the end): it is then
 * left as it is, for `receipts verify` to name.
 */
function countFromHead(path: string, fd: number, size: number, lastHash: string): number | null {
  const head = readHead(path);
  if (head === "unreadable") return null;
  if (head === null) return size === 0 ? 0 : countNewlines(fd, 0, size); // a file from before heads
  if (head.bytes > size) return null;
  const atHead = head.bytes === size ? lastHash : hashOf(lastLine(fd, head.bytes).line);
  if (atHead !== head.last) return null;
  return head.count + (head.bytes === size ? 0 : countNewlines(fd, head.bytes, size));
}

const hashOf = (line: string | null) => (line === null ? GENESIS : sha256(line));

/**
 * What this process's last append left: the file still open, and what it knows of it then. When
 * the file is the same at the next append (same inode, size and change time: nobody wrote,
 * replaced or edited it meanwhile), the last line's hash and the count are known, and nothing
 * is read again: a batch appends twice per confirmation, and the reads, opens and the head's
 * read were a dozen calls of each. One per file for the process (a watch opens its receipts
 * every cycle): the file is kept open until the process ends.
 */
interface Known {
  fd: number;
  stat: BigIntStats;
  /** sha256 of the last line. */
  last: string;
  /** The whole lines, or null when the head did not fit the file (left as it is). */
  count: number | null;
}
const known = new Map<string, Known>();

const same = (a: BigIntStats, b: BigIntStats) =>
  a.ino === b.ino && a.dev === b.dev && a.size === b.size && a.ctimeNs === b.ctimeNs;

/** The file as this process left it, or null (then forgotten, its descriptor closed). */
function unchanged(path: string): Known | null {
  const was = known.get(path);
  if (!was) return null;
  let now: BigIntStats | undefined;
  try {
    now = statSync(path, { bigint: true, throwIfNoEntry: false });
  } catch {}
  if (now && same(now, was.stat)) return was;
  forget(path);
  return null;
}

function forget(path: string): void {
  const was = known.get(path);
  if (!was) return;
  known.delete(path);
  try {
    closeSync(was.fd);
  } catch {}
}

/** Lines written at the end of the file, not yet flushed nor anchored by the head. */
interface Written {
  path: string;
  fd: number;
  /** What this process knew of the file before (null: opened for this append). */
  was: Known | null;
  /** The file's size before: cut back to it on failure. */
  size: number;
  /** Whole lines before, or null when the head does not fit the file. */
  count: number | null;
  entries: number;
  /** The file's size after the lines. */
  end: number;
  /** sha256 of the last line written. */
  last: string;
}

/**
 * Appends `entries`, each chained to the line before it (the first to the last whole line), as
 * whole lines or not at all: on any failure (a full disk) the file is cut back to what it was,
 * and the error says why (kind `io` for a full disk). Then the head. Not flushed: the lines go to
 * disk with the next flush (appendFlushed). The caller holds the append lock.
 */
export function appendWhole(
  path: string,
  entries: readonly Omit<Entry, "prev">[],
  now: number,
): void {
  anchor(writeLines(path, entries, now));
}

/**
 * As appendWhole, and the lines on disk before it resolves (the head follows them to disk with
 * the next flush). The fsync runs in the thread pool, not on the event loop: a batch prepares
 * its next request while a POST is in flight (declare/send-ahead.ts), and the answer to that
 * POST, come meanwhile, is read and judged during this flush instead of after it (a synchronous
 * fsync held the answer back by the flush's length, about 2 ms a confirmation). The caller
 * holds the append lock until it resolves, so no other append (of this process or another)
 * comes between the lines and their head; nothing is sent before it resolves.
 */
export async function appendFlushed(
  path: string,
  entries: readonly Omit<Entry, "prev">[],
  now: number,
): Promise<void> {
  const written = writeLines(path, entries, now);
  try {
    await new Promise<void>((resolve, reject) =>
      fsync(written.fd, (error) => (error ? reject(error) : resolve())),
    );
  } catch (error) {
    cutBack(written, error);
  }
  anchor(written);
}

/** `entries` written whole at the end of the file (cut back and thrown on failure). */
function writeLines(path: string, entries: readonly Omit<Entry, "prev">[], now: number): Written {
  const was = unchanged(path);
  let fd: number;
  try {
    fd = was ? was.fd : openSync(path, "a+", 0o600);
  } catch (error) {
    throw fileError("write", path, error);
  }
  let size: number;
  let prev: string;
  let count: number | null;
  try {
    if (was) {
      size = Number(was.stat.size);
      prev = was.last;
      count = was.count;
    } else {
      // The creation mode passes through the umask, and an older file may have been widened.
      if ((fstatSync(fd).mode & 0o777) !== 0o600) fchmodSync(fd, 0o600);
      size = fstatSync(fd).size;
      let last = lastLine(fd, size);
      if (!last.endsInNewline) {
        setAsideTornTail(path, fd, last.start, size, now);
        size = last.start;
        last = lastLine(fd, size);
      }
      prev = hashOf(last.line);
      count = countFromHead(path, fd, size, prev);
    }
  } catch (error) {
    throw letGo({ path, fd, was }, error);
  }
  let hash = prev;
  let text = "";
  for (const entry of entries) {
    const line = JSON.stringify({ prev: hash, ...entry });
    hash = sha256(line);
    text += `${line}\n`;
  }
  const bytes = Buffer.from(text);
  const end = size + bytes.length;
  const written: Written = { path, fd, was, size, count, entries: entries.length, end, last: hash };
  try {
    writeWhole(fd, bytes);
  } catch (error) {
    cutBack(written, error);
  }
  return written;
}

/**
 * The head written after the lines (not flushed, even after flushed lines: the lines are on disk
 * before the head is written, so a head a crash leaves behind is this one or an older one, and
 * lines after an older head are counted, countFromHead; a second fsync per request cost as much
 * as the first, BENCHMARKS.md, the batch row), and the file as this append left it kept.
 */
function anchor(written: Written): void {
  const { path, fd, count, entries, end, last } = written;
  if (count !== null) {
    try {
      writeHead(path, { count: count + entries, bytes: end, last });
    } catch (error) {
      cutBack(written, error);
    }
  }
  let stat: BigIntStats;
  try {
    stat = fstatSync(fd, { bigint: true });
  } catch (error) {
    throw letGo(written, error);
  }
  known.set(path, { fd, stat, last, count: count === null ? null : count + entries });
}

/** A failed append: what was written of it goes (shrinking needs no space), then thrown. */
function cutBack(written: Written, error: unknown): never {
  try {
    ftruncateSync(written.fd, written.size);
    fsyncSync(written.fd);
  } catch {}
  throw letGo(written, error);
}

/** The descriptor let go after a failure (forgotten, or closed), and the error to throw. */
function letGo(at: Pick<Written, "path" | "fd" | "was">, error: unknown): unknown {
  if (at.was) forget(at.path);
  else {
    try {
      closeSync(at.fd);
    } catch {}
  }
  return fileError("write", at.path, error);
}
