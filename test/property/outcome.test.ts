import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Wire } from "../../src/domain/outcome-answer.js";
import { exitCodeOf } from "../../src/domain/outcome-exit.js";
import {
  judge,
  type OtherRequest,
  type ReadBack,
  type SentAnswers,
} from "../../src/domain/outcome-read-back.js";
import { asIs, inEnglish } from "../../src/i18n/index.js";

/**
 * The outcome judgement against an oracle typed from docs/OUTCOMES.md
 * (the table and the two bullets after it), not from src/domain/outcome.ts:
 *
 *   confirmed         | 200 with success: true (answer, byThisRequest true); or the answer was
 *                     | lost and a read-back shows it Confirmed with the answers this request
 *                     | sent, and no other request for it is on record (read-back, byThisRequest
 *                     | true only when proven, else null)                              | 0
 *   already_confirmed | 422, or a read-back shows it Confirmed by an earlier request or with
 *                     | other answers                                                  | 5 / 0
 *   rejected          | 400, or 2xx with success: false                                | 2
 *   not_found         | 404                                                            | 3
 *   unknown           | sent, answer lost, list still Pending or read-back failed      | 1
 *   not_sent          | no byte written                                     | 130 after Ctrl-C, else the cause's
 *   - A 429, or a 401 (authorization refused before the service acted, the seed's "missing or
 *     invalid authorization"; its body need not name the stamp): not processed, may be sent again.
 *   - Not 2xx, not 4xx-with-meaning, not 429 (3xx, HTML, reset, timeout): a lost answer.
 */

type Expected = {
  verdict: "settled" | "not-processed";
  outcome?: string;
  verifiedBy?: string | null;
  byThisRequest?: boolean | null | "true-or-null";
  single?: number;
  item?: number;
};

const CAUSE_EXIT: Record<string, number> = { cancelled: 130, network: 1, usage: 2 };

function oracle(
  wire: Wire,
  sent: SentAnswers,
  readBack: ReadBack,
  others: OtherRequest[],
  writtenAtMs: number,
): Expected {
  if (!wire.written) {
    const code = CAUSE_EXIT[wire.cause]!;
    return { verdict: "settled", outcome: "not_sent", verifiedBy: null, single: code, item: code };
  }
  const s = wire.status;
  if (s === 429) return { verdict: "not-processed" };
  if (s === 401) return { verdict: "not-processed" };
  if (s !== null && s >= 200 && s < 300 && wire.body?.success === true) {
    return {
      verdict: "settled",
      outcome: "confirmed",
      verifiedBy: "answer",
      byThisRequest: true,
      single: 0,
      item: 0,
    };
  }
  if (s !== null && s >= 200 && s < 300 && wire.body?.success === false) {
    return { verdict: "settled", outcome: "rejected", verifiedBy: "answer", single: 2, item: 2 };
  }
  if (s === 400)
    return { verdict: "settled", outcome: "rejected", verifiedBy: "answer", single: 2, item: 2 };
  if (s === 403)
    return { verdict: "settled", outcome: "rejected", verifiedBy: "answer", single: 4, item: 4 };
  if (s === 404)
    return { verdict: "settled", outcome: "not_found", verifiedBy: "answer", single: 3, item: 3 };
  if (s === 422)
    return {
      verdict: "settled",
      outcome: "already_confirmed",
      verifiedBy: "answer",
      single: 5,
      item: 0,
    };
  // A lost answer: read back.
  if (readBack.state !== "Confirmed") {
    return {
      verdict: "settled",
      outcome: "unknown",
      verifiedBy: null,
      byThisRequest: null,
      single: 1,
      item: 1,
    };
  }
  const otherAnswers =
    !sent.isSelfSender &&
    (readBack.firstName !== sent.firstName || readBack.lastName !== sent.lastName);
  const earlier = readBack.confirmedAtMs !== null && readBack.confirmedAtMs < writtenAtMs - 6_000;
  // "An outcome names the request that was applied, or says it cannot know which": another
  // request that is in flight, confirmed or unknown may be the one; so may one judged
  // already_confirmed by a read-back that could not tell which request applied it (its
  // byThisRequest not false). Only a request shown not to have applied it is no candidate.
  const otherOnRecord = others.some(
    (o) =>
      o.outcome === null ||
      o.outcome === "confirmed" ||
      o.outcome === "unknown" ||
      (o.outcome === "already_confirmed" && o.byThisRequest !== false),
  );
  if (otherAnswers || earlier || otherOnRecord) {
    return {
      verdict: "settled",
      outcome: "already_confirmed",
      verifiedBy: "read-back",
      ...(otherAnswers || earlier ? { byThisRequest: false } : {}),
      single: 5,
      item: 0,
    };
  }
  const proven =
    !sent.isSelfSender || `${readBack.firstName} ${readBack.lastName}` === readBack.confirmedBy;
  return {
    verdict: "settled",
    outcome: "confirmed",
    verifiedBy: "read-back",
    byThisRequest: proven ? true : null,
    single: 0,
    item: 0,
  };
}

const NAMES = ["Ayşe", "Can", "Deniz", "Demir"];
const name = fc.constantFrom(...NAMES);
const WRITTEN = 1_790_000_000_000;

const wire: fc.Arbitrary<Wire> = fc.oneof(
  fc.record({
    written: fc.constant(false as const),
    cause: fc.constantFrom("cancelled" as const, "network" as const, "usage" as const),
    reason: fc.constant("stopped"),
  }),
  fc.record({
    written: fc.constant(true as const),
    status: fc.constantFrom(
      200,
      201,
      204,
      301,
      302,
      400,
      401,
      403,
      404,
      405,
      408,
      409,
      418,
      422,
      429,
      500,
      502,
      503,
    ),
    body: fc.option(
      fc.record({
        success: fc.constantFrom(true, false, null),
        message: fc.constantFrom(
          null,
          "Invalid Nonce",
          "Unauthorized",
          "boom",
          "Declaration not found",
        ),
        code: fc.constantFrom(null, 0, 1001),
      }),
    ),
  }),
  fc.record({
    written: fc.constant(true as const),
    status: fc.constant(null),
    lost: fc.constantFrom(asIs("timeout"), asIs("connection reset")),
  }),
);

const sent: fc.Arbitrary<SentAnswers> = fc.oneof(
  fc.record({ isSelfSender: fc.constant(true) }),
  fc.record({ isSelfSender: fc.constant(false), firstName: name, lastName: name }),
);

const readBack: fc.Arbitrary<ReadBack> = fc.oneof(
  fc.constant({ state: "Pending" as const }),
  fc.constant({ state: "failed" as const, reason: "HTTP 503" }),
  fc.record({
    state: fc.constant("Confirmed" as const),
    confirmedAt: fc.constant("2026-11-24T10:00:00Z"),
    confirmedAtMs: fc.option(fc.integer({ min: WRITTEN - 60_000, max: WRITTEN + 60_000 })),
    firstName: name,
    lastName: name,
    confirmedBy: fc.constantFrom("Deniz Demir", "Can Ayşe", "account 7"),
  }),
);

const others: fc.Arbitrary<OtherRequest[]> = fc.array(
  fc.record({
    requestId: fc.constantFrom("a", "b"),
    outcome: fc.constantFrom(
      null,
      "confirmed",
      "already_confirmed",
      "rejected",
      "not_found",
      "unknown",
      "not_sent",
    ),
    byThisRequest: fc.constantFrom(true, false, null),
  }),
  { maxLength: 3 },
);

describe("property: the outcome judgement is the contract's table", () => {
  it("agrees with the oracle on every combination", () => {
    fc.assert(
      fc.property(wire, sent, readBack, others, (w, s, r, o) => {
        const expected = oracle(w, s, r, o, WRITTEN);
        const got = judge(w, {
          declarationId: "7",
          sent: s,
          readBack: r,
          others: o,
          writtenAtMs: WRITTEN,
        });
        expect(got.verdict).toBe(expected.verdict);
        if (got.verdict !== "settled") return;
        const j = got.judgement;
        expect(j.outcome).toBe(expected.outcome);
        expect(j.verifiedBy).toBe(expected.verifiedBy);
        if (expected.byThisRequest !== undefined)
          expect(j.byThisRequest).toBe(expected.byThisRequest);
        expect(exitCodeOf(j, "single")).toBe(expected.single);
        expect(exitCodeOf(j, "batch-item")).toBe(expected.item);
        // Claims that never go further than the server said:
        if (j.byThisRequest === true && j.verifiedBy === "read-back") {
          expect(j.outcome).toBe("confirmed");
          expect(
            o.every(
              (x) => x.outcome !== null && x.outcome !== "confirmed" && x.outcome !== "unknown",
            ),
          ).toBe(true);
        }
        if (w.written) expect(j.outcome).not.toBe("not_sent");
        if (j.outcome === "unknown")
          expect(inEnglish(j.message)).toMatch(/may (yet be|have been) applied/);
        if (w.written) expect(inEnglish(j.message)).not.toMatch(/was not applied|not sent/i);
      }),
      { numRuns: 3000 },
    );
  });
});
