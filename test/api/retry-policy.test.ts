import { describe, expect, it } from "vitest";
import {
  AttemptFailure,
  backoffMs,
  type RetryInput,
  rateWaitMs,
  retryAfterHeaderMs,
  retryDecision,
} from "../../src/api/retry-policy.js";
import { TradectlError } from "../../src/errors.js";
import { asIs, createTranslator, inEnglish } from "../../src/i18n/index.js";

const server = (status = 503) => new TradectlError("server", asIs("down"), { status });
const limited = () =>
  new TradectlError("rate_limited", asIs("TOO_MANY_REQUESTS: Quota exceeded."), {
    status: 429,
    endpoint: "declarations",
  });

/** A GET's first failed attempt, 30 s of budget left, nothing waited yet: each test changes what it is about. */
const input = (changes: Partial<RetryInput> & Pick<RetryInput, "failure">): RetryInput => ({
  method: "GET",
  auth: true,
  attempt: 1,
  maxAttempts: 4,
  remainingMs: 30_000,
  random: 0.5,
  rateWaits: 0,
  stampResent: false,
  correctedOffsetMs: null,
  windows: [],
  ...changes,
});
const unauthorized = (message = "Invalid Nonce") =>
  new TradectlError("auth", asIs(message), { status: 401, endpoint: "confirm" });

describe("retryDecision: a GET's failures", () => {
  it("never retries what is not retryable (a 4xx)", () => {
    const error = new TradectlError("validation", asIs("bad"), { status: 400 });
    const decision = retryDecision(input({ failure: new AttemptFailure(error, false) }));
    expect(decision).toEqual({ retry: false, error, refused: null });
  });

  it("backs off with full jitter under an exponential ceiling, capped at 5 s", () => {
    expect([1, 2, 3, 4, 10].map((a) => backoffMs(a, 1))).toEqual([200, 400, 800, 1600, 5000]);
    expect(backoffMs(3, 0.25)).toBe(200);
    const decision = retryDecision(
      input({ attempt: 2, failure: new AttemptFailure(server(), true) }),
    );
    expect(decision).toEqual({ retry: true, delayMs: 200, refused: null });
  });

  it("waits what the server asked for instead of the back-off (a 503's Retry-After, a 429's)", () => {
    const after503 = retryDecision(input({ failure: new AttemptFailure(server(), true, 2_000) }));
    expect(after503).toEqual({ retry: true, delayMs: 2_000, refused: null });
    const after429 = retryDecision(input({ failure: new AttemptFailure(limited(), true, 2_000) }));
    expect(after429).toEqual({ retry: true, delayMs: 2_000, refused: "rate_limited" });
  });

  it("gives up after the last attempt, with the wait in the hint when the server named one", () => {
    const plain = server();
    const last = { attempt: 4, maxAttempts: 4 };
    expect(retryDecision(input({ ...last, failure: new AttemptFailure(plain, true) }))).toEqual({
      retry: false,
      error: plain,
      refused: null,
    });
    const decision = retryDecision(
      input({ ...last, failure: new AttemptFailure(limited(), true, 1_000) }),
    );
    expect(decision.retry).toBe(false);
    if (decision.retry) return;
    expect(decision.error.kind).toBe("rate_limited");
    expect(decision.error.retryAfterMs).toBe(1_000);
    expect(decision.error.resendStop).toEqual({ why: "waits_spent", tries: 4 });
    expect(inEnglish(decision.error.hint!)).toBe(
      "the service asks to wait 1 s before the next request; try again after that",
    );
  });

  it("a wait longer than the budget gives up at once and says how long (Retry-After 3600)", () => {
    const decision = retryDecision(
      input({ failure: new AttemptFailure(limited(), true, 3_600_000), remainingMs: 29_000 }),
    );
    expect(decision.retry).toBe(false);
    if (decision.retry) return;
    expect(decision.error.message).toBe("TOO_MANY_REQUESTS: Quota exceeded.");
    expect(decision.error.resendStop).toEqual({ why: "wait_too_long", waitMs: 3_600_000 });
    expect(inEnglish(decision.error.hint!)).toContain("wait 60 min");
    expect(decision.error.details.map(inEnglish)).toEqual([
      "not retried: the service asked to wait 60 min, longer than what is left of --timeout",
    ]);
    // The line is ours, not the service's: said in the user's language.
    expect(createTranslator("tr").text(decision.error.details[0]!)).toBe(
      "yeniden denenmedi: hizmet 60 dk beklenmesini istedi, bu --timeout'tan kalan süreden uzun",
    );
  });

  it("a back-off that would outlast the budget gives up with the failure as it is", () => {
    const error = server();
    const decision = retryDecision(
      input({
        attempt: 3,
        failure: new AttemptFailure(error, true),
        remainingMs: 100,
        random: 0.9,
      }),
    );
    expect(decision).toEqual({ retry: false, error, refused: null });
  });
});

describe("retryDecision: a POST", () => {
  // "A 429 on a POST means the service did not process it"; "These are the only cases where a
  // confirmation is sent twice".
  it("is never sent again after a 5xx, a reset or a timeout, retryable or not", () => {
    for (const failure of [
      new AttemptFailure(server(500), true),
      new AttemptFailure(server(503), true, 1_000),
      new AttemptFailure(new TradectlError("network", asIs("ECONNRESET")), true),
    ]) {
      const decision = retryDecision(input({ method: "POST", maxAttempts: 1, failure }));
      expect(decision).toEqual({ retry: false, error: failure.error, refused: null });
    }
  });

  it("a 429 is waited out and sent again 5 times; the 6th ends it, saying 6 tries", () => {
    const failure = new AttemptFailure(limited(), true, 2_000);
    const post = { method: "POST" as const, maxAttempts: 1, failure };
    for (const rateWaits of [0, 1, 2, 3, 4]) {
      expect(retryDecision(input({ ...post, attempt: rateWaits + 1, rateWaits }))).toEqual({
        retry: true,
        delayMs: 2_000,
        refused: "rate_limited",
      });
    }
    const sixth = retryDecision(input({ ...post, attempt: 6, rateWaits: 5 }));
    expect(sixth.retry).toBe(false);
    if (sixth.retry) return;
    expect(sixth.error.kind).toBe("rate_limited");
    expect(sixth.error.resendStop).toEqual({ why: "waits_spent", tries: 6 });
  });

  it("a 401 is sent once more (the clock read first), never a second time", () => {
    const post = { method: "POST" as const, maxAttempts: 1 };
    const first = retryDecision(
      input({ ...post, failure: new AttemptFailure(unauthorized(), false) }),
    );
    expect(first).toEqual({ retry: true, delayMs: 0, refused: "unauthorized" });
    const again = retryDecision(
      input({
        ...post,
        stampResent: true,
        failure: new AttemptFailure(unauthorized("Unauthorized"), false),
      }),
    );
    expect(again.retry).toBe(false);
    if (again.retry) return;
    expect(again.error.kind).toBe("auth");
    expect(again.error.message).toBe("Unauthorized");
    expect(again.error.resendStop).toEqual({ why: "refused_again" });
  });

  it("a stamp refused again after the clock was corrected is the clock's problem, said so", () => {
    const decision = retryDecision(
      input({
        stampResent: true,
        correctedOffsetMs: -7_000,
        failure: new AttemptFailure(unauthorized("Invalid Nonce"), false),
      }),
    );
    expect(decision.retry).toBe(false);
    if (decision.retry) return;
    expect(decision.error.text.key).toBe("api.skewStays");
    expect(decision.error.resendStop).toEqual({ why: "refused_again" });
  });

  it("a 401 of an unsigned request (server time) is not about a stamp: not sent again", () => {
    const error = unauthorized("Unauthorized");
    const decision = retryDecision(
      input({ auth: false, failure: new AttemptFailure(error, false) }),
    );
    expect(decision).toEqual({ retry: false, error, refused: null });
  });
});

describe("a 429's wait", () => {
  const minute = { limit: 120, ms: 60_000, period: "1m" };
  const second = { limit: 5, ms: 1_000, period: "1s" };
  it("is its Retry-After (0 too: at once) or its details' seconds, else the longest window, else 1 s", () => {
    expect(rateWaitMs(53_000, [minute])).toBe(53_000);
    expect(rateWaitMs(null, [second, minute])).toBe(60_000);
    expect(rateWaitMs(0, [second])).toBe(0);
    expect(rateWaitMs(null, [])).toBe(1_000);
  });

  it("a window longer than the budget is not waited either", () => {
    const decision = retryDecision(
      input({ method: "POST", failure: new AttemptFailure(limited(), true), windows: [minute] }),
    );
    expect(decision.retry).toBe(false);
    if (decision.retry) return;
    expect(decision.error.resendStop).toEqual({ why: "wait_too_long", waitMs: 60_000 });
  });
});

describe("retryAfterHeaderMs", () => {
  it("reads seconds and HTTP dates, nothing else", () => {
    expect(retryAfterHeaderMs("3", 0)).toBe(3_000);
    expect(retryAfterHeaderMs(["1.5"], 0)).toBe(1_500);
    expect(retryAfterHeaderMs("Thu, 01 Jan 1970 00:00:10 GMT", 4_000)).toBe(6_000);
    expect(retryAfterHeaderMs(undefined, 0)).toBeNull();
    expect(retryAfterHeaderMs("soon", 0)).toBeNull();
  });
});
