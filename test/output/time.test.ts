import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isoUtc, localTime, parseServerTime } from "../../src/output/time.js";

describe("time formatting", () => {
  let savedTz: string | undefined;
  beforeEach(() => {
    savedTz = process.env.TZ;
  });
  afterEach(() => {
    if (savedTz === undefined) delete process.env.TZ;
    else process.env.TZ = savedTz;
  });

  it("isoUtc: Unix ms (number, bigint or digit string) as ISO-8601 UTC", () => {
    expect(isoUtc(1700000000000)).toBe("2023-11-14T22:13:20.000Z");
    expect(isoUtc(1700000000123n)).toBe("2023-11-14T22:13:20.123Z");
    expect(isoUtc("1700000000000")).toBe("2023-11-14T22:13:20.000Z");
  });

  it("isoUtc: strings with a zone keep their instant; without one they are UTC", () => {
    expect(isoUtc("2023-11-14T22:13:20Z")).toBe("2023-11-14T22:13:20.000Z");
    expect(isoUtc("2023-11-15T01:13:20+03:00")).toBe("2023-11-14T22:13:20.000Z");
    expect(isoUtc("2023-11-14T22:13:20")).toBe("2023-11-14T22:13:20.000Z");
    expect(isoUtc("2023-11-14 22:13:20")).toBe("2023-11-14T22:13:20.000Z");
    // .NET writes seven fractional digits.
    expect(isoUtc("2023-11-14T22:13:20.1234567")).toBe("2023-11-14T22:13:20.123Z");
  });

  it("isoUtc does not depend on the local zone", () => {
    process.env.TZ = "America/New_York";
    expect(isoUtc("2023-11-14T22:13:20")).toBe("2023-11-14T22:13:20.000Z");
    process.env.TZ = "Asia/Kolkata";
    expect(isoUtc(1700000000000)).toBe("2023-11-14T22:13:20.000Z");
  });

  it("text that is not a time is shown as sent; null is empty", () => {
    expect(isoUtc("yesterday")).toBe("yesterday");
    expect(isoUtc(null)).toBe("");
    expect(localTime(undefined)).toBe("");
    expect(localTime("soon")).toBe("soon");
    expect(parseServerTime("2023-13-45T99:99:99")).toBeNull();
  });

  it("localTime uses TZ", () => {
    process.env.TZ = "Europe/Istanbul";
    expect(localTime(1700000000000)).toBe("2023-11-15 01:13:20");
    process.env.TZ = "America/Los_Angeles";
    expect(localTime(1700000000000)).toBe("2023-11-14 14:13:20");
    expect(localTime("2023-11-14T22:13:20Z")).toBe("2023-11-14 14:13:20");
    process.env.TZ = "UTC";
    expect(localTime("2023-11-14 22:13:20")).toBe("2023-11-14 22:13:20");
  });

  it("localTime agrees with the Date getters of the current zone", () => {
    const d = new Date(1_700_000_000_000);
    const pad = (n: number) => String(n).padStart(2, "0");
    expect(localTime(1_700_000_000_000)).toBe(
      `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`,
    );
  });
});
