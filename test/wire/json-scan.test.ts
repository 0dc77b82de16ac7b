import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonDepthOver, scanBody } from "../../src/wire/json-scan.js";

const scanJson = (text: string, max: number) => scanBody(text, max)?.records ?? null;

/**
 * scanBody skips strings with indexOf for speed; its depth check and record count must answer
 * exactly as the plain pass over every character does (written out here as the reference), for
 * any text, valid JSON or not.
 */
function reference(text: string, max: number): number | null {
  let depth = 0;
  let inString = false;
  let records = 0;
  let topIsArray: boolean | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{") {
      if (depth === 1 && topIsArray) records++;
      topIsArray ??= false;
      if (++depth > max) return null;
    } else if (c === "[") {
      topIsArray ??= true;
      if (++depth > max) return null;
    } else if (c === "]" || c === "}") depth--;
  }
  return records;
}

const piece = fc.oneof(
  fc.constantFrom("{", "}", "[", "]", '"', "\\", '\\"', "\\\\", ",", ":", "1", " ", "a", "é"),
  fc.string({ maxLength: 4 }),
  fc.json(),
);

describe("scanBody", () => {
  it("answers as a pass over every character does", () => {
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 30 }),
        fc.integer({ min: 1, max: 6 }),
        (parts, max) => {
          const text = parts.join("");
          expect(scanJson(text, max)).toBe(reference(text, max));
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it("counts a page's records and refuses deep nesting", () => {
    expect(scanJson('[{"a":"}{\\"{"},{"b":[{"c":1}]},{}]', 256)).toBe(3);
    expect(scanJson('{"data":[{},{}]}', 256)).toBe(0);
    expect(scanJson("[]", 256)).toBe(0);
    expect(jsonDepthOver(`${"[".repeat(300)}${"]".repeat(300)}`, 256)).toBe(true);
    expect(jsonDepthOver('["[[[[[[[[[[[[[[[["]', 4)).toBe(false);
  });
});
