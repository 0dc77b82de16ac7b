import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Early, walkPages } from "../../src/api/walk.js";
import { turn } from "../helpers/turns.js";

/**
 * The walker's promise, checked against a model of the service's list that moves while it is
 * read, with answers that come back in an order fast-check chooses. The promise, in the words
 * the walker's callers rely on (none of it taken from walk.ts):
 * - no record is yielded twice;
 * - every record that was in the filter for the whole walk and is ordered before the furthest
 *   record read is yielded; a walk that ends by itself (not cut by a limit) yields every one;
 * - at most `limit` records.
 * How the list moves, as the service's does: newest first; a new deposit arrives at the top
 * (Pending); a Pending declaration gets confirmed (it leaves a Pending filter and enters a
 * Confirmed one where it stands). The relative order of records never changes.
 */

type Status = "Pending" | "Confirmed";
interface Rec {
  id: number;
  status: Status;
}
type Filter = "all" | Status;

class ModelList {
  /** Newest first. */
  readonly records: Rec[];
  private nextId: number;
  constructor(statuses: readonly Status[]) {
    this.records = statuses.map((status, i) => ({ id: 1_000 + statuses.length - i, status }));
    this.nextId = 1_001 + statuses.length;
  }
  /** Offset page `page` of `size` over the records in `filter`, as the service reads it now. */
  page(filter: Filter, page: number, size: number): Rec[] {
    return this.inFilter(filter)
      .slice((page - 1) * size, page * size)
      .map((r) => ({ ...r }));
  }
  inFilter(filter: Filter): Rec[] {
    return this.records.filter((r) => filter === "all" || r.status === filter);
  }
  arrive(): void {
    this.records.unshift({ id: this.nextId++, status: "Pending" });
  }
  /** Confirms the `pick`-th Pending record (counted from the top), if there is one. */
  confirm(pick: number): void {
    const pending = this.records.filter((r) => r.status === "Pending");
    if (pending.length > 0) pending[pick % pending.length]!.status = "Confirmed";
  }
}

/** One step of the world while the walk runs, chosen by fast-check. */
type Step =
  | { kind: "serve"; pick: number } // the service reads one request still waiting, now
  | { kind: "answer"; pick: number } // one answer already read reaches the walker
  | { kind: "arrive" }
  | { kind: "confirm"; pick: number };

interface Scenario {
  statuses: Status[];
  filter: Filter;
  pageSize: number;
  ahead: number;
  /**
   * The walk's clock: none (several out from the start), a near server (the clock stands still:
   * one out throughout) or a far one (every reading 100 ms on: one out for three windows, aligned,
   * then several, overlapping: the switch happens with requests out).
   */
  server: "no clock" | "near" | "far";
  limit: number | null;
  steps: Step[];
}

const exchangeArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant("serve" as const), pick: fc.nat(5) }),
  fc.record({ kind: fc.constant("answer" as const), pick: fc.nat(5) }),
);
const moveArb: fc.Arbitrary<Step> = fc.oneof(
  fc.constant({ kind: "arrive" as const }),
  fc.record({ kind: fc.constant("confirm" as const), pick: fc.nat(60) }),
);

/**
 * Lists up to 80 records in pages of 7 to 10 (so a walk has many windows), and at most a few
 * moves per walk for the walks that keep only recent ids (a burst of deposits larger than what
 * they remember is outside their promise); a Pending walk remembers every id and gets more. The
 * moves fall anywhere among the reads and answers, late ones included (after a far walk went
 * to several out).
 */
const scenarioArb: fc.Arbitrary<Scenario> = fc
  .record({
    // size "max": lengths up to the maximum, not fast-check's small default (about ten).
    statuses: fc.array(fc.constantFrom<Status>("Pending", "Confirmed"), {
      maxLength: 80,
      size: "max",
    }),
    filter: fc.constantFrom<Filter>("all", "Pending", "Confirmed"),
    pageSize: fc.integer({ min: 7, max: 10 }),
    ahead: fc.integer({ min: 0, max: 3 }),
    server: fc.constantFrom<Scenario["server"]>("no clock", "near", "far"),
    limit: fc.option(fc.integer({ min: 1, max: 90 }), { nil: null }),
    exchanges: fc.array(exchangeArb, { maxLength: 150, size: "max" }),
    moves: fc.array(fc.record({ at: fc.nat(150), move: moveArb }), { maxLength: 20, size: "max" }),
  })
  .map(({ exchanges, moves, ...s }) => {
    const kept = moves.slice(0, s.filter === "Pending" ? 20 : 5).sort((a, b) => a.at - b.at);
    const steps: Step[] = [];
    exchanges.forEach((step, i) => {
      for (const m of kept) if (m.at === i) steps.push(m.move);
      steps.push(step);
    });
    for (const m of kept) if (m.at >= exchanges.length) steps.push(m.move);
    return { ...s, steps };
  });

interface Request {
  page: number;
  size: number;
  early?: Early;
  resolve: (records: Rec[]) => void;
  read?: Rec[];
}

/** Runs the walk through the scenario's world; what it yielded and how it ended. */
async function walkThrough(scenario: Scenario) {
  const list = new ModelList(scenario.statuses);
  const inFilterBefore = new Set(list.inFilter(scenario.filter).map((r) => r.id));
  const waiting: Request[] = [];
  const read: Request[] = [];
  const yielded: number[] = [];
  let requests = 0;
  let outcome: "running" | "done" | Error = "running";
  let clock = 0;
  const now =
    scenario.server === "no clock"
      ? undefined
      : () => {
          if (scenario.server === "far") clock += 100;
          return clock;
        };
  const walk = async () => {
    for await (const page of walkPages<Rec>({
      fetch: (page, size, early) =>
        new Promise<Rec[]>((resolve) => {
          requests++;
          waiting.push({ page, size, early, resolve });
        }),
      idOf: (r) => String(r.id),
      pageSize: scenario.pageSize,
      ahead: scenario.ahead,
      now,
      limit: scenario.limit,
      // As the client decides it (domain/declarations.ts): only Pending walks lose records.
      mayShrink: scenario.filter === "Pending",
    })) {
      for (const r of page) yielded.push(r.id);
    }
  };
  walk().then(
    () => {
      outcome = "done";
    },
    (error: Error) => {
      outcome = error;
    },
  );
  const serve = (request: Request) => {
    waiting.splice(waiting.indexOf(request), 1);
    request.read = list.page(scenario.filter, request.page, request.size);
    read.push(request);
  };
  const answer = async (request: Request) => {
    read.splice(read.indexOf(request), 1);
    const records = request.read!;
    // Counted from the body first, as the client's transport does, then parsed a turn later.
    request.early?.(records.length, fingerprint(records));
    await turn();
    request.resolve(records);
  };
  await turn();
  for (const step of scenario.steps) {
    if (outcome !== "running") break;
    if (step.kind === "serve" && waiting.length > 0) serve(waiting[step.pick % waiting.length]!);
    if (step.kind === "answer" && read.length > 0) await answer(read[step.pick % read.length]!);
    if (step.kind === "arrive") list.arrive();
    if (step.kind === "confirm") list.confirm(step.pick);
    await turn();
  }
  // Then the world settles: requests served and answered in order until the walk ends.
  for (let guard = 0; outcome === "running"; guard++) {
    if (guard > 5_000) throw new Error("the walk never ended");
    if (read.length > 0) await answer(read[0]!);
    else if (waiting.length > 0) serve(waiting[0]!);
    await turn();
  }
  const inFilterAfter = new Set(list.inFilter(scenario.filter).map((r) => r.id));
  const throughout = [...inFilterBefore].filter((id) => inFilterAfter.has(id));
  // The list's order: records are never removed from the model, only their status changes.
  const place = new Map(list.records.map((r, i) => [r.id, i]));
  return { outcome: outcome as "done" | Error, yielded, throughout, place, requests };
}

function fingerprint(records: readonly Rec[]): number {
  let h = records.length;
  for (const r of records) h = (Math.imul(h, 31) + r.id) | 0;
  return h;
}

/** What the property asserts, as a list of broken promises (empty when kept). */
function brokenPromises(scenario: Scenario, result: Awaited<ReturnType<typeof walkThrough>>) {
  const broken: string[] = [];
  if (result.outcome !== "done") return [`the walk failed: ${result.outcome.message}`];
  const { yielded, throughout, place } = result;
  if (new Set(yielded).size !== yielded.length) broken.push("a record was yielded twice");
  if (scenario.limit !== null && yielded.length > scenario.limit) broken.push("past the limit");
  const furthest = Math.max(-1, ...yielded.map((id) => place.get(id)!));
  const got = new Set(yielded);
  const cut = scenario.limit !== null && yielded.length >= scenario.limit;
  const missing = throughout.filter((id) => !got.has(id) && (!cut || place.get(id)! < furthest));
  if (missing.length > 0) broken.push(`records lost: ${missing.join(", ")}`);
  return broken;
}

describe("the walk over a list that moves, answers in any order", () => {
  it("yields no record twice, and every record in the filter throughout up to the furthest read", async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        const result = await walkThrough(scenario);
        expect(brokenPromises(scenario, result)).toEqual([]);
      }),
      { numRuns: 1500, seed: 3_800_001 },
    );
  });

  it("the model can lose records: aligned pages read out of order miss one an arrival pushed", async () => {
    // Pages of 7 over 21 records, two requests out, the second page read by the service before
    // the first, a deposit arriving between the two reads: the first page, read later, ends one
    // record earlier, and the record at the boundary is in neither. Aligned windows (as a walk
    // with one request out reads them) lose it; this is what the overlap is for.
    const list = new ModelList(Array.from({ length: 21 }, () => "Confirmed" as const));
    const second = list.page("all", 2, 7);
    list.arrive();
    const first = list.page("all", 1, 7);
    const third = list.page("all", 3, 7);
    const got = new Set([...first, ...second, ...third].map((r) => r.id));
    const boundary = 1_000 + 21 - 6;
    expect(got.has(boundary)).toBe(false);
    // The walk itself, with the same order of reads, loses nothing.
    const result = await walkThrough({
      statuses: Array.from({ length: 21 }, () => "Confirmed" as const),
      filter: "all",
      pageSize: 7,
      ahead: 2,
      server: "no clock",
      limit: null,
      steps: [
        { kind: "serve", pick: 1 },
        { kind: "arrive" },
        { kind: "serve", pick: 0 },
        { kind: "answer", pick: 1 },
        { kind: "answer", pick: 0 },
      ],
    });
    expect(result.yielded).toContain(boundary);
    expect(brokenPromises({ limit: null } as Scenario, result)).toEqual([]);
  });

  it("a far server: after the switch to two out, a later window read first and a deposit between lose nothing", async () => {
    // Three windows one at a time (each answer waited for: the clock says far), then two out:
    // the service reads the fifth window, a deposit arrives, then it reads the fourth.
    const oneAtATime: Step[] = [];
    for (let i = 0; i < 3; i++)
      oneAtATime.push({ kind: "serve", pick: 0 }, { kind: "answer", pick: 0 });
    const scenario: Scenario = {
      statuses: Array.from({ length: 40 }, () => "Confirmed" as const),
      filter: "all",
      pageSize: 7,
      ahead: 2,
      server: "far",
      limit: null,
      steps: [
        ...oneAtATime,
        { kind: "serve", pick: 1 },
        { kind: "arrive" },
        { kind: "serve", pick: 0 },
        { kind: "answer", pick: 1 },
        { kind: "answer", pick: 0 },
      ],
    };
    const result = await walkThrough(scenario);
    expect(brokenPromises(scenario, result)).toEqual([]);
    expect(result.yielded.length).toBeGreaterThanOrEqual(40);
  });
});
