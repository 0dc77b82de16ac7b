// Where each declaration's receipt lines are: one streaming scan, then only what was appended, so a run reads its own lines, not the whole file.
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { fileError } from "./files.js";
import { type Entry, integrityError, parseEntry } from "./receipts-chain.js";

/**
 * Every entry names its declaration as `"declarationId":"<digits>"` (JSON.stringify writes the
 * entry's keys that way; a body is a JSON string, its quotes escaped, so it never matches).
 */
const KEY = Buffer.from('"declarationId":"');
const NEWLINE = 0x0a;
const QUOTE = 0x22;
/** Read in pieces this big: memory stays flat however long the file grows. */
const PIECE = 1 << 20;

type Found = (buffer: Buffer, key: number, start: number, stop: number, base: number) => void;

/** Calls `found` for each line of `buffer[0, whole)` (whole lines) that holds `pattern`. */
function findLines(buffer: Buffer, whole: number, pattern: Buffer, base: number, found: Found) {
  for (let next = 0; next < whole; ) {
    const key = buffer.indexOf(pattern, next);
    if (key === -1 || key >= whole) return;
    const start = buffer.lastIndexOf(NEWLINE, key) + 1;
    const stop = buffer.indexOf(NEWLINE, key);
    found(buffer, key, start, stop, base);
    next = stop + 1;
  }
}

/**
 * Calls `found` with the start and end of each whole line from `from` to `size` holding
 * `pattern`, reading in pieces into one buffer; returns where the whole lines end.
 */
function scan(fd: number, from: number, size: number, pattern: Buffer, found: Found): number {
  // Only what is read is looked at, so the buffer need not be zeroed; a batch scans a few
  // hundred new bytes per confirmation, and a megabyte zeroed for each was most of its garbage.
  let buffer = Buffer.allocUnsafe(Math.min(PIECE, Math.max(size - from, 1)));
  let base = from;
  let carried = 0;
  for (let at = from; at < size; ) {
    const room = Math.min(buffer.length - carried, size - at);
    const bytesRead = readSync(fd, buffer, carried, room, at);
    if (bytesRead <= 0) break;
    at += bytesRead;
    const filled = carried + bytesRead;
    const whole = buffer.lastIndexOf(NEWLINE, filled - 1) + 1;
    findLines(buffer, whole, pattern, base, found);
    // The piece's last line, not whole yet, moves to the front; a line longer than the
    // buffer makes it twice as large.
    carried = filled - whole;
    if (carried === buffer.length) {
      const larger = Buffer.allocUnsafe(buffer.length * 2);
      buffer.copy(larger, 0, 0, filled);
      buffer = larger;
    } else buffer.copy(buffer, 0, whole, filled);
    base += whole;
  }
  return base;
}

/**
 * The byte ranges of a declaration's lines, found without parsing the others. A confirmation
 * needs the lines of its declaration alone: with 250,000 entries on record, reading and parsing
 * all of them per run cost most of a second and half a gigabyte. The first declaration asked
 * for is looked for by its own key (`"declarationId":"ID"`, found at the speed of a byte search,
 * nothing kept but its lines); a second one (a batch) turns that into one index of every
 * declaration. Either way later reads scan only the bytes appended since. A file that shrank
 * was replaced: scanned again from the start. A last line without its newline (an append in
 * progress, or a crash's torn line) is left for later.
 */
export function receiptsIndex(path: string) {
  /** The one declaration looked for so far, until a second turns it into `every`. */
  let one: { id: string; scanned: number; ranges: number[] } | null = null;
  /** Per declaration: start and end offsets of its lines, flat (start, end, start, end…). */
  let every: { scanned: number; lines: Map<string, number[]> } | null = null;

  function rangesOf(fd: number, declarationId: string): number[] {
    const { size } = fstatSync(fd);
    if (one && size < one.scanned) one = null;
    if (every && size < every.scanned) every = null;
    if (!every && (one === null || one.id === declarationId)) {
      one ??= { id: declarationId, scanned: 0, ranges: [] };
      const ranges = one.ranges;
      const pattern = Buffer.concat([KEY, Buffer.from(`${declarationId}"`)]);
      one.scanned = scan(fd, one.scanned, size, pattern, (_b, _k, start, stop, base) => {
        ranges.push(base + start, base + stop);
      });
      return ranges;
    }
    one = null;
    every ??= { scanned: 0, lines: new Map() };
    const { lines } = every;
    every.scanned = scan(fd, every.scanned, size, KEY, (buffer, key, start, stop, base) => {
      const idEnd = buffer.indexOf(QUOTE, key + KEY.length);
      if (idEnd === -1 || idEnd >= stop) return;
      const id = buffer.toString("latin1", key + KEY.length, idEnd);
      const ranges = lines.get(id);
      if (ranges) ranges.push(base + start, base + stop);
      else lines.set(id, [base + start, base + stop]);
    });
    return lines.get(declarationId) ?? [];
  }

  /** The number of the line that starts at `offset`, for an error that names it. */
  function lineAt(fd: number, offset: number) {
    const buffer = Buffer.alloc(offset);
    readSync(fd, buffer, 0, offset, 0);
    let count = 1;
    for (let i = buffer.indexOf(NEWLINE); i !== -1; i = buffer.indexOf(NEWLINE, i + 1)) count++;
    return count;
  }

  return {
    /** The entries about one declaration, in order (a line of it that is no entry: an integrity error). */
    async of(declarationId: string): Promise<Entry[]> {
      // Synchronous calls: a batch asks once per confirmation, for the few lines appended since,
      // and each call through the thread pool cost a round trip (BENCHMARKS.md, the batch row).
      let fd: number;
      try {
        fd = openSync(path, "r");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") {
          one = null;
          every = null;
          return [];
        }
        throw fileError("read", path, error);
      }
      try {
        const ranges = rangesOf(fd, declarationId);
        const entries: Entry[] = [];
        for (let i = 0; i < ranges.length; i += 2) {
          const [start, stop] = [ranges[i]!, ranges[i + 1]!];
          const buffer = Buffer.alloc(stop - start);
          readSync(fd, buffer, 0, buffer.length, start);
          const entry = parseEntry(buffer.toString("utf8"));
          if (!entry || entry.declarationId !== declarationId) {
            throw integrityError(path, lineAt(fd, start));
          }
          entries.push(entry);
        }
        return entries;
      } catch (error) {
        if (error instanceof Error && error.name === "TradectlError") throw error;
        throw fileError("read", path, error);
      } finally {
        closeSync(fd);
      }
    },
  };
}
