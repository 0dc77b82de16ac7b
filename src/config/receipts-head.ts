// The receipts' head anchor: the count of whole lines and the hash of the last, kept in a small file apart, so verify finds changes at the end.
import { closeSync, openSync, readFileSync, readSync, writeSync } from "node:fs";

/**
 * The chain finds an edited, removed or reordered line by the line after it; the last line has
 * none after it, and lines dropped from the end leave a whole, shorter chain. The head is what
 * the last append left: how many whole lines the file held, how many bytes, and the hash of the
 * last one. `receipts verify` checks the file against it. Deleting both files is not found.
 */
export interface Head {
  count: number;
  bytes: number;
  /** sha256 of the last line (without its newline); GENESIS-like zeros for an empty file. */
  last: string;
}

export const headPath = (receipts: string) => `${receipts}.head`;

const WIDTH = 15;
const HEAD_TEXT = /^v1 (\d{15}) (\d{15}) ([0-9a-f]{64})\n$/;

/**
 * Fixed width, so each update overwrites the same bytes in place: it needs no new block on a
 * full disk, and a reader sees one head or the other.
 */
function headText(head: Head): string {
  const pad = (n: number) => String(n).padStart(WIDTH, "0");
  return `v1 ${pad(head.count)} ${pad(head.bytes)} ${head.last}\n`;
}

/** The head on record; null when there is none; "unreadable" when it is not a head. */
export function readHead(receipts: string): Head | null | "unreadable" {
  let text: string;
  try {
    text = readFileSync(headPath(receipts), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    return "unreadable";
  }
  const match = HEAD_TEXT.exec(text);
  if (!match) return "unreadable";
  return { count: Number(match[1]), bytes: Number(match[2]), last: match[3]! };
}

/**
 * Writes the head in place (created 0600 the first time), not flushed: the lines it counts are
 * on disk before it, so after a crash it is this head or an older one (receipts-append.ts).
 */
export function writeHead(receipts: string, head: Head): void {
  const path = headPath(receipts);
  let fd: number;
  try {
    fd = openSync(path, "r+");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    fd = openSync(path, "w", 0o600);
  }
  try {
    const bytes = Buffer.from(headText(head));
    let done = 0;
    while (done < bytes.length) {
      const n = writeSync(fd, bytes, done, bytes.length - done, done);
      if (n <= 0) throw Object.assign(new Error("short write"), { code: "ENOSPC" });
      done += n;
    }
  } finally {
    closeSync(fd);
  }
}

/** How many newlines the open file holds from `from` to `to` (read in pieces, not whole). */
export function countNewlines(fd: number, from: number, to: number): number {
  const piece = Buffer.alloc(Math.min(1 << 20, Math.max(1, to - from)));
  let count = 0;
  for (let at = from; at < to; ) {
    const n = readSync(fd, piece, 0, Math.min(piece.length, to - at), at);
    if (n <= 0) break;
    for (let i = piece.indexOf(0x0a, 0); i !== -1 && i < n; i = piece.indexOf(0x0a, i + 1)) count++;
    at += n;
  }
  return count;
}
