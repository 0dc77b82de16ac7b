import { describe, expect, it } from "vitest";
import {
  AttemptFailure,
  backoffMs,
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

describe("retryDecision", () => {
  it("never retries what is not retryable (a 4xx, a POST's failure)", () => {
    const error = new TradectlError("validation", asIs("bad"), { status: 400 });
    const decision = retryDecision({
      attempt: 1,
      maxAttempts: 4,
      failure: new AttemptFailure(error, false),
      remainingMs: 30_000,
      random: 0.5,
    });
    expect(decision).toEqual({ retry: false, error });
  });

  it("backs off with full jitter under an exponential ceiling, capped at 5 s", () => {
    expect([1, 2, 3, 4, 10].map((a) => backoffMs(a, 1))).toEqual([200, 400, 800, 1600, 5000]);
    expect(backoffMs(3, 0.25)).toBe(200);
    const decision = retryDecision({
      attempt: 2,
      maxAttempts: 4,
      failure: new AttemptFailure(server(), true),
      remainingMs: 30_000,
      random: 0.5,
    });
    expect(decision).toEqual({ retry: true, delayMs: 200 });
  });

  it("waits what the server asked for instead of the back-off", () => {
    const decision = retryDecision({
      attempt: 1,
      maxAttempts: 4,
      failure: new AttemptFailure(limited(), true, 2_000),
      remainingMs: 30_000,
      random: 0.5,
    });
    expect(decision).toEqual({ retry: true, delayMs: 2_000 });
  });

  it("gives up after the last attempt, with the wait in the hint when the server named one", () => {
    const plain = server();
    expect(
      retryDecision({
        attempt: 4,
        maxAttempts: 4,
        failure: new AttemptFailure(plain, true),
        remainingMs: 30_000,
        random: 0.5,
      }),
    ).toEqual({ retry: false, error: plain });
    const decision = retryDecision({
      attempt: 4,
      maxAttempts: 4,
      failure: new AttemptFailure(limited(), true, 1_000),
      remainingMs: 30_000,
      random: 0.5,
    });
    expect(decision.retry).toBe(false);
    if (decision.retry) return;
    expect(decision.error.kind).toBe("rate_limited");
    expect(decision.error.retryAfterMs).toBe(1_000);
    expect(inEnglish(decision.error.hint!)).toBe(
      "the service asks to wait 1 s before the next request; try again after that",
    );
  });

  it("a wait longer than the budget gives up at once and says how long (Retry-After 3600)", () => {
    const decision = retryDecision({
      attempt: 1,
      maxAttempts: 4,
      failure: new AttemptFailure(limited(), true, 3_600_000),
      remainingMs: 29_000,
      random: 0.5,
    });
    expect(decision.retry).toBe(false);
    if (decision.retry) return;
    expect(decision.error.message).toBe("TOO_MANY_REQUESTS: Quota exceeded.");
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
    expect(
      retryDecision({
        attempt: 3,
        maxAttempts: 4,
        failure: new AttemptFailure(error, true),
        remainingMs: 100,
        random: 0.9,
      }),
    ).toEqual({ retry: false, error });
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
