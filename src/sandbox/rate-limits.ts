import { PUBLISHED_RATE_LIMITS, type RateLimitClass, type RateWindow } from "../domain/limits.js";

/**
 * The sandbox's rate limits, counted as the service counts them (docs/SERVICE-NOTES.md, "Rate limits"):
 * per client address ("policy":"ip"), in fixed windows that start at the first request, a
 * refused call blocked until its window ends. The windows come from domain/limits.ts when the
 * published limits are enforced, and from `--faults quota=CLASS:N/PERIOD` for the endpoints
 * whose limit is not published, so a client's learning can be tested against the real 429.
 */
export interface Refusal {
  retryAfterS: number;
  window: RateWindow;
}

export interface RateLimitsOptions {
  /** Enforce the published table. */
  published: boolean;
  /** Quotas that replace (or, for an unpublished class, supply) a class's windows. */
  quotas?: Readonly<Partial<Record<RateLimitClass, readonly RateWindow[]>>>;
}

interface Count {
  start: number;
  count: number;
}

export class RateLimits {
  private readonly counts = new Map<string, Count[]>();
  private readonly table: Partial<Record<RateLimitClass, readonly RateWindow[]>>;

  constructor(
    private readonly clock: () => number,
    options: RateLimitsOptions,
  ) {
    this.table = { ...(options.published ? PUBLISHED_RATE_LIMITS : {}), ...options.quotas };
  }

  /** Whether any class is limited at all (a sandbox without limits skips the bookkeeping). */
  get active(): boolean {
    return Object.values(this.table).some((windows) => windows.length > 0);
  }

  /** Counts the request, or says how long to wait when a window is full (refusals don't count). */
  admit(endpoint: RateLimitClass, client: string): Refusal | null {
    const windows = this.table[endpoint] ?? [];
    if (windows.length === 0) return null;
    const now = this.clock();
    const key = `${endpoint} ${client}`;
    const counts = this.counts.get(key) ?? windows.map(() => ({ start: now, count: 0 }));
    this.counts.set(key, counts);
    for (const [i, w] of windows.entries()) {
      const c = counts[i]!;
      if (now >= c.start + w.ms) {
        c.start = now;
        c.count = 0;
      }
      if (c.count >= w.limit) {
        return {
          retryAfterS: Math.max(1, Math.ceil((c.start + w.ms - now) / 1000)),
          window: w,
        };
      }
    }
    for (const c of counts) c.count++;
    return null;
  }
}
