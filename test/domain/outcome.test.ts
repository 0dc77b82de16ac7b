import { describe, expect, it } from "vitest";
import type { Judgement } from "../../src/domain/outcome.js";
import {
  ANSWERED_SUCCESS,
  type AnswerBody,
  judgeAnswer,
  wireOfError,
} from "../../src/domain/outcome-answer.js";
import { exitCodeOf, runExitCode } from "../../src/domain/outcome-exit.js";
import {
  judge,
  judgeReadBack,
  type ReadBack,
  type ReadBackInput,
  sameAnswers,
} from "../../src/domain/outcome-read-back.js";
import { TradectlError } from "../../src/errors.js";
import { asIs, inEnglish } from "../../src/i18n/index.js";

/**
 * One test per row of docs/OUTCOMES.md. The expected values are the
 * contract's, typed here; the module is what is checked.
 */

const ID = "9223372036854775807";
const body = (
  success: boolean | null,
  message: string | null = null,
  code: number | null = null,
): AnswerBody => ({
  success,
  message,
  code,
});
const WRITTEN_AT = Date.parse("2026-11-24T10:00:00Z");

function confirmedReadBack(
  over: Partial<Extract<ReadBack, { state: "Confirmed" }>> = {},
): ReadBack {
  return {
    state: "Confirmed",
    confirmedAt: "2026-11-24T10:00:01Z",
    confirmedAtMs: WRITTEN_AT + 1000,
    firstName: "Ayşe",
    lastName: "Yılmaz",
    confirmedBy: "Deniz Demir",
    ...over,
  };
}

function input(readBack: ReadBack, over: Partial<ReadBackInput> = {}): ReadBackInput {
  return {
    declarationId: ID,
    sent: { isSelfSender: false, firstName: "Ayşe", lastName: "Yılmaz" },
    readBack,
    others: [],
    writtenAtMs: WRITTEN_AT,
    ...over,
  };
}

function settled(wire: Parameters<typeof judgeAnswer>[1]): Judgement {
  const v = judgeAnswer(ID, wire);
  if (v.verdict !== "settled") throw new Error(`expected settled, got ${v.verdict}`);
  return v.judgement;
}

describe("the answer settles it", () => {
  it("200 success true: confirmed by the answer, by this request, exit 0", () => {
    const j = settled({ written: true, status: 200, body: body(true) });
    expect(j).toMatchObject({ outcome: "confirmed", verifiedBy: "answer", byThisRequest: true });
    expect(exitCodeOf(j, "single")).toBe(0);
    expect(exitCodeOf(j, "batch-item")).toBe(0);
  });

  it("2xx success false: rejected, its message and code shown, exit 2", () => {
    const j = settled({
      written: true,
      status: 200,
      body: body(false, "exchangeId not supported.", 1001),
    });
    expect(j).toMatchObject({ outcome: "rejected", verifiedBy: "answer", byThisRequest: false });
    expect(inEnglish(j.message)).toContain("exchangeId not supported.");
    expect(inEnglish(j.message)).toContain("code 1001");
    expect(inEnglish(j.message)).not.toMatch(/lost|may yet/);
    expect(exitCodeOf(j, "single")).toBe(2);
  });

  it("400: rejected, exit 2", () => {
    const j = settled({
      written: true,
      status: 400,
      body: body(null, "description field must be between 20 and 100 characters long"),
    });
    expect(j).toMatchObject({ outcome: "rejected", verifiedBy: "answer" });
    expect(inEnglish(j.message)).toContain(
      "description field must be between 20 and 100 characters long",
    );
    expect(exitCodeOf(j, "batch-item")).toBe(2);
  });

  it("404: not_found, exit 3", () => {
    const j = settled({ written: true, status: 404, body: null });
    expect(j).toMatchObject({ outcome: "not_found", verifiedBy: "answer", byThisRequest: false });
    expect(exitCodeOf(j, "single")).toBe(3);
  });

  it("422: already_confirmed, exit 5 alone and 0 in a batch", () => {
    const j = settled({
      written: true,
      status: 422,
      body: body(null, "Declaration already confirmed"),
    });
    expect(j).toMatchObject({
      outcome: "already_confirmed",
      verifiedBy: "answer",
      byThisRequest: false,
    });
    expect(exitCodeOf(j, "single")).toBe(5);
    expect(exitCodeOf(j, "batch-item")).toBe(0);
  });

  it("403 for the key: refused, not applied, exit 4 (auth)", () => {
    const j = settled({ written: true, status: 403, body: body(null, "Forbidden") });
    expect(j).toMatchObject({ outcome: "rejected", kind: "auth" });
    expect(exitCodeOf(j, "single")).toBe(4);
  });

  it("never written: not_sent, 130 after Ctrl-C, else the cause's code", () => {
    const cancelled = settled({ written: false, cause: "cancelled", reason: "Ctrl-C" });
    expect(cancelled).toMatchObject({
      outcome: "not_sent",
      verifiedBy: null,
      byThisRequest: false,
    });
    expect(exitCodeOf(cancelled, "single")).toBe(130);
    const refused = settled({ written: false, cause: "network", reason: "connection refused" });
    expect(exitCodeOf(refused, "batch-item")).toBe(1);
  });
});

describe("answers that prove nothing was processed", () => {
  it("429: not processed, may be resent", () => {
    expect(judgeAnswer(ID, { written: true, status: 429, body: null })).toMatchObject({
      verdict: "not-processed",
      reason: "rate_limited",
    });
  });
  it("401 refusing the stamp: not processed, may be resent with a fresh stamp", () => {
    expect(
      judgeAnswer(ID, { written: true, status: 401, body: body(null, "Invalid Nonce") }),
    ).toMatchObject({
      verdict: "not-processed",
      reason: "stamp_refused",
    });
  });
  it("a 401 that does not say why (the service does not promise to name the nonce): not processed too", () => {
    // The seed: 401 is "missing or invalid authorization", refused before the service acts.
    for (const said of [body(null, "Unauthorized"), null]) {
      expect(judgeAnswer(ID, { written: true, status: 401, body: said })).toMatchObject({
        verdict: "not-processed",
        reason: "unauthorized",
      });
    }
  });
});

describe("lost answers are read back", () => {
  for (const [label, wire] of [
    ["a 302", { written: true, status: 302, body: null }],
    ["a 500", { written: true, status: 500, body: body(null, "Internal error") }],
    ["a 503", { written: true, status: 503, body: null }],
    ["an HTML 200", { written: true, status: 200, body: null }],
    ["a 200 without success", { written: true, status: 200, body: body(null, "ok") }],
    ["a 418", { written: true, status: 418, body: null }],
    ["a timeout", { written: true, status: null, lost: asIs("no answer within 30 s") }],
    ["a reset", { written: true, status: null, lost: asIs("connection reset") }],
  ] as const) {
    it(`${label} is a lost answer`, () => {
      expect(judgeAnswer(ID, wire).verdict).toBe("read-back");
    });
  }

  it("Confirmed with the answers sent and no other request on record: confirmed, read-back, by this request", () => {
    const j = judgeReadBack(asIs("timeout"), input(confirmedReadBack()));
    expect(j).toMatchObject({ outcome: "confirmed", verifiedBy: "read-back", byThisRequest: true });
    expect(exitCodeOf(j, "single")).toBe(0);
  });

  it("a self sender whose names cannot be compared: confirmed, but byThisRequest null", () => {
    const j = judgeReadBack(
      asIs("timeout"),
      input(confirmedReadBack({ firstName: "X", lastName: "Y", confirmedBy: "account 7" }), {
        sent: { isSelfSender: true },
      }),
    );
    expect(j).toMatchObject({ outcome: "confirmed", verifiedBy: "read-back", byThisRequest: null });
  });

  it("a self sender confirmed under the account holder's name: by this request", () => {
    const j = judgeReadBack(
      asIs("timeout"),
      input(confirmedReadBack({ firstName: "Deniz", lastName: "Demir" }), {
        sent: { isSelfSender: true },
      }),
    );
    expect(j).toMatchObject({ outcome: "confirmed", byThisRequest: true });
  });

  it("Confirmed with other answers: already_confirmed, the recorded names shown", () => {
    const j = judgeReadBack(
      asIs("timeout"),
      input(confirmedReadBack({ firstName: "Can", lastName: "Öztürk" })),
    );
    expect(j).toMatchObject({
      outcome: "already_confirmed",
      verifiedBy: "read-back",
      byThisRequest: false,
    });
    expect(inEnglish(j.message)).toContain("Can Öztürk");
    expect(exitCodeOf(j, "single")).toBe(5);
    expect(exitCodeOf(j, "batch-item")).toBe(0);
  });

  it("Confirmed well before this request was written: already_confirmed by an earlier request", () => {
    const j = judgeReadBack(
      asIs("timeout"),
      input(
        confirmedReadBack({
          confirmedAt: "2026-11-24T09:00:00Z",
          confirmedAtMs: WRITTEN_AT - 3_600_000,
        }),
      ),
    );
    expect(j).toMatchObject({ outcome: "already_confirmed", byThisRequest: false });
  });

  it("Confirmed while another request on record confirmed it: already_confirmed, not by this one", () => {
    const j = judgeReadBack(
      asIs("timeout"),
      input(confirmedReadBack(), { others: [{ requestId: "r-1", outcome: "confirmed" }] }),
    );
    expect(j).toMatchObject({ outcome: "already_confirmed", byThisRequest: false });
  });

  it("Confirmed while another request on record is unsettled: already_confirmed, byThisRequest null", () => {
    for (const outcome of [null, "unknown"] as const) {
      const j = judgeReadBack(
        asIs("timeout"),
        input(confirmedReadBack(), { others: [{ requestId: "r-1", outcome }] }),
      );
      expect(j).toMatchObject({ outcome: "already_confirmed", byThisRequest: null });
      expect(inEnglish(j.message)).toContain("r-1");
    }
  });

  it("other requests that did not apply it do not count", () => {
    const j = judgeReadBack(
      asIs("timeout"),
      input(confirmedReadBack(), {
        others: [
          { requestId: "r-1", outcome: "rejected" },
          { requestId: "r-2", outcome: "not_sent" },
        ],
      }),
    );
    expect(j).toMatchObject({ outcome: "confirmed", byThisRequest: true });
  });

  it("another request judged already_confirmed by a read-back that could not tell which: still a candidate", () => {
    // Contract: confirmed by read-back only when "no other request for it is on record" that may have applied it.
    const j = judgeReadBack(
      asIs("timeout"),
      input(confirmedReadBack(), {
        others: [{ requestId: "r-2", outcome: "already_confirmed", byThisRequest: null }],
      }),
    );
    expect(j).toMatchObject({ outcome: "already_confirmed", byThisRequest: null });
    expect(inEnglish(j.message)).toContain("r-2");
    const named = judgeReadBack(
      asIs("timeout"),
      input(confirmedReadBack(), {
        others: [{ requestId: "r-2", outcome: "already_confirmed", byThisRequest: false }],
      }),
    );
    expect(named).toMatchObject({ outcome: "confirmed", byThisRequest: true });
  });

  it("still Pending: unknown, may yet be applied, never 'not applied', exit 1", () => {
    const j = judgeReadBack(asIs("timeout"), input({ state: "Pending" }));
    expect(j).toMatchObject({ outcome: "unknown", verifiedBy: null, byThisRequest: null });
    expect(inEnglish(j.message)).toContain("may yet be applied");
    expect(inEnglish(j.message)).not.toMatch(/not applied|not sent|safe to send/i);
    expect(exitCodeOf(j, "single")).toBe(1);
    expect(exitCodeOf(j, "batch-item")).toBe(1);
  });

  it("the read-back failed: unknown, exit 1", () => {
    const j = judgeReadBack(asIs("reset"), input({ state: "failed", reason: "HTTP 503" }));
    expect(j).toMatchObject({ outcome: "unknown", verifiedBy: null, byThisRequest: null });
    expect(inEnglish(j.message)).not.toMatch(/not applied/i);
  });

  it("judge runs both halves", () => {
    expect(
      judge({ written: true, status: 502, body: null }, input(confirmedReadBack())).verdict,
    ).toBe("settled");
    expect(
      judge({ written: true, status: 429, body: null }, input(confirmedReadBack())).verdict,
    ).toBe("not-processed");
  });
});

describe("names", () => {
  it("compare after trimming and folding white space, case kept", () => {
    const shown = { firstName: " Ayşe ", lastName: "Yılmaz", confirmedBy: null };
    expect(sameAnswers({ isSelfSender: false, firstName: "Ayşe", lastName: "Yılmaz" }, shown)).toBe(
      true,
    );
    expect(sameAnswers({ isSelfSender: false, firstName: "AYŞE", lastName: "Yılmaz" }, shown)).toBe(
      false,
    );
  });
});

describe("a batch's exit", () => {
  const j = (outcome: Judgement["outcome"], kind: Judgement["kind"]): Judgement => ({
    outcome,
    verifiedBy: null,
    byThisRequest: null,
    message: asIs(""),
    kind,
  });
  it("is 0 when every item is confirmed or already confirmed", () => {
    expect(runExitCode([j("confirmed", null), j("already_confirmed", "conflict")], "batch")).toBe(
      0,
    );
  });
  it("is the first failed item's", () => {
    expect(
      runExitCode(
        [j("confirmed", null), j("not_found", "not_found"), j("unknown", "unknown")],
        "batch",
      ),
    ).toBe(3);
    expect(runExitCode([j("unknown", "unknown"), j("rejected", "validation")], "batch")).toBe(1);
    expect(runExitCode([j("not_sent", "cancelled")], "batch")).toBe(130);
  });
});

describe("the wire, from what the client threw", () => {
  const verdictOf = (error: TradectlError) => judgeAnswer(ID, wireOfError(error));
  it("a success is confirmed by the answer", () => {
    expect(judgeAnswer(ID, ANSWERED_SUCCESS)).toMatchObject({
      judgement: { outcome: "confirmed" },
    });
  });
  it("a refused connection was never written: not_sent, its kind's exit", () => {
    const v = verdictOf(new TradectlError("network", asIs("connection refused by h")));
    expect(v).toMatchObject({ judgement: { outcome: "not_sent", kind: "network" } });
  });
  it("a timeout after the write, and Ctrl-C in flight, are lost answers", () => {
    expect(
      verdictOf(new TradectlError("network", asIs("no answer"), { requestMayHaveArrived: true }))
        .verdict,
    ).toBe("read-back");
    expect(verdictOf(new TradectlError("cancelled", asIs("cancelled"))).verdict).toBe("read-back");
  });
  it("an unreadable 2xx is read back; a 2xx success:false is rejected", () => {
    const unreadable = new TradectlError("server", asIs("unreadable"), {
      status: 200,
      requestMayHaveArrived: true,
    });
    expect(verdictOf(unreadable).verdict).toBe("read-back");
    const refused = new TradectlError("server", asIs("said failed: nope"), {
      status: 200,
      refusedIn2xx: true,
      code: 7,
    });
    expect(verdictOf(refused)).toMatchObject({ judgement: { outcome: "rejected" } });
  });
  it("a 401 naming the nonce, a 429, a 422 and a 302 keep their meaning", () => {
    expect(
      verdictOf(new TradectlError("auth", asIs("Invalid Nonce"), { status: 401 })).verdict,
    ).toBe("not-processed");
    expect(
      verdictOf(new TradectlError("rate_limited", asIs("quota"), { status: 429 })).verdict,
    ).toBe("not-processed");
    expect(
      verdictOf(new TradectlError("conflict", asIs("already"), { status: 422 })),
    ).toMatchObject({
      judgement: { outcome: "already_confirmed" },
    });
    expect(verdictOf(new TradectlError("server", asIs("HTTP 302"), { status: 302 })).verdict).toBe(
      "read-back",
    );
  });
});
