// Appending one receipts line whole or not at all: torn tails set aside, short writes looped, the head anchor kept.
import {
  type BigIntStats,
  closeSync,
  fchmodSync,
  fstatSync,
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

/**
 * Appends `entries`, each chained to the line before it (the first to the last whole line), as
 * whole lines or not at all: on any failure (a full disk) the file is cut back to what it was,
 * and the error says why (kind `io` for a full disk). Then the head. `flush`: the lines on disk
 * before it returns (the head follows them to disk with the next flush). The caller holds the
 * append lock.
 */
export function appendWhole(
  path: string,
  entries: readonly Omit<Entry, "prev">[],
  flush: boolean,
  now: number,
): void {
  const was = unchanged(path);
  let fd: number;
  try {
    fd = was ? was.fd : openSync(path, "a+", 0o600);
  } catch (error) {
    throw fileError("write", path, error);
  }
  try {
    let size: number;
    let prev: string;
    let count: number | null;
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
    let hash = prev;
    let text = "";
    for (const entry of entries) {
      const line = JSON.stringify({ prev: hash, ...entry });
      hash = sha256(line);
      text += `${line}\n`;
    }
    const bytes = Buffer.from(text);
    try {
      writeWhole(fd, bytes);
      if (flush) fsyncSync(fd);
      // The head is not flushed, even for a flushed line: the line is on disk before the head is
      // written, so a head a crash leaves behind is this one or an older one, and lines after an
      // older head are counted (countFromHead). A second fsync per request cost as much as the
      // first (BENCHMARKS.md, the batch row).
      if (count !== null) {
        writeHead(path, {
          count: count + entries.length,
          bytes: size + bytes.length,
          last: hash,
        });
      }
    } catch (error) {
      // Shrinking needs no space: what was written of this line goes, and nothing is sent.
      try {
        ftruncateSync(fd, size);
        fsyncSync(fd);
      } catch {}
      throw error;
    }
    const stat = fstatSync(fd, { bigint: true });
    const lines = count === null ? null : count + entries.length;
    known.set(path, { fd, stat, last: hash, count: lines });
  } catch (error) {
    if (was) forget(path);
    else {
      try {
        closeSync(fd);
      } catch {}
    }
    throw fileError("write", path, error);
  }
}
