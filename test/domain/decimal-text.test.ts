import { describe, expect, it } from "vitest";
import { readDecimal, showsDecimalComma } from "../../src/domain/decimal-text.js";

/**
 * The contract's words ("Expected deposits from the sending side"): "Amounts are exact
 * decimals. A decimal comma (`0,5`, `1.234,56`, as Turkish spreadsheets write them) is read
 * when the file is unambiguous, or with `--decimal-comma`; `1,234` that could be either is
 * refused with the row named."
 */
describe("amounts as spreadsheets write them", () => {
  it("`0,5` and `1.234,56` show a decimal comma; `1,234` and `0.5` do not", () => {
    expect(showsDecimalComma("0,5")).toBe(true);
    expect(showsDecimalComma("1.234,56")).toBe(true);
    expect(showsDecimalComma("1,234")).toBe(false);
    expect(showsDecimalComma("0.5")).toBe(false);
    expect(showsDecimalComma("1,234.56")).toBe(false);
  });

  it("a decimal-comma file reads `0,5` as 0.5, `1.234,56` as 1234.56 and `1,234` as 1.234", () => {
    expect(readDecimal("0,5", "comma")).toEqual({ ok: true, value: "0.5", negative: false });
    expect(readDecimal("1.234,56", "comma")).toMatchObject({ ok: true, value: "1234.56" });
    expect(readDecimal("1,234", "comma")).toMatchObject({ ok: true, value: "1.234" });
  });

  it("a dot file refuses `1,234` as ambiguous and reads `1,234.5` and `0.5`", () => {
    expect(readDecimal("1,234", "dot")).toEqual({ ok: false, why: "ambiguous" });
    expect(readDecimal("1,234.5", "dot")).toMatchObject({ ok: true, value: "1234.5" });
    expect(readDecimal("0.5", "dot")).toMatchObject({ ok: true, value: "0.5" });
  });

  it("keeps every digit (never through a float)", () => {
    expect(readDecimal("12.345678901234567890", "dot")).toMatchObject({
      value: "12.34567890123456789",
    });
    expect(readDecimal("9007199254740993", "dot")).toMatchObject({ value: "9007199254740993" });
  });

  it("refuses what is not an amount", () => {
    for (const text of ["", "lots", "1.2.3", "1,23,4", "1e5", "0x10", "1 000"]) {
      expect(readDecimal(text, "dot").ok, text).toBe(false);
    }
    expect(readDecimal("-3", "dot")).toMatchObject({ ok: true, negative: true });
  });
});
