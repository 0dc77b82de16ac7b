import type { Command } from "commander";
import { describe, expect, it } from "vitest";
import { buildProgram } from "../src/program.js";
import { runMain } from "./helpers/run.js";

/**
 * src/program.ts builds a group's verbs only when the command line names the group, so that
 * `--help` and every other start does not load and build every verb. These check which groups
 * a command line gets whole, and that what people see is the same either way.
 */
const GROUPS = [
  "declarations",
  "order",
  "senders",
  "rules",
  "receipts",
  "exchanges",
  "auth",
  "sandbox",
];

/** The groups built with their verbs when the program is built for `argv`. */
async function whole(argv: string[] | undefined): Promise<string[]> {
  const program = await buildProgram(async () => {}, undefined, argv);
  const group = (name: string) => program.commands.find((c: Command) => c.name() === name);
  expect(GROUPS.every((name) => group(name) !== undefined)).toBe(true);
  return GROUPS.filter((name) => group(name)!.commands.length > 0);
}

describe("which groups a command line builds whole", () => {
  it("none for root help, no arguments, Tab, or a word that names no group", async () => {
    for (const argv of [[], ["--help"], ["-h"], ["__complete", "profiles"], ["declaration"]]) {
      expect(await whole(argv), argv.join(" ")).toEqual([]);
    }
  });

  it("the one the first operand names, by name or alias, after any global options", async () => {
    const cases: [string[], string][] = [
      [["declarations", "list"], "declarations"],
      [["decl", "confirm", "--help"], "declarations"],
      [["--profile", "work", "order", "get", "1"], "order"],
      [["--profile=work", "--sandbox", "senders", "list"], "senders"],
      [["-o", "json", "--timeout", "5", "--retries", "0", "receipts", "list"], "receipts"],
      [["--lang", "tr", "--no-color", "-q", "rules"], "rules"],
      [["--base-url", "http://127.0.0.1:1", "auth", "status"], "auth"],
    ];
    for (const [argv, group] of cases) expect(await whole(argv), argv.join(" ")).toEqual([group]);
  });

  it("all of them for what walks the whole tree, for an option it cannot read, and without argv", async () => {
    for (const argv of [
      ["completion", "bash"],
      ["help", "declarations", "list"],
      ["-ojson", "order", "get", "1"],
      ["--unknown", "declarations"],
      ["--", "declarations"],
    ]) {
      expect(await whole(argv), argv.join(" ")).toEqual(GROUPS);
    }
    // Without argv (the tests, docs/COMMANDS.md's generator): the whole program.
    expect(await whole(undefined)).toEqual(GROUPS);
  });
});

describe("what people see does not depend on it", () => {
  it("root help lists every group with its alias and description, as the whole program does", async () => {
    const full = await buildProgram(async () => {});
    const lean = await buildProgram(async () => {}, undefined, ["--help"]);
    expect(lean.helpInformation()).toBe(full.helpInformation());
    const shown = await runMain(["--help"], { env: { COLUMNS: "120" } });
    expect(shown.stdout).toContain("declarations|decl");
    for (const name of GROUPS) expect(shown.stdout).toContain(`  ${name}`);
  });

  it("a mistyped group still gets a suggestion, and a group's help its verbs", async () => {
    const typo = await runMain(["declaratoins", "list"]);
    expect([typo.code, typo.stderr]).toEqual([
      2,
      expect.stringContaining("(Did you mean declarations?)"),
    ]);
    const group = await runMain(["order", "--help"], { env: { COLUMNS: "120" } });
    expect(group.code).toBe(0);
    expect(group.stdout).toMatch(/^ {2}get /m);
    expect(group.stdout).toMatch(/^ {2}trades /m);
  });
});
