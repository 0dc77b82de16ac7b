import { describe, expect, it } from "vitest";
import { commandPath, visibleCommands } from "../../../src/commands/help/help-text.js";
import { HELP_TOPICS } from "../../../src/commands/help-topics.js";
import { buildProgram } from "../../../src/program.js";
import { runMain } from "../../helpers/run.js";

/**
 * Issue 37: at 80 columns no line of any help is wider than the terminal: the root help, every
 * command's `--help` and every topic, in English and in Turkish. Counted in code points, one
 * cell each for this text (ASCII, Turkish letters, … and •).
 */
const WIDTH = 80;
const program = await buildProgram(async () => {});
const pages: string[][] = [
  ["--help"],
  ...visibleCommands(program).map((cmd) => [...commandPath(cmd).split(" "), "--help"]),
  ...HELP_TOPICS.map((topic) => ["help", topic.name]),
];

const cells = (line: string) => [...line].length;

describe.each(["en", "tr"])("help at 80 columns, --lang %s", (lang) => {
  it.each(pages.map((argv) => [argv.join(" "), argv] as const))(
    "tradectl %s: no line wider than 80",
    async (_name, argv) => {
      const r = await runMain(["--lang", lang, ...argv], { env: { COLUMNS: String(WIDTH) } });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout.split("\n").length).toBeGreaterThan(3);
      const wide = r.stdout.split("\n").filter((line) => cells(line) > WIDTH);
      expect(wide).toEqual([]);
    },
  );

  it("covers every command and topic", () => {
    // 30 or so: a command added later is checked without touching this file.
    expect(pages.length).toBeGreaterThan(25);
  });
});
