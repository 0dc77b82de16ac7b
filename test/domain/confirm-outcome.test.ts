import { describe, expect, it } from "vitest";
import {
  batchFailure,
  failureKind,
  judgeReadBack,
  outcomeCounts,
  outcomeOfRefusal,
  outcomeOfVerdict,
  verdictKind,
} from "../../src/domain/confirm-outcome.js";

const SENT = Date.UTC(2025, 5, 14, 9, 21, 0);
const lost = (statusBefore: string | null = null) => ({ statusBefore, serverSentAt: SENT });
const confirmedAt = (ms: number | null) => ({ status: "Confirmed", confirmedAtMs: ms });

describe("judgeReadBack: what the list shows about a lost answer", () => {
  it("not in the list: missing (unknown)", () => {
    expect(judgeReadBack(null, lost())).toEqual({ verdict: "missing" });
  });

  it("still Pending: not applied, whatever was read before", () => {
    expect(judgeReadBack({ status: "Pending", confirmedAtMs: null }, lost("Pending"))).toEqual({
      verdict: "not_applied",
    });
  });

  it("the state read before decides: Pending then Confirmed is ours; Confirmed before is not", () => {
    expect(judgeReadBack(confirmedAt(null), lost("Pending"))).toEqual({
      verdict: "confirmed",
      byThisRequest: true,
    });
    expect(judgeReadBack(confirmedAt(SENT + 1000), lost("Confirmed"))).toEqual({
      verdict: "confirmed_before",
    });
  });

  it("without a state before, confirmedAt decides, 6 s of slack before the send", () => {
    expect(judgeReadBack(confirmedAt(SENT), lost())).toEqual({
      verdict: "confirmed",
      byThisRequest: true,
    });
    expect(judgeReadBack(confirmedAt(SENT - 6_000), lost())).toEqual({
      verdict: "confirmed",
      byThisRequest: true,
    });
    expect(judgeReadBack(confirmedAt(SENT - 6_001), lost())).toEqual({
      verdict: "confirmed_before",
    });
  });

  it("no state before and no readable confirmedAt: confirmed, but by whom cannot be told", () => {
    expect(judgeReadBack(confirmedAt(null), lost())).toEqual({
      verdict: "confirmed",
      byThisRequest: null,
    });
  });
});

describe("outcomes", () => {
  it("a verdict as an outcome: a refusal in a 2xx is rejected, a lost answer not sent", () => {
    expect(outcomeOfVerdict({ verdict: "confirmed_before" }, false)).toBe("already_confirmed");
    expect(outcomeOfVerdict({ verdict: "missing" }, false)).toBe("unknown");
    expect(outcomeOfVerdict({ verdict: "not_applied" }, true)).toBe("rejected");
    expect(outcomeOfVerdict({ verdict: "not_applied" }, false)).toBe("not_sent");
  });

  it("a verdict's kind: the server's own refusal keeps its kind, a lost answer is network", () => {
    const refused = { kind: "validation" as const, refusedIn2xx: true };
    const timedOut = { kind: "network" as const, refusedIn2xx: false };
    expect(verdictKind({ verdict: "not_applied" }, refused)).toBe("validation");
    expect(verdictKind({ verdict: "not_applied" }, timedOut)).toBe("network");
    expect(verdictKind({ verdict: "confirmed_before" }, refused)).toBe("conflict");
    expect(verdictKind({ verdict: "missing" }, refused)).toBe("network");
  });

  it("a refusal as an outcome", () => {
    expect(outcomeOfRefusal("conflict")).toBe("already_confirmed");
    expect(outcomeOfRefusal("not_found")).toBe("not_found");
    expect(outcomeOfRefusal("network")).toBe("not_sent");
    expect(outcomeOfRefusal("cancelled")).toBe("unknown");
    expect(outcomeOfRefusal("validation")).toBe("rejected");
    expect(outcomeOfRefusal("auth")).toBe("rejected");
  });

  it("confirmed and already confirmed are no failure; the first failure decides the exit", () => {
    expect(failureKind("already_confirmed", "conflict")).toBeNull();
    expect(failureKind("confirmed", null)).toBeNull();
    expect(failureKind("not_sent", "auth")).toBe("auth");
    expect(
      batchFailure([
        { outcome: "confirmed", kind: null },
        { outcome: "already_confirmed", kind: "conflict" },
        { outcome: "rejected", kind: "validation" },
        { outcome: "not_sent", kind: "auth" },
      ]),
    ).toBe("validation");
    expect(batchFailure([{ outcome: "confirmed", kind: null }])).toBeNull();
  });

  it("counts in the summary's order, leaving out what none had", () => {
    expect(outcomeCounts(["not_sent", "confirmed", "confirmed", "already_confirmed"])).toEqual([
      ["confirmed", 2],
      ["already_confirmed", 1],
      ["not_sent", 1],
    ]);
  });
});
