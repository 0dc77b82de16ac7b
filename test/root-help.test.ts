import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { answerRootHelp, type HelpStream, rootHelpText } from "../src/root-help.js";
import { recordRootHelps } from "../src/root-help-record.js";
import { runMain } from "./helpers/run.js";

/**
 * bin/tradectl.js answers the root help from what the build recorded (src/root-help.ts) instead
 * of running the CLI: the text must be the CLI's, byte for byte, at every width and in both
 * languages, and every other command line must be left to the CLI.
 */
const records = await recordRootHelps();

/** A terminal (or a pipe) of `columns`, keeping what was written. */
class Screen extends EventEmitter implements HelpStream {
  text = "";
  constructor(
    readonly isTTY: boolean | undefined,
    readonly columns: number | undefined,
    readonly rows: number | undefined = undefined,
  ) {
    super();
  }
  write(text: string): boolean {
    this.text += text;
    return true;
  }
}

function answer(
  argv: string[],
  env: NodeJS.ProcessEnv,
  stdout: Screen,
  stderr = new Screen(false, undefined),
) {
  const codes: number[] = [];
  const answered = answerRootHelp(
    argv,
    {
      env,
      stdout: () => stdout,
      stderr: () => stderr,
      stderrMayBeTerminal: () => stderr.isTTY === true,
      fail: (code) => codes.push(code),
    },
    records,
  );
  return { answered, stdout, stderr, codes };
}

describe.each(["en", "tr"] as const)("the root help in %s", (lang) => {
  // Narrow enough that commander stops wrapping, the widths between, and very wide.
  const widths = [20, 30, 39, 40, 41, 50, 59, 60, 61, 70, 79, 80, 81, 90, 100, 120, 160, 200, 300];
  it.each(widths)("is the CLI's own text at %i columns", async (columns) => {
    const cli = await runMain(["--lang", lang, "--help"], { env: { COLUMNS: String(columns) } });
    expect(cli.code).toBe(0);
    expect(rootHelpText(records[lang], columns)).toBe(cli.stdout);
  });

  it("is the CLI's in a terminal, with no argument, -h and the flags it allows", async () => {
    const forms = [[], ["-h"], ["--no-pager", "--help"], ["--help", "--no-color"]];
    for (const argv of forms) {
      const env = { TRADECTL_LANG: lang };
      const cli = await runMain(argv, { env, tty: true, columns: 72 });
      const fast = answer(argv, env, new Screen(true, 72));
      expect(fast.answered, argv.join(" ")).toBe(true);
      expect(fast.stdout.text, argv.join(" ")).toBe(cli.stdout);
      expect(fast.stderr.text).toBe(cli.stderr);
    }
  });
});

it("takes the language as the CLI does: --lang, then TRADECTL_LANG, then the locale", () => {
  const english = rootHelpText(records.en, 80);
  const turkish = rootHelpText(records.tr, 80);
  expect(turkish).not.toBe(english);
  const cases: [string[], NodeJS.ProcessEnv, string][] = [
    [["--help"], { LANG: "tr_TR.UTF-8" }, turkish],
    [["--help"], { TRADECTL_LANG: "en", LANG: "tr_TR.UTF-8" }, english],
    [["--lang=tr", "--help"], { TRADECTL_LANG: "en" }, turkish],
    [["--help", "--lang", "en"], { LC_ALL: "tr_TR.UTF-8" }, english],
  ];
  for (const [argv, env, text] of cases) {
    expect(answer(argv, env, new Screen(false, undefined)).stdout.text, argv.join(" ")).toBe(text);
  }
});

it("leaves every other command line to the CLI, having written nothing", () => {
  const others = [
    ["--no-pager"],
    ["--lang", "tr"],
    ["--help", "--help"],
    ["-h", "--help"],
    ["--help", "--lang", "de"],
    ["--help", "--lang"],
    ["--lang", "--help"],
    ["--help", "--lang", "tr", "--lang", "en"],
    ["--help", "-q"],
    ["--help", "--json"],
    ["declarations", "--help"],
    ["help"],
    ["--version"],
  ];
  for (const argv of others) {
    const fast = answer(argv, {}, new Screen(false, undefined));
    expect(fast.answered, argv.join(" ")).toBe(false);
    expect(fast.stdout.text).toBe("");
  }
});

it("leaves a help longer than the screen to the CLI's pager, unless --no-pager or no pager", () => {
  const lines = rootHelpText(records.en, 80).split("\n").length;
  expect(answer(["--help"], {}, new Screen(true, 80, lines - 2)).answered).toBe(false);
  expect(answer(["--help"], {}, new Screen(true, 80, lines + 2)).answered).toBe(true);
  expect(answer(["--no-pager", "--help"], {}, new Screen(true, 80, 10)).answered).toBe(true);
  expect(answer(["--help"], { PAGER: "cat" }, new Screen(true, 80, 10)).answered).toBe(true);
  // Piped: never a pager.
  expect(answer(["--help"], {}, new Screen(false, undefined, 10)).answered).toBe(true);
});

it("a failed write gets the CLI's one line and exit code 1; a reader gone gets nothing", () => {
  const full = answer(["--help"], { TRADECTL_LANG: "en" }, new Screen(false, undefined));
  full.stdout.emit(
    "error",
    Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" }),
  );
  expect(full.stderr.text).toBe(
    "error: could not write to standard output: ENOSPC (no space left on device)\n",
  );
  expect(full.codes).toEqual([1]);
  const gone = answer(["--help"], { TRADECTL_LANG: "tr" }, new Screen(false, undefined));
  gone.stdout.emit(
    "error",
    Object.assign(new Error("EPIPE: broken pipe, write"), { code: "EPIPE" }),
  );
  expect(gone.stderr.text).toBe("");
  expect(gone.codes).toEqual([]);
});

it("takes the width as the CLI does: stdout's terminal, stderr's, COLUMNS, else 80", () => {
  const env = { TRADECTL_LANG: "en" };
  const at = (columns: number) => rootHelpText(records.en, columns);
  expect(answer(["--help"], env, new Screen(true, 66)).stdout.text).toBe(at(66));
  const piped = answer(["--help"], env, new Screen(false, undefined), new Screen(true, 61));
  expect(piped.stdout.text).toBe(at(61));
  const both = answer(["--help"], { ...env, COLUMNS: "70" }, new Screen(false, undefined));
  expect(both.stdout.text).toBe(at(70));
  expect(
    answer(["--help"], { ...env, COLUMNS: "x" }, new Screen(false, undefined)).stdout.text,
  ).toBe(at(80));
});
