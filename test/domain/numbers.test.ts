import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseWholeNumber } from "../../src/domain/numbers.js";

/** The oracle: a sign, digits, nothing else; read exactly with BigInt, then the range. */
function oracle(text: string, min: number, max: number): number | null {
  const t = text.trim();
  if (!/^[+-]?[0-9]+$/.test(t)) return null;
  const n = BigInt(t);
  if (n < BigInt(min) || n > BigInt(max)) return null;
  if (n < BigInt(Number.MIN_SAFE_INTEGER) || n > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return Number(n);
}

describe("parseWholeNumber: one reading of whole numbers for flags and the sandbox", () => {
  it.each([
    ["42", 42],
    [" 42 ", 42],
    ["+7", 7],
    ["-7000", -7000],
    ["007", 7],
    ["-0", 0],
    ["1e3", null],
    ["0x10", null],
    ["1.0", null],
    ["", null],
    ["--1", null],
    ["9007199254740993", null],
  ])("%j → %s", (text, expected) => {
    expect(parseWholeNumber(text)).toBe(expected);
  });

  it("the range decides, not the sign", () => {
    expect(parseWholeNumber("-1", 0, 10)).toBeNull();
    expect(parseWholeNumber("-1", -5, 10)).toBe(-1);
    expect(parseWholeNumber("+10", 0, 10)).toBe(10);
    expect(parseWholeNumber("11", 0, 10)).toBeNull();
  });

  it("agrees with an exact oracle on any text", () => {
    const numeric = fc.oneof(
      fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }).map(String),
      fc
        .tuple(fc.constantFrom("", "+", "-", " ", "0"), fc.nat().map(String))
        .map(([a, b]) => a + b),
      fc.string(),
    );
    fc.assert(
      fc.property(numeric, fc.integer({ min: -1000, max: 1000 }), fc.nat(), (text, min, span) => {
        expect(parseWholeNumber(text, min, min + span)).toBe(oracle(text, min, min + span));
      }),
    );
  });
});
