import { describe, expect, it } from "vitest";
import { normalizeStatus } from "../../src/domain/declarations.js";
import { foldCase, sameWord, serviceLength } from "../../src/domain/text.js";

describe("foldCase: Turkish İ/ı/I/i meet", () => {
  it.each([
    ["PENDİNG", "pending"],
    ["pendıng", "pending"],
    ["PENDING", "pending"],
    ["BİTSTAMP", "bitstamp"],
    ["parıbu", "paribu"],
    ["PARİBU", "paribu"],
    // Decomposed: I + combining dot above.
    ["PENDI\u0307NG", "pending"],
  ])("%j → %j", (input, folded) => {
    expect(foldCase(input)).toBe(folded);
  });

  it("other letters keep their identity", () => {
    expect(sameWord("Şişli", "şişli")).toBe(true);
    expect(sameWord("Şişli", "sisli")).toBe(false);
    expect(sameWord(" Binance ", "binance")).toBe(true);
  });

  it("statuses are matched with it", () => {
    expect(normalizeStatus("PENDİNG")).toBe("Pending");
    expect(normalizeStatus("confırmed")).toBe("Confirmed");
    expect(normalizeStatus("unknown")).toBe("Unknown");
  });
});

describe("serviceLength: UTF-16 units, as ASP.NET counts", () => {
  it("an emoji outside the BMP counts 2, a Turkish letter 1", () => {
    expect(serviceLength("😀")).toBe(2);
    expect(serviceLength("ş")).toBe(1);
    expect(serviceLength("abc")).toBe(3);
  });
});
