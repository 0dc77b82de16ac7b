import { createRequire } from "node:module";
import Table from "cli-table3";
import fc from "fast-check";
import stringWidth from "string-width";
import { describe, expect, it } from "vitest";

/**
 * The build swaps two packages for shims in scripts/lean/ (scripts/build.js). string-width (cli-table3's measure and ours) for scripts/lean/string-width.cjs,
 * which answers plain ASCII, bare or in SGR colour codes, without running emoji-regex. It must
 * measure exactly as string-width does, whichever path it takes.
 */
const requireLean = createRequire(import.meta.url);
const lean = requireLean("../../scripts/lean/string-width.cjs") as (text: unknown) => number;

const sgr = fc
  .array(fc.integer({ min: 0, max: 99_999 }), { maxLength: 4 })
  .map((params) => `\x1b[${params.join(";")}m`);
const piece = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) }),
  sgr,
  fc.constantFrom("\x1b[31m", "\x1b[0m", "\x1b[1;4m", "\x1b[m", "\x1b]8;;x\x07", "\x1b[12345m"),
  fc.constantFrom(
    "…",
    "é",
    "ğ",
    "漢",
    "😀",
    "👩‍💻",
    "#️⃣",
    "\u0301",
    "\t",
    "\x7f",
    "\u009b31m",
    "\u200f",
  ),
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

describe("the build's cli-table3 (loaded by the first table)", () => {
  it("makes cli-table3's own tables", () => {
    const LeanTable = requireLean("../../scripts/lean/cli-table3.cjs") as typeof Table;
    const options = { head: ["a", "b"], colWidths: [6, 8] };
    const lean = new LeanTable(options);
    const real = new Table(options);
    expect(lean).toBeInstanceOf(Table);
    lean.push(["x", "y…"], ["long text", "z"]);
    real.push(["x", "y…"], ["long text", "z"]);
    expect(lean.toString()).toBe(real.toString());
  });
});
