/**
 * The service's documented per-endpoint limits (API-NOTES.md), enforced when a sandbox is
 * started with `enforceRateLimits`. Counted per client address ("policy":"ip"), in sliding
 * windows: a request is refused when the window already holds `limit` arrivals.
 */
export interface Window {
  limit: number;
  ms: number;
  /** As the service names it in a 429 body. */
  period: string;
}

export const ENDPOINT_LIMITS: Readonly<Record<string, readonly Window[]>> = {
  order: [
    { limit: 30, ms: 1_000, period: "1s" },
    { limit: 900, ms: 60_000, period: "1m" },
  ],
  exchanges: [{ limit: 300, ms: 60_000, period: "1m" }],
  trades: [{ limit: 120, ms: 60_000, period: "1m" }],
};

export interface Refusal {
  retryAfterS: number;
  period: string;
}

export class RateLimits {
  private readonly arrivals = new Map<string, number[]>();

  constructor(private readonly clock: () => number) {}

  /** Counts the request, or says how long to wait when a window is full (refusals don't count). */
  admit(endpoint: string, client: string): Refusal | null {
    const windows = ENDPOINT_LIMITS[endpoint];
    if (!windows) return null;
    const now = this.clock();
    const key = `${endpoint} ${client}`;
    const longest = Math.max(...windows.map((w) => w.ms));
    const times = (this.arrivals.get(key) ?? []).filter((t) => t > now - longest);
    for (const w of windows) {
      const inside = times.filter((t) => t > now - w.ms);
      if (inside.length >= w.limit) {
        const frees = inside[inside.length - w.limit]! + w.ms;
        this.arrivals.set(key, times);
        return { retryAfterS: Math.max(1, Math.ceil((frees - now) / 1000)), period: w.period };
      }
    }
    times.push(now);
    this.arrivals.set(key, times);
    return null;
  }
}
