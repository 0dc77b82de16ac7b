import { PUBLISHED_RATE_LIMITS, type RateLimitClass, type RateWindow } from "../domain/limits.js";
import { type Sleep, sleep } from "./sleep.js";

/**
 * Client-side rate limiting with sliding windows, so that a burst of requests (500 order ids, a
 * 300-page walk) stays inside the service's limits instead of collecting 429s. A short window
 * (about a second) also spaces requests evenly; a long one only caps the count, so the burst it
 * allows goes out at once (`order get --fills` of 5 ids: 5 trades calls in a row, not one every
 * 500 ms for 120 per minute).
 * One limiter is shared by every request of a client; each rate-limit class has its own windows:
 * the published ones from domain/limits.ts, and those learned from a 429 for the rest of the run.
 */
/**
 * Margin added to each window: the server counts arrivals, we count departures, and network
 * jitter (or a busy server stamping a queued burst at once) brings requests closer together on
 * the way. 25 ms was measured to leave only ~30 ms of slack on a loaded loopback; 100 ms costs
 * ~9% of throughput (27.3/s instead of 30/s), far less than one 429 with a Retry-After.
 */
const WINDOW_MARGIN_MS = 100;

/**
 * Windows up to this long are paced evenly (limit per window, ms / limit apart): the service's
 * per-second limits, where a burst would arrive within the window's own jitter. Longer windows
 * (a minute) are counted only: spacing them evenly would make a handful of calls wait seconds
 * for nothing.
 */
const EVEN_SPACING_MAX_MS = 1_000;

class SlidingWindow {
  private readonly starts: number[] = [];
  private readonly span: number;
  /** Ms between two requests: the window over its limit for a short window, else 0. */
  readonly spacing: number;
  constructor(readonly window: RateWindow) {
    this.span = window.ms + WINDOW_MARGIN_MS;
    this.spacing = window.ms <= EVEN_SPACING_MAX_MS ? window.ms / window.limit : 0;
  }

  /** Ms to wait before one more request fits, 0 if it fits now. */
  waitFor(now: number): number {
    const horizon = now - this.span;
    while (this.starts.length > 0 && this.starts[0]! <= horizon) this.starts.shift();
    const last = this.starts[this.starts.length - 1];
    const spaced = last === undefined ? 0 : last + this.spacing - now;
    const full =
      this.starts.length < this.window.limit
        ? 0
        : this.starts[this.starts.length - this.window.limit]! + this.span - now;
    return Math.max(0, spaced, full);
  }

  record(now: number): void {
    this.starts.push(now);
  }
}

export class RateLimiter {
  private readonly classes = new Map<RateLimitClass, SlidingWindow[]>();
  private chain: Promise<void> = Promise.resolve();

  constructor(
    limits: Readonly<
      Partial<Record<RateLimitClass, readonly RateWindow[]>>
    > = PUBLISHED_RATE_LIMITS,
    private readonly now: () => number = Date.now,
    private readonly wait: Sleep = sleep,
  ) {
    for (const [name, windows] of Object.entries(limits) as [RateLimitClass, RateWindow[]][]) {
      if (windows.length === 0) continue;
      this.classes.set(
        name,
        windows.map((w) => new SlidingWindow(w)),
      );
    }
  }

  /** The windows a class is paced by now (published or learned). */
  windows(endpointClass: RateLimitClass): readonly RateWindow[] {
    return (this.classes.get(endpointClass) ?? []).map((w) => w.window);
  }

  /**
   * Paces `endpointClass` by `window` from now on, as a 429 taught it: it replaces a window of
   * the same length (the service's word beats ours), or is added beside the others. Returns
   * whether anything changed.
   */
  learn(endpointClass: RateLimitClass, window: RateWindow): boolean {
    const current = this.classes.get(endpointClass) ?? [];
    const same = current.find((w) => w.window.ms === window.ms);
    if (same && same.window.limit === window.limit) return false;
    const next = current.filter((w) => w !== same);
    next.push(new SlidingWindow(window));
    this.classes.set(endpointClass, next);
    return true;
  }

  /**
   * Resolves when a request of `endpointClass` may start. Callers are served in arrival order
   * (one chain), so concurrent workers cannot overtake each other and burst past a window.
   */
  acquire(endpointClass: RateLimitClass, signal?: AbortSignal): Promise<void> {
    if (!this.classes.has(endpointClass)) return Promise.resolve();
    const turn = this.chain.then(async () => {
      for (;;) {
        // Looked up on every turn: a window learned while this request waited applies to it.
        const windows = this.classes.get(endpointClass) ?? [];
        const now = this.now();
        const wait = Math.max(0, ...windows.map((w) => w.waitFor(now)));
        if (wait <= 0) {
          for (const w of windows) w.record(now);
          return;
        }
        await this.wait(wait, signal);
      }
    });
    this.chain = turn.catch(() => undefined);
    return turn;
  }
}
