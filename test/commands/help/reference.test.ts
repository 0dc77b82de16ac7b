import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { commandPath, visibleCommands } from "../../../src/commands/help/help-text.js";
import { renderManPage } from "../../../src/commands/help/man-page.js";
import { renderReference } from "../../../src/commands/help/reference.js";
import { HELP_TOPICS } from "../../../src/commands/help-topics.js";
import { buildProgram } from "../../../src/program.js";
import { ROOT } from "../../helpers/cli.js";

const FILE = join(ROOT, "docs", "COMMANDS.md");

const program = await buildProgram(async () => {});
const generated = renderReference(program);

describe("docs/COMMANDS.md", () => {
  it("is exactly what the command definitions generate (run `node scripts/gen-reference.js`)", () => {
    const onDisk = readFileSync(FILE, "utf8");
    // A plain equality check would print two 1,000-line strings; point at the first difference.
    const a = onDisk.split("\n");
    const b = generated.split("\n");
    const line = a.findIndex((text, i) => text !== b[i]);
    const where = line < 0 ? a.length : line;
    expect(
      onDisk === generated ? null : { line: where + 1, file: a[where], generated: b[where] },
      "docs/COMMANDS.md is stale: run node scripts/gen-reference.js",
    ).toBeNull();
  });

  it("has a section for every visible command and topic, and every option", () => {
    for (const cmd of visibleCommands(program)) {
      expect(generated).toMatch(new RegExp(`^#{2,3} tradectl ${commandPath(cmd)}$`, "m"));
      for (const option of cmd.createHelp().visibleOptions(cmd)) {
        expect(generated).toContain(`| \`${cmd.createHelp().optionTerm(option)}\` |`);
      }
    }
    for (const topic of HELP_TOPICS) expect(generated).toContain(`### tradectl help ${topic.name}`);
    expect(generated).not.toContain("__complete");
  });

  it("does not depend on the terminal or the environment it is generated in", async () => {
    const columns = process.stdout.columns;
    try {
      Object.defineProperty(process.stdout, "columns", { value: 40, configurable: true });
      expect(renderReference(await buildProgram(async () => {}))).toBe(generated);
    } finally {
      Object.defineProperty(process.stdout, "columns", { value: columns, configurable: true });
    }
  });
});

describe("man/tradectl.1", () => {
  const page = renderManPage(program);

  it("is exactly what the command definitions generate (run `node scripts/gen-reference.js`)", () => {
    expect(readFileSync(join(ROOT, "man", "tradectl.1"), "utf8") === page).toBe(true);
  });

  it("is a man page of section 1 with every command, option and topic", () => {
    expect(page).toMatch(/^\.TH TRADECTL 1 /m);
    for (const section of ["NAME", "SYNOPSIS", "DESCRIPTION", "GLOBAL OPTIONS", "COMMANDS"])
      expect(page).toContain(`.SH ${section}\n`);
    for (const cmd of visibleCommands(program)) {
      expect(page).toContain(`.SS "tradectl ${commandPath(cmd)}"`);
    }
    for (const topic of HELP_TOPICS) expect(page).toContain(`.SS "${topic.name}"`);
    // Text roff would read as a request is made plain: no line of help starts with a dot.
    const requests = page
      .split("\n")
      .filter((l) => /^\./.test(l) && !/^\.(TH|SH|SS|TP|PP|B|I|nf|fi|\\")( |$)/.test(l));
    expect(requests).toEqual([]);
  });
});
