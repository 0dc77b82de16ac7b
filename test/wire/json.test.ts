import { describe, expect, it } from "vitest";
import {
  isLosslessNumber,
  numberText,
  parseLossless,
  stringifyLossless,
} from "../../src/wire/json.js";

describe("lossless JSON", () => {
  it("keeps an int64 id and a long decimal exactly as sent", () => {
    const text = '{"id":9223372036854775807,"amount":0.8000000000000000,"small":1e-7}';
    const parsed = parseLossless(text) as Record<string, unknown>;
    expect(isLosslessNumber(parsed.id)).toBe(true);
    expect(numberText(parsed.id)).toBe("9223372036854775807");
    expect(numberText(parsed.amount)).toBe("0.8000000000000000");
    expect(numberText(parsed.small)).toBe("1e-7");
    expect(stringifyLossless(parsed)).toBe(text);
    // The float path this guards against would have lost both.
    expect(JSON.stringify(JSON.parse(text))).not.toBe(text);
  });

  it("keeps numbers exact inside arrays and nested objects", () => {
    const text = '[{"a":{"b":[12345678901234567890123,-0.000000000000000000001]}}]';
    expect(stringifyLossless(parseLossless(text))).toBe(text);
  });

  it("refuses truncated JSON instead of returning a partial value", () => {
    expect(() => parseLossless('{"data":{"id":1')).toThrow();
    expect(() => parseLossless("")).toThrow();
  });

  it("numberText passes strings through and gives '' for absent values", () => {
    expect(numberText("0.10")).toBe("0.10");
    expect(numberText(undefined)).toBe("");
    expect(numberText(null)).toBe("");
    expect(numberText(12n)).toBe("12");
  });
});
