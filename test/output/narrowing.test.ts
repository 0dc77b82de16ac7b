import fc from "fast-check";
import stringWidth from "string-width";
import { describe, expect, it } from "vitest";
import { cutText, textWidth } from "../../src/output/narrowing.js";

// Printable ASCII and the ellipsis cli-table3 measures when it considers cutting a cell.
const printableAscii = fc.string({
  unit: fc.oneof(
    fc.integer({ min: 0x20, max: 0x7e }).map((cp) => String.fromCharCode(cp)),
    fc.constant("…"),
  ),
  maxLength: 80,
});
const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

// The fast path for printable ASCII stands on two premises, checked here against the real thing.
describe("measuring printable ASCII without string-width or Intl.Segmenter", () => {
  it("string-width measures printable ASCII as its length", () => {
    fc.assert(
      fc.property(printableAscii, (text) => stringWidth(text) === text.length),
      { numRuns: 2000 },
    );
    const every = `${Array.from({ length: 0x5f }, (_, i) => String.fromCharCode(0x20 + i)).join("")}…`;
    expect(stringWidth(every)).toBe(every.length);
    expect(textWidth(every)).toBe(every.length);
  });

  it("Intl.Segmenter splits printable ASCII into single characters", () => {
    fc.assert(
      fc.property(printableAscii, (text) => {
        const parts = Array.from(segmenter.segment(text), (s) => s.segment);
        return parts.length === text.length && parts.join("") === text;
      }),
      { numRuns: 2000 },
    );
  });

  it("other text still goes to string-width and the segmenter", () => {
    expect(textWidth("東京")).toBe(4);
    expect(textWidth("🚀x")).toBe(3);
    expect(textWidth("e\u0301")).toBe(1);
    // A combining mark stays with its letter when cut; a wide character is never halved.
    expect(cutText("Ae\u0301bcdef", 4, "end")).toBe("Ae\u0301b…");
    expect(cutText("東京都庁", 5, "end")).toBe("東京…");
    expect(cutText("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", 14, "middle")).toBe(
      "bc1qar0…wf5mdq",
    );
  });
});
