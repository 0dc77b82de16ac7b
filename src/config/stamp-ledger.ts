import {
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { randomHex } from "./files.js";
import { withFileLock } from "./lock-files.js";
import { stateDir } from "./paths.js";

/**
 * The stamps this machine's processes used recently with one API key, so that two tradectl
 * processes never send the same X-Stamp (the service refuses a stamp it has seen for the key,
 * docs/SERVICE-NOTES.md). One file per key in the state directory, named by a hash of the public key (the
 * key itself is not written): a generation line, then one line per stamp or per reserved range.
 *
 * A process does not take the lock for every stamp: under the lock it reads the lines added since
 * it last looked, picks its stamp and reserves the next RESERVE_MS of stamp time from it (cut short
 * before any stamp or range of another process), written as one line `r FROM TO`. Until its
 * stamps leave that range it hands them out with no lock and no write: no other process picks a
 * stamp inside a range it has read, and every process reads the file under the lock before it
 * picks. (A lock cycle per stamp was a link, an unlink and four more calls on every
 * confirmation of a batch and every page of a walk.) Past 64 KB the file is written again with
 * only the stamps and ranges still kept, under a new generation, and renamed over the old one; a
 * process that finds another generation (or a shorter file) reads it from the start.
 *
 * Stamps are kept while the service could still compare a new one with them (its ±5 s window,
 * with a margin), on both sides of the new stamp: a corrected clock may step back into them. The
 * file is not fsynced: after a power cut every stamp in it is long out of the service's window.
 */
const KEEP_MS = 15_000;
/** More stamps than any machine sends in KEEP_MS; past it the farthest from the new one go. */
const KEEP_MAX = 20_000;
/**
 * How far (in stamp time) a process goes between forgetting old stamps. Forgetting walks every
 * stamp kept (thousands on a long walk: 80 ms of a 100,000-record walk when done per request);
 * a stamp kept a second longer only leaves one more stamp unpicked.
 */
const PRUNE_EVERY_MS = 1_000;

/**
 * How much stamp time one lock reserves for this process. Another process's stamps start after
 * it (ahead of the clock by up to this much and RESERVE_AHEAD_MS, far inside the service's ±5 s
 * window). A batch takes a stamp every few milliseconds: one lock per ~100 stamps.
 */
const RESERVE_MS = 200;

/** The stamps that may not be picked (only `has` is asked). */
export interface UsedStamps {
  has(stamp: number): boolean;
}

/**
 * A range is reserved only from a stamp this close to the stamp clock. Past it (the ranges of
 * processes that ran a moment ago still ahead), a stamp is taken alone under the lock, as before
 * ranges: short runs one after another would otherwise each start past the last one's range,
 * and their stamps would run ahead of the clock by a range per run, out of the service's window.
 */
const RESERVE_AHEAD_MS = 50;

export interface StampLedgerFile {
  /** `clock`: the stamp clock's time now (server offset applied), for how far ahead `pick` went. */
  claim(pick: (used: UsedStamps) => number, clock: number): Promise<number>;
}

export function stampLedgerPath(env: NodeJS.ProcessEnv, publicKey: string): string {
  return join(stateDir(env), "stamps", keyName(publicKey));
}

/**
 * A file name for the key that does not spell it: two FNV-1a hashes of it (node:crypto is not
 * loaded for this; two keys that met in one name would only skip each other's stamps).
 */
function keyName(key: string): string {
  const fnv = (seed: number) => {
    let hash = seed;
    for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
    return (hash >>> 0).toString(16);
  };
  return `${fnv(0x811c9dc5)}-${fnv(0x050c5d1f)}`;
}

export function stampLedger(env: NodeJS.ProcessEnv, publicKey: string): StampLedgerFile {
  const path = stampLedgerPath(env, publicKey);
  let dirReady = false;
  /** What this process has read of the file: which file, how far, and the stamps in it. */
  let seen: Seen = emptySeen(null);
  /** The range this process reserved last (written in the file): its stamps need no lock. */
  let own: Range | null = null;
  /** The stamps of `own` handed out (not written: the range line stands for them). */
  let handed = new Set<number>();
  /** Every stamp read in the file or handed out from our range, and every range but our own. */
  const used: UsedStamps = {
    has: (stamp) =>
      seen.stamps.has(stamp) ||
      handed.has(stamp) ||
      seen.ranges.some((r) => r !== own && !sameRange(r, own) && r.from <= stamp && stamp <= r.to),
  };
  return {
    claim(pick, clock) {
      if (own) {
        const stamp = pick(used);
        if (own.from <= stamp && stamp <= own.to) {
          handed.add(stamp);
          return Promise.resolve(stamp);
        }
      }
      if (!dirReady) {
        mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
        dirReady = true;
      }
      return withFileLock(`${path}.lock`, () => {
        const fd = openSync(path, "a+", 0o600);
        try {
          const { size } = fstatSync(fd);
          const generation = generationOf(fd, size);
          // Rewritten by another process (or replaced by an older tradectl): read it afresh.
          if (generation !== seen.generation || size < seen.offset) seen = emptySeen(generation);
          const wholeTo = readNew(fd, size, seen);
          const stamp = pick(used);
          const compacting = size >= COMPACT_BYTES;
          if (
            compacting ||
            seen.prunedAt === null ||
            Math.abs(stamp - seen.prunedAt) >= PRUNE_EVERY_MS ||
            seen.stamps.size >= KEEP_MAX
          ) {
            keepAround(seen, stamp);
            seen.prunedAt = stamp;
          }
          // A new range (the last one, now behind us, is skipped like another process's); or,
          // ahead of the clock, the stamp alone.
          own = null;
          const ahead = stamp - clock > RESERVE_AHEAD_MS;
          if (ahead) seen.stamps.add(stamp);
          else {
            own = { from: stamp, to: reserveEnd(stamp, used) };
            handed = new Set([stamp]);
            seen.ranges.push(own);
          }
          if (compacting) {
            seen = compact(path, seen);
          } else {
            // A line cut short (a crash mid-write) stays a line of its own; ours starts anew.
            const header = size === 0 ? newGeneration() : null;
            const taken = own ? rangeLine(own) : String(stamp);
            const line = `${header ? `${header}\n` : wholeTo < size ? "\n" : ""}${taken}\n`;
            writeSync(fd, line);
            if (header) seen.generation = header;
            seen.offset = size + line.length;
          }
          return stamp;
        } finally {
          closeSync(fd);
        }
      });
    },
  };
}

/** Stamps from `from` to `to`, both included, reserved by one process. */
interface Range {
  from: number;
  to: number;
}

const sameRange = (a: Range, b: Range | null) => b !== null && a.from === b.from && a.to === b.to;
const rangeLine = (r: Range) => `r ${r.from} ${r.to}`;
const RANGE_LINE = /^r ([0-9]{1,16}) ([0-9]{1,16})$/;

/** The end of the range reserved from `stamp`: RESERVE_MS long, or short of the first stamp used after it. */
function reserveEnd(stamp: number, used: UsedStamps): number {
  let to = stamp;
  while (to < stamp + RESERVE_MS - 1 && !used.has(to + 1)) to++;
  return to;
}

const emptySeen = (generation: string | null): Seen => ({
  generation,
  offset: 0,
  stamps: new Set(),
  ranges: [],
  prunedAt: null,
});

interface Seen {
  /** The file's first line when it is a generation (`v2 …`), "" when it has none. */
  generation: string | null;
  /** How far the file is read: the end of its last whole line seen. */
  offset: number;
  stamps: Set<number>;
  /** The ranges reserved in it (our own included: `used` leaves it out). */
  ranges: Range[];
  /** The stamp at which old ones were last forgotten (keepAround); null: not yet. */
  prunedAt: number | null;
}

/** Past this size the file is written again with only the stamps still kept, as a new generation. */
const COMPACT_BYTES = 64 * 1024;

const newGeneration = () => `v2 ${randomHex(8)}`;

/** The file's generation line (`v2 …`), or "" for a file without one. */
function generationOf(fd: number, size: number): string {
  if (size === 0) return "";
  const head = Buffer.alloc(Math.min(size, 64));
  readSync(fd, head, 0, head.length, 0);
  const first = head.toString("latin1").split("\n")[0]!;
  return first.startsWith("v2 ") ? first : "";
}

/** Adds the stamps of the whole lines after `seen.offset`; returns where the whole lines end. */
function readNew(fd: number, size: number, seen: Seen): number {
  if (size <= seen.offset) return size;
  const buffer = Buffer.alloc(size - seen.offset);
  readSync(fd, buffer, 0, buffer.length, seen.offset);
  const whole = buffer.lastIndexOf(0x0a) + 1;
  for (const line of buffer.toString("latin1", 0, whole).split("\n")) {
    if (/^[0-9]{1,16}$/.test(line)) seen.stamps.add(Number(line));
    const range = RANGE_LINE.exec(line);
    if (range) seen.ranges.push({ from: Number(range[1]), to: Number(range[2]) });
  }
  seen.offset += whole;
  return seen.offset;
}

/** Forgets the stamps and ranges the service can no longer compare with `stamp`, and the farthest stamps past KEEP_MAX. */
function keepAround(seen: Seen, stamp: number): void {
  const { stamps } = seen;
  seen.ranges = seen.ranges.filter((r) => r.to >= stamp - KEEP_MS && r.from <= stamp + KEEP_MS);
  for (const s of stamps) if (Math.abs(s - stamp) > KEEP_MS) stamps.delete(s);
  if (stamps.size >= KEEP_MAX) {
    const nearest = [...stamps].sort((a, b) => Math.abs(a - stamp) - Math.abs(b - stamp));
    for (const s of nearest.slice(KEEP_MAX - 1)) stamps.delete(s);
  }
}

/** The file written again with the stamps and ranges kept alone, under a new generation (a reader never sees half). */
function compact(path: string, seen: Seen): Seen {
  const generation = newGeneration();
  const lines = [generation, ...seen.stamps, ...seen.ranges.map(rangeLine)];
  const text = `${lines.join("\n")}\n`;
  replace(path, text);
  return { ...seen, generation, offset: text.length, prunedAt: null };
}

function replace(path: string, text: string): void {
  const temp = `${path}.${process.pid}.${randomHex(4)}.tmp`;
  try {
    writeFileSync(temp, text, { mode: 0o600 });
    renameSync(temp, path);
  } catch (error) {
    try {
      unlinkSync(temp);
    } catch {}
    throw error;
  }
}
