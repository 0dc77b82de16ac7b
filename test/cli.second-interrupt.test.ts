import { describe, expect, it } from "vitest";
import { secondInterruptLines } from "../src/cli.js";
import { createTranslator } from "../src/i18n/index.js";

/**
 * Issue 33, item 18: a second Ctrl-C leaves at once, and a script reading -o ndjson (or json)
 * still gets its JSON error line on stderr: kind "cancelled", the declaration in flight named.
 */
describe("a second Ctrl-C", () => {
  const t = createTranslator("tr");
  const inFlight =
    "tradectl: interrupted with the confirmation of declaration 734001022 in flight: it may have been applied; running the same command again reads it back before sending anything";

  it.each([
    [["declarations", "confirm", "--auto", "-o", "ndjson"]],
    [["--output=json", "declarations", "confirm", "--auto"]],
  ])("with %j: the JSON error line, in English, after the people's lines", (argv) => {
    const lines = secondInterruptLines(argv, new Set(["734001022"]), t);
    expect(lines).toHaveLength(2);
    expect(lines[0]).not.toMatch(/^\{/);
    expect(JSON.parse(lines[1]!)).toEqual({
      error: { kind: "cancelled", status: null, code: null, message: `cancelled; ${inFlight}` },
    });
  });

  it("with nothing in flight: the JSON line still says cancelled", () => {
    expect(secondInterruptLines(["-o", "ndjson", "declarations", "watch"], [], t)).toEqual([
      '{"error":{"kind":"cancelled","status":null,"code":null,"message":"cancelled"}}',
    ]);
  });

  it("for people (a table): no JSON line", () => {
    expect(secondInterruptLines(["declarations", "watch"], [], t)).toEqual([]);
  });
});
