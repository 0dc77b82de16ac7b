import { describe, expect, it } from "vitest";
import { wrapHelpText } from "../../src/output/help-wrap.js";
import { runMain } from "../helpers/run.js";

/** Issue 25 item 9: at 60 columns, `--help` is wrapped; examples and JSON stay whole. */
const copied = (line: string) => /^\s*(\$ |[{["])/.test(line);

describe("help at 60 columns", () => {
  it.each([
    ["order", "get"],
    ["declarations", "confirm"],
    ["declarations", "list"],
    ["senders", "add"],
    ["sandbox", "serve"],
  ])("tradectl %s %s --help: every line of prose fits", async (...command) => {
    const r = await runMain([...command, "--help"], { env: { COLUMNS: "60" } });
    expect(r.code).toBe(0);
    let continued = false;
    for (const line of r.stdout.split("\n")) {
      const verbatim: boolean = continued || copied(line);
      continued = verbatim && line.endsWith("\\");
      // A single word longer than what is left of the line (a path) cannot be broken.
      const oneWord = !line.trim().includes(" ");
      if (!verbatim && !oneWord) expect(line.length, line).toBeLessThanOrEqual(60);
    }
  });

  it("breaks prose at spaces, keeping the indentation; example lines stay whole", () => {
    const text = `  ${"word ".repeat(20).trim()}\n  $ tradectl ${"x ".repeat(40).trim()} \\\n      --more`;
    const out = wrapHelpText(text, 40).split("\n");
    for (const line of out.slice(0, -2)) {
      expect(line.startsWith("  word")).toBe(true);
      expect(line.length).toBeLessThanOrEqual(40);
    }
    expect(out.slice(-2)).toEqual(text.split("\n").slice(1));
  });
});
