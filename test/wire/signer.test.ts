import { describe, expect, it } from "vitest";
import { StampClock } from "../../src/api/stamp-clock.js";
import { authHeaders, isBase64Secret, signV1 } from "../../src/wire/signer.js";

describe("Authentication V1", () => {
  it("matches the documented test vector", () => {
    expect(signV1("test-public-key", "dGVzdC1wcml2YXRlLWtleS1ieXRlcw==", "1700000000000")).toBe(
      "ATeAF1YtTDgt/EkrAj0LjjPypyLshyjtGW+qC2n+lGw=",
    );
  });

  it("puts the same stamp in X-Stamp and in the signature", () => {
    const headers = authHeaders(
      "test-public-key",
      "dGVzdC1wcml2YXRlLWtleS1ieXRlcw==",
      "1700000000000",
    );
    expect(headers).toEqual({
      "X-PCK": "test-public-key",
      "X-Stamp": "1700000000000",
      "X-Signature": "ATeAF1YtTDgt/EkrAj0LjjPypyLshyjtGW+qC2n+lGw=",
    });
  });

  it("accepts only strict base64 secrets", () => {
    expect(isBase64Secret("c2FuZGJveC1wcml2YXRlLWtleQ==")).toBe(true);
    expect(isBase64Secret("not base64!")).toBe(false);
    expect(isBase64Secret("abc")).toBe(false);
    expect(isBase64Secret("")).toBe(false);
  });
});

describe("StampClock", () => {
  it("stays strictly increasing over 10,000 calls in one millisecond", () => {
    const clock = new StampClock(() => 1_700_000_000_000);
    let previous = 0n;
    for (let i = 0; i < 10_000; i++) {
      const stamp = BigInt(clock.next());
      expect(stamp > previous).toBe(true);
      previous = stamp;
    }
    expect(previous).toBe(1_700_000_000_000n + 9_999n);
  });

  it("stays strictly increasing when the wall clock steps back, and follows it forward again", () => {
    let now = 1_700_000_000_000;
    const clock = new StampClock(() => now);
    expect(clock.next()).toBe("1700000000000");
    now -= 3_000; // an NTP step backwards
    expect(clock.next()).toBe("1700000000001");
    now += 10_000;
    expect(clock.next()).toBe("1700000007000");
  });

  it("a new offset moves stamps to the server's clock, even backwards, without repeating one", () => {
    const clock = new StampClock(() => 1_000_000);
    expect(clock.next()).toBe("1000000");
    clock.offsetMs = -500;
    expect(clock.next()).toBe("999500");
  });

  it("applies the server-time offset", () => {
    const clock = new StampClock(() => 1_000_000);
    clock.offsetMs = -2_500;
    expect(clock.next()).toBe("997500");
  });
});
