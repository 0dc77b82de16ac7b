import { describe, expect, it } from "vitest";
import { RateLimiter } from "../../src/api/rate-limit.js";

/** A virtual clock: `sleep` advances time instead of waiting, so the test is exact and instant. */
function virtualClock() {
  let now = 0;
  return {
    now: () => now,
    sleep: async (ms: number) => {
      now += ms;
    },
  };
}

function maxInWindow(starts: number[], windowMs: number): number {
  let best = 0;
  for (let i = 0, j = 0; i < starts.length; i++) {
    while (starts[i]! - starts[j]! >= windowMs) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

describe("RateLimiter", () => {
  it("keeps 500 order requests inside 30/s and 900/60s, and close to the allowed rate", async () => {
    const clock = virtualClock();
    const limiter = new RateLimiter(
      {
        order: [
          { limit: 30, ms: 1_000, period: "1s" },
          { limit: 900, ms: 60_000, period: "1m" },
        ],
      },
      clock.now,
      clock.sleep,
    );
    const starts: number[] = [];
    await Promise.all(
      Array.from({ length: 500 }, () =>
        limiter.acquire("order").then(() => starts.push(clock.now())),
      ),
    );
    expect(starts).toHaveLength(500);
    expect(maxInWindow(starts, 1_000)).toBeLessThanOrEqual(30);
    const rate = ((starts.length - 1) * 1000) / (starts.at(-1)! - starts[0]!);
    expect(rate).toBeLessThanOrEqual(30);
    expect(rate).toBeGreaterThan(27);
  });

  it("holds the long window too: the 901st request waits for the minute", async () => {
    const clock = virtualClock();
    const limiter = new RateLimiter(
      { trades: [{ limit: 900, ms: 60_000, period: "1m" }] },
      clock.now,
      clock.sleep,
    );
    const starts: number[] = [];
    for (let i = 0; i < 901; i++) {
      await limiter.acquire("trades");
      starts.push(clock.now());
    }
    expect(maxInWindow(starts, 60_000)).toBeLessThanOrEqual(900);
    expect(starts[900]! - starts[0]!).toBeGreaterThanOrEqual(60_000);
  });

  it("a long window only caps the count: trades' 120 per minute go out at once, the 121st waits", async () => {
    // The fills helper measured `order get --fills` of 5 ids at 2.3 s when the minute's 120
    // were spaced 500 ms apart; the service counts them per minute, so a burst is allowed.
    const clock = virtualClock();
    const limiter = new RateLimiter(undefined, clock.now, clock.sleep);
    const starts: number[] = [];
    for (let i = 0; i < 121; i++) {
      await limiter.acquire("trades");
      starts.push(clock.now());
    }
    expect(starts.slice(0, 120).every((t) => t === 0)).toBe(true);
    expect(starts[120]).toBeGreaterThanOrEqual(60_000);
    expect(maxInWindow(starts, 60_000)).toBeLessThanOrEqual(120);
  });

  it("a window of a second or less is spaced evenly, also when learned", async () => {
    const clock = virtualClock();
    const limiter = new RateLimiter({}, clock.now, clock.sleep);
    limiter.learn("declarations", { limit: 4, ms: 1_000, period: "1s" });
    limiter.learn("declarations", { limit: 100, ms: 60_000, period: "1m" });
    const starts: number[] = [];
    for (let i = 0; i < 5; i++) {
      await limiter.acquire("declarations");
      starts.push(clock.now());
    }
    // 250 ms apart; the fifth also waits for the first to leave the window (plus its margin).
    expect(starts).toEqual([0, 250, 500, 750, 1_100]);
  });

  it("lets unlimited endpoint classes through at once", async () => {
    const clock = virtualClock();
    const limiter = new RateLimiter({}, clock.now, clock.sleep);
    for (let i = 0; i < 100; i++) await limiter.acquire("declarations");
    expect(clock.now()).toBe(0);
  });

  it("paces by the published table by default: order yes, declarations not until learned", async () => {
    const clock = virtualClock();
    const limiter = new RateLimiter(undefined, clock.now, clock.sleep);
    for (let i = 0; i < 31; i++) await limiter.acquire("order");
    expect(clock.now()).toBeGreaterThanOrEqual(1_000);
    const before = clock.now();
    for (let i = 0; i < 50; i++) await limiter.acquire("declarations");
    expect(clock.now()).toBe(before);
  });

  it("a learned window paces the class from then on, and replaces one of the same length", async () => {
    const clock = virtualClock();
    const limiter = new RateLimiter({}, clock.now, clock.sleep);
    expect(limiter.learn("declarations", { limit: 5, ms: 1_000, period: "1s" })).toBe(true);
    expect(limiter.learn("declarations", { limit: 5, ms: 1_000, period: "1s" })).toBe(false);
    const starts: number[] = [];
    for (let i = 0; i < 26; i++) {
      await limiter.acquire("declarations");
      starts.push(clock.now());
    }
    expect(maxInWindow(starts, 1_000)).toBeLessThanOrEqual(5);
    expect(starts.at(-1)! - starts[0]!).toBeGreaterThanOrEqual(5_000);
    limiter.learn("declarations", { limit: 2, ms: 1_000, period: "1s" });
    expect(limiter.windows("declarations")).toEqual([{ limit: 2, ms: 1_000, period: "1s" }]);
  });
});
