import { PAGE_SIZE_MAX } from "../domain/limits.js";
import { TradectlError } from "../errors.js";
import { msg } from "../i18n/index.js";

/**
 * The one page walker: `declarations list`, the confirm read-back, batch and watch all read the
 * declarations list through it. It reads offset pages (`page`, `pageSize`) and yields each
 * record once, with
 *
 * - a guard against a server that ignores `page` (a full page with nothing new, the page before
 *   or the first over again or the third such in a row, stops the walk with an error instead of
 *   a flood: one confirm once sent 13,806 requests);
 * - optional pages ahead (`ahead`): later windows are requested while the caller consumes the
 *   current one. With `ahead: 1` the next window is requested as soon as the current one is known
 *   to be full, which the fetcher tells from the raw body before parsing and checking it
 *   (`Early`), so the server's time hides behind that work and the caller's; one request is out
 *   at a time, so the server reads the windows in order. With `ahead: n > 1` up to n requests
 *   are out at once (a far server's delay is waited for once per n windows, not per window);
 *   their answers may be read by the server in any order, so the windows overlap (below). The
 *   windows are planned ahead and consumed in order. Never more than `ahead` windows past the
 *   one the walk waits for, and none past a window counted short or past the limit;
 * - a `limit`: no page is requested that the limit cannot use, and pages are cut to it;
 * - no record lost or repeated while the list moves under it (issue 18 item 4).
 *
 * Why records move, and what is done about it. Offset paging numbers records by their place in
 * the list at the time of each request. The list is ordered (newest first); records are only
 * inserted (a new deposit) or leave the filter (a Pending one confirmed): their relative order
 * never changes.
 * - An insertion before our place pushes records already read into the next window: they come
 *   back, and are dropped by id (cryptoDepositDeclarationId).
 * - A removal before our place pulls unread records back across the window boundary: read
 *   naively, they are skipped. So does an insertion when the next window was read by the server
 *   before the one it follows (several requests out): the earlier window, read later, is pushed
 *   further than the later one. This can only happen when the filter can lose records
 *   (declarations: a walk of Pending without Confirmed, `mayShrink`; Confirmed is final, seed
 *   3.1) or when several requests are out. Such a walk reads overlapping windows: each window (a
 *   page size and number chosen so its offset falls just before the end of the last one, see
 *   `overlapping`) must contain a record already read. If it does, the records from that one on
 *   are contiguous with what was read, whenever the server read either window, so none between
 *   was skipped. If it does not, the list moved behind us by more than the overlap: the windows
 *   planned after it are dropped with it (nothing of it is yielded: its records come again, in
 *   their place, once the walk goes forward again), and the walker steps back a window at a
 *   time until one does (or the list's start is reached).
 *   Invariant: every record in the filter for the whole walk and ordered before the furthest
 *   record read has been yielded. Costs: ~12% more requests than aligned pages on a long walk,
 *   one re-read per window that lost more records than the overlap (a batch confirming all it
 *   read), and memory for the ids read (all of them for a walk that may shrink: pending lists
 *   are short; the last `ahead + 2` windows' otherwise, enough for any realistic burst of
 *   deposits between two reads).
 * A record that enters the filter behind our place during the walk (a deposit newer than the
 * walk's start, a declaration confirmed while walking Confirmed) may or may not be yielded:
 * the walk reports the list as it was when it started, plus whatever arrived where it still
 * reads.
 */
export interface WalkOptions<R> {
  /**
   * One page of `pageSize` records, numbered from 1. `early`, when given, is to be called as soon
   * as the page's body is read, before it is parsed and checked (see `Early`).
   */
  fetch: (page: number, pageSize: number, early?: Early) => Promise<readonly R[]>;
  /** A record's identity (for declarations: cryptoDepositDeclarationId as text). */
  idOf: (record: R) => string;
  /** The first page, in pages of `pageSize`. Default 1. */
  startPage?: number;
  /** Default 100, the most the service gives. */
  pageSize?: number;
  /** Read only the first page (false), or on until a short page (true, the default). */
  follow?: boolean;
  /** Yield at most this many records. */
  limit?: number | null;
  /**
   * Windows requested past the one the walk waits for: 0 (the default) none, the next is asked
   * for when the caller asks; 1 the next as soon as this one is counted full; n > 1 up to n
   * requests out at once, over overlapping windows.
   */
  ahead?: number;
  /**
   * A clock, to tell a far server: with it, a walk with `ahead` > 1 starts with one request out
   * (aligned windows, no overlap to pay for) and goes to `ahead` once the walk had to wait
   * `FAR_WAIT_MS` or more for each of `FAR_IN_A_ROW` windows in a row, each answer's round trip
   * that long too. Without it, `ahead` from the start.
   */
  now?: () => number;
  /** Records may leave the filter while it is walked: read overlapping windows (see above). */
  mayShrink?: boolean;
}

/**
 * Told a page's record count and a fingerprint of its body (equal for equal bodies) before the
 * page is parsed, and, when the fetcher knows it, the answer's round trip (its request to its
 * body read, without waits before it: the rate limit's, a retry's). A fetcher may call it again
 * for a retry of the same page.
 */
export type Early = (records: number, fingerprint: number, roundTripMs?: number) => void;

interface Window {
  page: number;
  size: number;
}

/**
 * A wait this long for a window asked for before the current one was parsed and written, with an
 * answer that took this long itself, is a server far away (or slow), which several requests out
 * at once then wait for together: a local server's answer is in by then, or a few ms later. Both
 * are measured: the walk's wait alone counts our own waits before a request (the rate limit's
 * pacing, a retry's back-off), which more requests out would not shorten; the answer's round trip
 * alone counts a client slowed by a busy machine (its own parsing, a collection), which reads
 * the answer late. Three in a row, so one slow answer does not decide: a local walk that went to
 * several out would pay the overlap (about 14% more requests) for nothing.
 */
const FAR_WAIT_MS = 50;
/**
 * Requests a long walk (`list --all`, a batch's Pending list) keeps out at once once the server
 * proves far; a local server keeps one. Measured over 2,035 records with every answer 150 ms
 * late, side by side: 2 took 0.70x the sequential script's time, 3 0.52x, 4 0.45x. 3: most of
 * the gain, at about 20 requests a second at that distance, under the 30 a second the service
 * allows its other endpoints.
 */
export const FAR_PAGES_AHEAD = 3;
/**
 * Full windows of records all read before, in a row, that stop the walk as a server ignoring
 * `page` (one is enough when it is the window before over again). Deposits arriving between two
 * reads can push one window's worth of what was read into the next, not three (a few hundred
 * deposits in the time of two requests).
 */
const STALE_IN_A_ROW = 3;
const FAR_IN_A_ROW = 3;

/** A window requested and not yet consumed. */
interface Flight<R> {
  window: Window;
  records: Promise<readonly R[]>;
  /** What the fetcher told before parsing (or the records' count once they came), once known. */
  counted: { records: number; fingerprint: number | null } | null;
  /** Planned to overlap the window before it: it must hold a record already read (see above). */
  overlaps: boolean;
  /** When the walk began to wait for it, if it had not been counted by then. */
  waitedFrom: number | null;
}

const offsetOf = (w: Window): number => (w.page - 1) * w.size;

/**
 * The window that starts at or before `position` (so it re-reads it) and reaches furthest past
 * it: among page sizes up to `maxSize`, the one whose page boundary falls closest below.
 */
export function overlapping(position: number, maxSize: number): Window {
  let best: Window = { page: Math.floor(position / maxSize) + 1, size: maxSize };
  let reach = offsetOf(best) + maxSize;
  for (let size = maxSize - 1; size >= 1; size--) {
    const offset = position - (position % size);
    if (offset + size > reach) {
      best = { page: offset / size + 1, size };
      reach = offset + size;
    }
    // No smaller size can reach further than position + size.
    if (position + size <= reach) break;
  }
  return best;
}

/** Ids of the last few windows only: enough to drop what an insertion pushed across a boundary. */
class RecentIds {
  private readonly pages: Set<string>[] = [];
  constructor(private readonly keepPages: number) {}
  has(id: string): boolean {
    return this.pages.some((page) => page.has(id));
  }
  add(ids: Iterable<string>): void {
    this.pages.push(new Set(ids));
    if (this.pages.length > this.keepPages) this.pages.shift();
  }
}

export async function* walkPages<R>(options: WalkOptions<R>): AsyncGenerator<R[]> {
  const pageSize = options.pageSize ?? PAGE_SIZE_MAX;
  const { idOf, mayShrink = false, follow = true } = options;
  const most = follow ? Math.max(0, Math.floor(options.ahead ?? 0)) : 0;
  const now = options.now;
  /** Windows requested past the one waited for: `most`, or 1 until the server proves far. */
  let ahead = now && most > 1 ? 1 : most;
  let farInARow = 0;
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  const seen = new RecentIds(mayShrink ? Number.POSITIVE_INFINITY : most + 2);
  // Windows overlap when the list may lose records, or when the server may read them out of order.
  const overlapNow = () => mayShrink || ahead > 1;
  const after = (w: Window): Window =>
    overlapNow() ? overlapping(offsetOf(w) + w.size - 1, pageSize) : alignedAfter(w, pageSize);
  /** Windows requested and not consumed, in walk order; the first is the one consumed next. */
  let queue: Flight<R>[] = [];
  /** The walk waits for queue[0] now: its caller has taken every page before it. */
  let waiting = false;
  let yielded = 0;
  /** The fingerprint of the last window consumed, for the early loop check. */
  let consumedFingerprint: number | null = null;

  /**
   * Requests further windows while the rules above allow: the walk goes on past every window
   * requested (each counted full, a body unlike the one before it, which a server ignoring `page`
   * would send, so the loop guard stops that walk), the limit can use one more, and there is room.
   */
  const topUp = () => {
    for (;;) {
      const room = ahead + (waiting ? 1 : 0);
      if (queue.length === 0 || queue.length >= room) return;
      let uncounted = 0;
      let promised = yielded;
      let fingerprint = consumedFingerprint;
      for (const flight of queue) {
        const counted = flight.counted;
        if (!counted) {
          uncounted++;
          promised += flight.window.size;
          fingerprint = null;
          continue;
        }
        if (counted.records < flight.window.size) return;
        if (counted.fingerprint !== null && counted.fingerprint === fingerprint) return;
        promised += counted.records;
        fingerprint = counted.fingerprint;
      }
      if (uncounted >= Math.max(1, ahead) || promised >= limit) return;
      queue.push(request(after(queue[queue.length - 1]!.window)));
    }
  };
  const request = (w: Window): Flight<R> => {
    const flight: Flight<R> = {
      window: w,
      records: Promise.resolve([]),
      counted: null,
      overlaps: overlapNow(),
      waitedFrom: null,
    };
    const count = (records: number, fingerprint: number | null, roundTripMs?: number) => {
      // A retry of the same page tells it again; the first count stands.
      if (flight.counted) return;
      flight.counted = { records, fingerprint };
      if (now && ahead < most) {
        const waited = flight.waitedFrom === null ? 0 : now() - flight.waitedFrom;
        const far = waited >= FAR_WAIT_MS && (roundTripMs ?? waited) >= FAR_WAIT_MS;
        farInARow = far ? farInARow + 1 : 0;
        if (farInARow >= FAR_IN_A_ROW) ahead = most;
      }
      if (queue.includes(flight)) topUp();
    };
    flight.records = options.fetch(w.page, w.size, count);
    // A fetcher that does not count early is counted when its records come.
    flight.records.then((records) => count(records.length, null)).catch(() => undefined);
    return flight;
  };
  const startOffset = ((options.startPage ?? 1) - 1) * pageSize;
  let first = true;
  /**
   * Since a step back, until a window brings a record not read before and reaches past the
   * furthest window read: windows over ground already read, which the loop guard must not take
   * for a server ignoring `page`.
   */
  let rereading = false;
  /** The end (offset) of the furthest window consumed. */
  let readEnd = 0;
  /** Full windows in a row with no record not read before (see the loop guard below). */
  let staleInARow = 0;
  /** The first record the walk read. */
  let firstId: string | null = null;
  let previousIds = "";
  queue.push(request({ page: options.startPage ?? 1, size: pageSize }));
  for (;;) {
    const current = queue[0]!;
    const window = current.window;
    waiting = true;
    if (now && !current.counted) current.waitedFrom = now();
    topUp();
    const records = await current.records;
    waiting = false;
    queue.shift();
    consumedFingerprint = current.counted?.fingerprint ?? null;
    const ids = records.map(idOf);
    const fresh = records.filter((_, i) => !seen.has(ids[i]!));
    const full = records.length >= window.size;
    // A window at the walk's start, or one holding a record already read, is contiguous with
    // everything read so far (see above).
    const connected =
      !current.overlaps || offsetOf(window) <= startOffset || fresh.length < records.length;
    if (!connected) {
      // Records may have been skipped before this window, and the windows planned after it
      // start from a place that moved: nothing of it is taken (its records come again after
      // the step back, in their place, so a limit cuts the list where it should), and the walk
      // reads again from one window back.
      queue = [request(stepBack(window, pageSize))];
      rereading = true;
      continue;
    }
    const end = offsetOf(window) + window.size;
    if (fresh.length > 0 && end > readEnd) rereading = false;
    readEnd = Math.max(readEnd, end);
    const joined = ids.join(",");
    const same = joined === previousIds;
    // A full window of records all read before is a server ignoring `page` when it is the window
    // before over again, or starts over from the walk's first record (the list's first page
    // in the size asked), or is the third such window in a row: deposits arriving between two
    // reads can push what was read into the next window, but a window on needs as many again.
    const stale = !first && !rereading && full && fresh.length === 0;
    staleInARow = stale ? staleInARow + 1 : 0;
    const startsOver = ids[0] === firstId;
    if (stale && (same || startsOver || staleInARow >= STALE_IN_A_ROW)) {
      const looped = same
        ? msg("api.samePage", { page: window.page, previous: window.page - 1 })
        : msg("api.seenPage", { page: window.page, size: window.size });
      throw new TradectlError("server", looped, {
        hint: msg("api.pageIgnoredHint"),
      });
    }
    if (first) firstId = ids[0] ?? null;
    first = false;
    previousIds = joined;
    seen.add(ids);
    const room = limit - yielded;
    const taken = fresh.length > room ? fresh.slice(0, room) : fresh;
    yielded += taken.length;

    if (!follow || yielded >= limit || !full) {
      // What is still out is dropped (its failure too: the fetch's catch above).
      queue = [];
      if (taken.length > 0) yield taken;
      return;
    }
    const next = () => request(after(window));
    // Without pages ahead, the next is requested only once the caller asks for it.
    if (ahead > 0 && queue.length === 0) queue.push(next());
    else topUp();
    if (taken.length > 0) yield taken;
    if (queue.length === 0) queue.push(next());
  }
}

/** The aligned page of `pageSize` right after `window`. */
function alignedAfter(window: Window, pageSize: number): Window {
  return { page: (offsetOf(window) + window.size) / pageSize + 1, size: pageSize };
}

/** The window of `pageSize` that ends at or just past the start of `window`: one step back. */
function stepBack(window: Window, pageSize: number): Window {
  return { page: Math.max(1, Math.ceil(offsetOf(window) / pageSize)), size: pageSize };
}
