import { describe, expect, it } from "vitest";
import { canonicalId, INT32_MAX, sameId } from "../../src/domain/ids.js";

describe("canonicalId", () => {
  it("gives an id's digits without leading zeros and blanks, or null", () => {
    expect(canonicalId(" 0042 ")).toBe("42");
    expect(canonicalId("9223372036854775807")).toBe("9223372036854775807");
    expect(canonicalId("9223372036854775808")).toBeNull();
    expect(canonicalId("2147483648", INT32_MAX)).toBeNull();
    for (const text of ["", "-1", "4.2", "1e3", "0x2a", "٤٢"]) expect(canonicalId(text)).toBeNull();
  });
});

describe("sameId", () => {
  it("takes two spellings of one id for the same id, and nothing else", () => {
    expect(sameId("0042", "42")).toBe(true);
    expect(sameId("21545488", "21545488")).toBe(true);
    expect(sameId("42", "43")).toBe(false);
    // Not ids: the same only when written the same.
    expect(sameId("abc", "abc")).toBe(true);
    expect(sameId("abc", "ABC")).toBe(false);
  });
});
