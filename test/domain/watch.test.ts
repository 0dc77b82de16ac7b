import { describe, expect, it } from "vitest";
import { SeenPending, type Sighting } from "../../src/domain/watch.js";

/** Declaration n, created n minutes after a fixed time: higher n is newer. */
const at = (n: number): Sighting => ({ id: String(n), createdMs: 1_700_000_000_000 + n * 60_000 });
/** A page as the service sends it: newest first. */
const page = (...ns: number[]): Sighting[] => ns.map(at);

describe("SeenPending: what is new", () => {
  it("admits each id once, across pages and within one", () => {
    const seen = new SeenPending();
    expect(seen.admit(page(5, 4, 3))).toEqual([0, 1, 2]);
    expect(seen.admit(page(6, 5, 4))).toEqual([0]);
    expect(seen.admit(page(7, 7, 2))).toEqual([0, 2]);
    expect(seen.size).toBe(6);
  });

  it("unseen counts without remembering, and counts ids read earlier in the poll as seen", () => {
    const seen = new SeenPending();
    seen.admit(page(3));
    expect(seen.unseen(page(5, 4, 3))).toBe(2);
    expect(seen.unseen(page(5, 4, 3), new Set(["5"]))).toBe(1);
    expect(seen.has("5")).toBe(false);
  });
});

describe("SeenPending: forgetting only what is proven gone", () => {
  it("a short page shows the whole list: an id missing from it twice in a row is forgotten", () => {
    const seen = new SeenPending();
    seen.admit(page(3, 2, 1));
    expect(seen.settle(page(3, 1), true)).toBe(0);
    expect(seen.has("2")).toBe(true);
    expect(seen.settle(page(3, 1), true)).toBe(1);
    expect(seen.has("2")).toBe(false);
    expect(seen.size).toBe(2);
  });

  it("one odd answer is not proof: a miss is undone when the id shows again", () => {
    const seen = new SeenPending();
    seen.admit(page(3, 2, 1));
    seen.settle([], true);
    seen.admit(page(3, 2, 1));
    seen.settle(page(3, 2, 1), true);
    seen.settle([], true);
    expect(seen.size).toBe(3);
  });

  it("on a full page, only ids newer than its last record can be proven gone", () => {
    const seen = new SeenPending();
    seen.admit(page(10, 9, 8, 7, 6, 5));
    // Page 1 (full) now shows 10, 8, 7; 9 is missing inside its range, 6 and 5 are beyond it.
    for (let i = 0; i < 2; i++) seen.settle(page(10, 8, 7), false);
    expect(seen.has("9")).toBe(false);
    expect(seen.has("6")).toBe(true);
    expect(seen.has("5")).toBe(true);
  });

  it("pages that are not newest first prove nothing on a full page", () => {
    const seen = new SeenPending();
    seen.admit(page(10, 9, 8, 7));
    for (let i = 0; i < 3; i++) seen.settle(page(7, 10, 8), false);
    expect(seen.size).toBe(4);
  });

  it("a record whose time cannot be read is never forgotten by order", () => {
    const seen = new SeenPending();
    seen.admit([{ id: "9", createdMs: Number.NaN }, ...page(8, 7)]);
    for (let i = 0; i < 3; i++) seen.settle(page(8, 7), false);
    expect(seen.has("9")).toBe(true);
  });

  it("memory follows what is pending, not how long it runs", () => {
    const seen = new SeenPending();
    // 10,000 polls; each one a deposit arrives and the one before is confirmed elsewhere.
    for (let n = 1; n <= 10_000; n++) {
      const now = page(n);
      seen.admit(now);
      seen.settle(now, true);
    }
    expect(seen.size).toBeLessThanOrEqual(3);
  });
});
