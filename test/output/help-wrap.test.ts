import { describe, expect, it } from "vitest";
import { helpList, wrapHelpText } from "../../src/output/help-wrap.js";
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

  it("breaks prose at spaces, keeping the indentation", () => {
    const text = `  ${"word ".repeat(20).trim()}`;
    const out = wrapHelpText(text, 40).split("\n");
    expect(out.length).toBeGreaterThan(1);
    for (const line of out) {
      expect(line.startsWith("  word")).toBe(true);
      expect(line.length).toBeLessThanOrEqual(40);
    }
  });

  it("breaks a long example command where the shell allows: outside quotes, lines ending in ' \\'", () => {
    const command = `$ tradectl rules add gifts --symbol ETH --sender sister --description "Gift from my sister's wallet" --once`;
    const text = `  ${command} \\\n      --until 24h`;
    const out = wrapHelpText(text, 60).split("\n");
    expect(out.length).toBeGreaterThan(2);
    for (const line of out) expect(line.length, line).toBeLessThanOrEqual(60);
    // Every line but the last goes on with a backslash; the quoted text and each flag's value
    // stay on one line; pasted, the lines are the one command.
    for (const line of out.slice(0, -1)) expect(line.endsWith(" \\")).toBe(true);
    expect(out).toContain(`      --description "Gift from my sister's wallet" --once \\`);
    expect(out.some((l) => /--sender$/.test(l.replace(/ \\$/, "")))).toBe(false);
    const joined = out.map((l) => l.replace(/ \\$/, "").trim()).join(" ");
    expect(joined).toBe(`${command} --until 24h`);
  });

  it("an example with a quote left open over lines, and a comment, stay whole", () => {
    const open = `  $ tradectl x --exec 'one two three four five six seven eight nine ten`;
    expect(wrapHelpText(`${open}\n    eleven'`, 40)).toBe(`${open}\n    eleven'`);
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

  it("a paragraph that must be wrapped is filled again as one: no short stub before its next line", () => {
    const text = [
      "Batch: the plan is checked first and nothing is sent if anything is wrong; those",
      "  already confirmed are skipped; on a terminal the plan is shown and you are asked.",
      "  Every confirmation is on record first: `tradectl receipts list`. Outcomes and their exit",
      "  codes: `tradectl help exit-codes`.",
      "",
      "Exit status:",
      "  0 when the server accepts the credentials, 4 when it refuses them, 2 for bad input.",
      "  $ tradectl auth status",
    ].join("\n");
    const out = wrapHelpText(text, 60).split("\n");
    const blank = out.indexOf("");
    const paragraph = out.slice(0, blank);
    for (const line of paragraph) expect(line.length).toBeLessThanOrEqual(60);
    // Every line but the last is filled: the next word would not have fitted on it.
    for (let i = 0; i < paragraph.length - 1; i++) {
      const next = paragraph[i + 1]!.trim().split(" ")[0]!;
      expect(paragraph[i]!.length + 1 + next.length, paragraph[i]).toBeGreaterThan(60);
    }
    for (const line of paragraph.slice(1)) expect(line).toMatch(/^ {2}\S/);
    const words = (t: string) => t.replace(/\s+/g, " ").trim();
    expect(words(paragraph.join(" "))).toBe(words(text.split("\n\n")[0]!));
    // A heading ending in ':' stays on its own line above what it heads; examples stay whole.
    expect(out[blank + 1]).toBe("Exit status:");
    expect(out.at(-1)).toBe("  $ tradectl auth status");
    expect(out.slice(blank + 2, -1).every((l) => l.startsWith("  ") && l.length <= 60)).toBe(true);
    // Where every line fits, the author's breaks stay.
    expect(wrapHelpText(text, 100)).toBe(text);
  });
});

describe("helpList", () => {
  it("pads each term to the widest, two spaces, then its text; a row wrapHelpText keeps whole", () => {
    const rows = [
      ["exit-codes", "what each exit code means, for scripts"],
      ["formats", "the output formats and what each prints"],
      ["sandbox", "the embedded sandbox, `sandbox serve` and --faults"],
    ] as const;
    const list = helpList(rows);
    expect(list).toBe(
      [
        "  exit-codes  what each exit code means, for scripts",
        "  formats     the output formats and what each prints",
        "  sandbox     the embedded sandbox, `sandbox serve` and --faults",
      ].join("\n"),
    );
    // At 40 columns a row's text goes on under its text, not under the term.
    const narrow = wrapHelpText(list, 40).split("\n");
    expect(narrow.slice(0, 2)).toEqual([
      "  exit-codes  what each exit code means,",
      "              for scripts",
    ]);
  });
});
