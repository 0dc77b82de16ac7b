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
      // Copied lines, and a shell line ending in a backslash with the line after it.
      const verbatim: boolean = continued || copied(line) || line.endsWith("\\");
      continued = line.endsWith("\\");
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

  it("a two-column row keeps its columns: its text goes on under the text, not under the term", () => {
    const text = `  key=other-ip           ${"the demo key is bound to another IP address ".repeat(2).trim()}`;
    const out = wrapHelpText(text, 60).split("\n");
    expect(out.length).toBeGreaterThan(1);
    expect(out[0]!.startsWith("  key=other-ip           the demo key")).toBe(true);
    for (const line of out) expect(line.length).toBeLessThanOrEqual(60);
    for (const line of out.slice(1)) expect(line).toMatch(/^ {25}\S/);
    const words = (t: string) => t.replace(/\s+/g, " ").trim();
    expect(words(out.join(" "))).toBe(words(text));
  });

  it("a shell line ending in a backslash and the line after it stay whole", () => {
    const text = `  curl -X POST http://127.0.0.1:PORT/__sandbox/deposits \\\n    -d '{"symbol":"XRP","address":"${"r".repeat(40)}"}'`;
    expect(wrapHelpText(text, 40)).toBe(text);
  });

  it("a row's own continuation lines are filled again with it when it must be wrapped", () => {
    const gap = " ".repeat(9);
    const text = `  quota=X:N/P${gap}answer 429 past N requests per PERIOD of one class:\n${" ".repeat(22)}declarations, confirm, order; may be repeated`;
    const out = wrapHelpText(text, 60).split("\n");
    for (const line of out) expect(line.length).toBeLessThanOrEqual(60);
    for (const line of out.slice(1)) expect(line).toMatch(/^ {22}\S/);
    expect(out[1]).toMatch(/^ {22}of one class: declarations, confirm,$/);
    // Where it fits, the author's own line breaks stay.
    expect(wrapHelpText(text, 100)).toBe(text);
  });
});
