import { describe, expect, it } from "vitest";
import { StampClock } from "../../src/api/stamp-clock.js";

describe("StampClock after a clock correction", () => {
  it("follows a server that runs behind us, so the corrected stamp is inside its window", () => {
    let now = 1_700_000_000_000;
    const clock = new StampClock(() => now);
    for (let i = 0; i < 5; i++) clock.next();
    clock.offsetMs = -9_000;
    const corrected = Number(clock.next());
    expect(corrected).toBe(now - 9_000);
    now += 1;
    expect(Number(clock.next())).toBe(now - 9_000);
  });

  it("never hands out a stamp twice when a correction steps back over stamps already used", () => {
    const now = 1_700_000_000_000;
    const clock = new StampClock(() => now);
    const seen = new Set<string>();
    for (let i = 0; i < 50; i++) seen.add(clock.next()); // now … now+49
    clock.offsetMs = 20; // now+20 … lands on stamps already used
    for (let i = 0; i < 100; i++) {
      const stamp = clock.next();
      expect(seen.has(stamp)).toBe(false);
      seen.add(stamp);
    }
    expect(seen.size).toBe(150);
  });
});
