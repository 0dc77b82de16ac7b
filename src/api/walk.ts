import { PAGE_SIZE_MAX } from "../domain/limits.js";
import { TradectlError } from "../errors.js";
import { msg } from "../i18n/index.js";

/**
 * The one page walker: `declarations list`, the confirm read-back, batch and watch all read the
 * declarations list through it. It reads offset pages (`page`, `pageSize`) and yields each
 * record once, with
 *
 * - a guard against a server that ignores `page` (a full page with nothing new stops the walk
 *   with an error instead of a flood: one confirm once sent 13,806 requests);
 * - optional prefetch: the next page is requested while the caller consumes the current one. On
 *   an aligned walk it is requested as soon as the current page is known to be full, which the
 *   fetcher tells from the raw body before parsing and checking it (`Early`), so the server's
 *   time hides behind that work and the caller's. Never a page the walk would not read, and
 *   never more than one page ahead of the caller: the page after next is asked for only once
 *   the caller asks for the next;
 * - a `limit`: no page is requested that the limit cannot use, and pages are cut to it;
 * - no record lost or repeated while the list moves under it (issue 18 item 4).
 *
 * Why records move, and what is done about it. Offset paging numbers records by their place in
 * the list at the time of each request. The list is ordered (newest first); records are only
 * inserted (a new deposit) or leave the filter (a Pending one confirmed): their relative order
 * never changes.
 * - An insertion before our place pushes records already read into the next page: they come
 *   back, and are dropped by id (cryptoDepositDeclarationId).
 * - A removal before our place pulls unread records back across the page boundary: read
 *   naively, they are skipped. This can only happen when the filter can lose records, which for
 *   declarations means a walk of Pending without Confirmed (`mayShrink`; Confirmed is final,
 *   seed 3.1). Such a walk reads overlapping windows: each window (a page size and number
 *   chosen so its offset falls just before the end of the last one, see `overlapping`) must
 *   contain a record already read. If it does, the records from that one on are contiguous
 *   with what was read, so none between was skipped. If it does not, the list shrank behind us
 *   by more than the overlap, and the walker steps back a window at a time until one does (or
 *   the list's start is reached), yielding what it had not seen, then goes forward again.
 *   Invariant: every record in the filter for the whole walk and ordered before the furthest
 *   record read has been yielded. Costs: ~12% more requests than aligned pages on a long walk,
 *   one re-read per page that lost more records than the overlap (a batch confirming all it
 *   read), and memory for the ids read (pending lists are short).
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
  /** Request the next page while the caller consumes this one. Default false. */
  prefetch?: boolean;
  /** Records may leave the filter while it is walked: read overlapping windows (see above). */
  mayShrink?: boolean;
}

/**
 * Told a page's record count and a fingerprint of its body (equal for equal bodies) before the
 * page is parsed. A fetcher may call it again for a retry of the same page.
 */
export type Early = (records: number, fingerprint: number) => void;

interface Window {
  page: number;
  size: number;
}

/** A page requested and not yet consumed. */
interface Flight<R> {
  window: Window;
  records: Promise<readonly R[]>;
  /** What the fetcher told before parsing, once it has. */
  counted: { records: number; fingerprint: number } | null;
  /** The next page, when it was requested early on this page's count. */
  next: Flight<R> | null;
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

/** Ids of the last few pages only: enough to drop what an insertion pushed across a boundary. */
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
  const { idOf, mayShrink = false, follow = true, prefetch = false } = options;
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  const seen = new RecentIds(mayShrink ? Number.POSITIVE_INFINITY : 2);
  // The early next request, on aligned walks only (an overlapping walk's next window depends on
  // the ids read).
  const requestsEarly = prefetch && follow && !mayShrink;
  /** The page the walk waits for now: its caller has taken every page before it. */
  let wanted: Flight<R> | null = null;
  let yielded = 0;
  let previousFingerprint: number | null = null;
  /**
   * Requests the page after `flight` once the walk wants `flight` and its count says the walk
   * goes on: full, and short of the limit even if every record is new. A page whose body is the
   * previous page's (a server that ignores `page`) is left to the loop guard, which stops the walk.
   */
  const requestNextEarly = (flight: Flight<R>) => {
    const counted = flight.counted;
    if (flight !== wanted || flight.next || !counted) return;
    if (
      counted.records >= flight.window.size &&
      yielded + counted.records < limit &&
      counted.fingerprint !== previousFingerprint
    ) {
      flight.next = request(alignedAfter(flight.window, pageSize));
    }
  };
  const request = (w: Window): Flight<R> => {
    const flight: Flight<R> = {
      window: w,
      records: Promise.resolve([]),
      counted: null,
      next: null,
    };
    flight.records = options.fetch(w.page, w.size, (records, fingerprint) => {
      // A retry of the same page tells it again; the first count stands.
      if (!flight.counted) {
        flight.counted = { records, fingerprint };
        if (requestsEarly) requestNextEarly(flight);
      }
    });
    // If the consumer stops (reader gone), a prefetched page is dropped, and so is its failure.
    flight.records.catch(() => undefined);
    return flight;
  };
  const startOffset = ((options.startPage ?? 1) - 1) * pageSize;
  let back = false;
  let first = true;
  let current = request({ page: options.startPage ?? 1, size: pageSize });
  let previousIds = "";
  for (;;) {
    const window = current.window;
    wanted = current;
    if (requestsEarly) requestNextEarly(current);
    const records = await current.records;
    wanted = null;
    let ahead = current.next;
    current.next = null;
    previousFingerprint = current.counted?.fingerprint ?? null;
    const ids = records.map(idOf);
    const fresh = records.filter((_, i) => !seen.has(ids[i]!));
    const full = records.length >= window.size;
    // A window at the walk's start, or one holding a record already read, is contiguous with
    // everything read so far (see above).
    const connected =
      !mayShrink || offsetOf(window) <= startOffset || fresh.length < records.length;
    if (!first && !back && full && fresh.length === 0) {
      const same = ids.join(",") === previousIds;
      const looped = same
        ? msg("api.samePage", { page: window.page, previous: window.page - 1 })
        : msg("api.seenPage", { page: window.page, size: window.size });
      throw new TradectlError("server", looped, {
        hint: msg("api.pageIgnoredHint"),
      });
    }
    first = false;
    previousIds = ids.join(",");
    seen.add(ids);
    const room = limit - yielded;
    const taken = fresh.length > room ? fresh.slice(0, room) : fresh;
    yielded += taken.length;

    let next: Window | null = null;
    back = false;
    if (follow && yielded < limit) {
      if (!connected) {
        next = stepBack(window, pageSize);
        back = true;
      } else if (full) {
        next = mayShrink
          ? overlapping(offsetOf(window) + window.size - 1, pageSize)
          : alignedAfter(window, pageSize);
      }
    }
    // The early request is the next window whenever the count was right (it always is for a
    // valid page); otherwise it is dropped, and the right one sent.
    if (ahead && (!next || ahead.window.page !== next.page || ahead.window.size !== next.size)) {
      ahead = null;
    }
    ahead ??= next && prefetch ? request(next) : null;
    if (taken.length > 0) yield taken;
    if (!next) return;
    current = ahead ?? request(next);
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
