import { describe, expect, it } from "vitest";
import { TradectlError } from "../src/errors.js";
import { asIs, inEnglish } from "../src/i18n/index.js";

describe("TradectlError.with", () => {
  const original = new TradectlError("rate_limited", asIs("Too Many Requests"), {
    status: 429,
    code: 7,
    hint: asIs("wait a minute"),
    details: [asIs("quota: 60 per minute")],
    endpoint: "confirm",
    retryAfterMs: 53_000,
    requestMayHaveArrived: false,
    refusedIn2xx: false,
  });

  it("keeps everything the failure carries, and the failure as its cause", () => {
    const again = TradectlError.with(original, { text: asIs("declaration 7: Too Many Requests") });
    expect(again.message).toBe("declaration 7: Too Many Requests");
    expect(again.kind).toBe("rate_limited");
    expect(again.status).toBe(429);
    expect(again.code).toBe(7);
    expect(again.hint).toEqual(asIs("wait a minute"));
    expect(again.details.map(inEnglish)).toEqual(["quota: 60 per minute"]);
    expect(again.endpoint).toBe("confirm");
    expect(again.retryAfterMs).toBe(53_000);
    expect(again.cause).toBe(original);
  });

  it("changes only what it is told to", () => {
    const again = TradectlError.with(original, { kind: "auth", hint: asIs("log in again") });
    expect([again.kind, again.message, again.hint?.params?.line, again.retryAfterMs]).toEqual([
      "auth",
      "Too Many Requests",
      "log in again",
      53_000,
    ]);
    expect(again.exitCode).toBe(4);
  });
});
