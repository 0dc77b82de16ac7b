import { createRequire } from "node:module";
import fc from "fast-check";
import stringWidth from "string-width";
import { describe, expect, it } from "vitest";

/**
 * The build swaps string-width (cli-table3's measure and ours) for scripts/lean/string-width.cjs,
 * which answers plain ASCII, bare or in SGR colour codes, without running emoji-regex. It must
 * measure exactly as string-width does, whichever path it takes.
 */
const lean = createRequire(import.meta.url)("../../scripts/lean/string-width.cjs") as (
  text: unknown,
) => number;

const sgr = fc
  .array(fc.integer({ min: 0, max: 99_999 }), { maxLength: 4 })
  .map((params) => `\x1b[${params.join(";")}m`);
const piece = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) }),
  sgr,
  fc.constantFrom("\x1b[31m", "\x1b[0m", "\x1b[1;4m", "\x1b[m", "\x1b]8;;x\x07", "\x1b[12345m"),
  fc.constantFrom("…", "é", "ğ", "漢", "😀", "👩‍💻", "#️⃣", "\u0301", "\t", "\x7f", "\u009b31m", "\u200f"),
  fc.string({ unit: "binary", maxLength: 4 }),
);

describe("the build's string-width (fast path for plain ASCII)", () => {
  it("measures as string-width does", () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const text = pieces.join("");
        expect(lean(text)).toBe(stringWidth(text));
      }),
      { numRuns: 2_000 },
    );
    for (const odd of [undefined, null, 5, "", "\x1b[", "\x1b[31", "a\x1b[31mb\x1b[0m"]) {
      expect(lean(odd)).toBe(stringWidth(odd as string));
    }
  });
});
