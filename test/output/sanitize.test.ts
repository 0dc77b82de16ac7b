import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sanitize } from "../../src/output/sanitize.js";

/**
 * Everything a terminal may act on: C0, DEL, C1, the bidi marks, embeddings, overrides and
 * isolates, and the line and paragraph separators U+2028/U+2029 (a line end to some readers).
 */
function isUnsafeCodePoint(cp: number): boolean {
  return (
    cp <= 0x1f ||
    (cp >= 0x7f && cp <= 0x9f) ||
    (cp >= 0x202a && cp <= 0x202e) ||
    (cp >= 0x2066 && cp <= 0x2069) ||
    cp === 0x200e ||
    cp === 0x200f ||
    cp === 0x061c ||
    cp === 0x2028 ||
    cp === 0x2029
  );
}
const containsUnsafe = (text: string) =>
  [...text].some((ch) => isUnsafeCodePoint(ch.codePointAt(0)!));

describe("sanitize", () => {
  it.each([
    ["CSI (clear screen)", "a\u001b[2Jb", "a\\x1b[2Jb"],
    ["CSI (colour)", "\u001b[31mred\u001b[0m", "\\x1b[31mred\\x1b[0m"],
    ["OSC 0 window title, BEL-terminated", "\u001b]0;pwned\u0007x", "\\x1b]0;pwned\\x07x"],
    [
      "OSC 52 clipboard, BEL-terminated",
      "\u001b]52;c;cm0gLXJmIH4=\u0007",
      "\\x1b]52;c;cm0gLXJmIH4=\\x07",
    ],
    [
      "OSC 52 clipboard, ST-terminated",
      "\u001b]52;c;cm0gLXJmIH4=\u001b\\",
      "\\x1b]52;c;cm0gLXJmIH4=\\x1b\\",
    ],
    ["a lone BEL", "ding\u0007", "ding\\x07"],
    ["C1 CSI (U+009B)", "\u009b2J", "\\x9b2J"],
    ["C1 OSC and ST (U+009D, U+009C)", "\u009d0;t\u009c", "\\x9d0;t\\x9c"],
    ["DEL", "a\u007fb", "a\\x7fb"],
    ["NUL, tab, CR and LF", "a\u0000\t\r\n", "a\\x00\\x09\\x0d\\x0a"],
    ["RLO bidi override", "abc\u202etxt.exe", "abc\\u{202e}txt.exe"],
    [
      "LRI/RLI/FSI/PDI isolates",
      "\u2066\u2067\u2068\u2069",
      "\\u{2066}\\u{2067}\\u{2068}\\u{2069}",
    ],
    ["LRM/RLM/ALM marks", "\u200e\u200f\u061c", "\\u{200e}\\u{200f}\\u{61c}"],
    ["line and paragraph separators", "a\u2028b\u2029", "a\\u{2028}b\\u{2029}"],
  ])("neutralises %s", (_name, input, expected) => {
    expect(sanitize(input)).toBe(expected);
    expect(containsUnsafe(input)).toBe(true);
    expect(containsUnsafe(sanitize(input))).toBe(false);
  });

  it("leaves ordinary text untouched, including non-Latin scripts and emoji", () => {
    const text = "Ödeme İstanbul 東京 مرحبا 🚀 bc1q-ar0";
    expect(sanitize(text)).toBe(text);
    expect(containsUnsafe(text)).toBe(false);
  });

  it("property: no output of sanitize() contains a character of the unsafe set", () => {
    const risky = fc.constantFrom(
      "\u001b",
      "\u0007",
      "\u009b",
      "\u009d",
      "\u009c",
      "\u007f",
      "\u202e",
      "\u2066",
      "\u200f",
      "\u061c",
      "\u2028",
      "\u2029",
      "[",
      "]",
      ";",
      "\\",
    );
    const anyChar = fc.oneof(
      fc.string({ unit: "binary", maxLength: 1, minLength: 1 }),
      fc.integer({ min: 0, max: 0x2100 }).map((cp) => String.fromCodePoint(cp)),
      risky,
    );
    fc.assert(
      fc.property(fc.array(anyChar, { maxLength: 60 }), (parts) => {
        const out = sanitize(parts.join(""));
        return !containsUnsafe(out);
      }),
      { numRuns: 2000 },
    );
  });

  it("property: text without unsafe characters passes through unchanged", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 80 }), (text) => {
        fc.pre(!containsUnsafe(text));
        return sanitize(text) === text;
      }),
      { numRuns: 1000 },
    );
  });
});
