import { describe, expect, it } from "vitest";
import { parseDurationMs, parseIsoTime, parseWhen } from "../../src/domain/duration.js";
import { inEnglish } from "../../src/i18n/index.js";

describe("durations and times", () => {
  it("reads durations in every unit, and joined", () => {
    expect(parseDurationMs("24h")).toBe(86_400_000);
    expect(parseDurationMs("7d")).toBe(604_800_000);
    expect(parseDurationMs("30m")).toBe(1_800_000);
    expect(parseDurationMs("1d12h")).toBe(129_600_000);
    expect(parseDurationMs("1.5h")).toBe(5_400_000);
    expect(parseDurationMs("2w")).toBe(1_209_600_000);
    for (const bad of ["", "24", "h", "24x", "-1h", "1h 2m", "1e3s"]) {
      expect(parseDurationMs(bad)).toBeNull();
    }
  });

  it("reads ISO-8601 times with a zone, and dates as midnight UTC", () => {
    expect(parseIsoTime("2026-12-01")).toBe(Date.parse("2026-12-01T00:00:00Z"));
    expect(parseIsoTime("2026-12-01T09:00:00+03:00")).toBe(Date.parse("2026-12-01T06:00:00Z"));
    expect(parseIsoTime("2026-12-01T09:00:00")).toBeNull();
    expect(parseIsoTime("2026-13-45")).toBeNull();
  });

  it("counts a duration from now, forward or back", () => {
    const now = Date.parse("2026-11-24T12:00:00Z");
    expect(parseWhen("24h", now, 1)).toEqual({ ok: true, ms: now + 86_400_000 });
    expect(parseWhen("7d", now, -1)).toEqual({ ok: true, ms: now - 604_800_000 });
    expect(parseWhen("0h", now, 1).ok).toBe(false);
    const soon = parseWhen("soon", now, 1);
    expect(soon.ok).toBe(false);
    expect(soon.ok ? null : inEnglish(soon.problem)).toBe(
      "'soon' is neither an ISO-8601 time (2026-12-01T09:00:00Z) nor a duration (24h, 7d, 30m)",
    );
  });
});
