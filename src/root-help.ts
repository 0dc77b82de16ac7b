/**
 * The root help (`tradectl`, `tradectl --help`, `-h`) answered without the CLI: the text the CLI
 * would print, byte for byte, from what the build recorded of it (src/root-help-record.ts), laid
 * out at run time for the width and language of this run. Reading and running dist/cli.cjs and
 * building the program took most of what `--help` costs above Node's own start
 * (BENCHMARKS.md, the start-up notes). bin/tradectl.js asks here first; a command line this
 * does not answer, or a help that would go through a pager, is declined and the CLI answers it.
 *
 * Of commander this needs its `Help` alone: the build gives this bundle commander's help.js, not
 * the package (scripts/build.js, `rootHelp`).
 */
import { Help } from "commander";
import { type Lang, langFlagOf, resolveLang } from "./i18n/lang.js";
import { screenColumns } from "./output/columns.js";
import { wrapHelpText } from "./output/help-wrap.js";
import { pagerFor } from "./output/pager.js";
import { stdoutFailureReason } from "./output/stdout-failure.js";

/** One call of commander's that depends on the width: an item of a list, or a description. */
export type RecordedCall =
  | { item: readonly [term: string, termWidth: number, description: string] }
  | { box: string };

/** The root help in one language, as the build recorded it. */
export interface RootHelpRecord {
  /**
   * What commander wrote, each write one chunk (the CLI wraps each write), as its parts: the
   * text written, and in its place the index in `calls` of each width-dependent call.
   */
  chunks: readonly (readonly (string | number)[])[];
  calls: readonly RecordedCall[];
  /** The program's `minWidthToWrap` (src/program.ts). */
  minWidthToWrap: number;
  /** The line a failed write to stdout gets (`process.stdoutFailed`), before and after the reason. */
  stdoutFailed: readonly [before: string, after: string];
}

export type RootHelpRecords = Readonly<Record<Lang, RootHelpRecord>>;

/** The root help of `record` for a screen `width` columns wide, as the CLI prints it. */
export function rootHelpText(record: RootHelpRecord, width: number): string {
  const helper = new Help();
  helper.minWidthToWrap = record.minWidthToWrap;
  helper.helpWidth = width;
  // Commander measures each word with its colours stripped (a RegExp per word, the most of this
  // replay's time); the recorded texts hold no escape (src/root-help-record.ts refuses styled
  // help), so a text's width is its length, as commander would find it.
  helper.displayWidth = (text: string) => text.length;
  const replay = (part: string | number): string => {
    if (typeof part === "string") return part;
    const call = record.calls[part]!;
    return "item" in call
      ? helper.formatItem(call.item[0], call.item[1], call.item[2], helper)
      : helper.boxWrap(call.box, width);
  };
  // The CLI wraps each of commander's writes to the width (src/cli.ts, writeOut).
  return record.chunks.map((parts) => wrapHelpText(parts.map(replay).join(""), width)).join("");
}

/** Flags that leave the root help's text as it is (besides `--help`, `-h` and `--lang`). */
const UNCHANGED_BY = new Set(["--no-pager", "--no-color"]);

/**
 * Whether `argv` asks for the root help and nothing else: empty, or one `--help` or `-h` with at
 * most one each of `--no-pager`, `--no-color` and `--lang`. Anything else (a command, another
 * option, a flag twice) is the CLI's to answer. Null when not; else whether `--no-pager` is given.
 */
export function rootHelpAsked(argv: readonly string[]): { noPager: boolean } | null {
  const seen = new Set<string>();
  let helps = 0;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const key = arg.startsWith("--lang=") ? "--lang" : arg;
    if (seen.has(key)) return null;
    seen.add(key);
    if (arg === "--help" || arg === "-h") helps += 1;
    else if (key === "--lang") i += arg === "--lang" ? 1 : 0;
    else if (!UNCHANGED_BY.has(arg)) return null;
  }
  return argv.length === 0 || helps === 1 ? { noPager: seen.has("--no-pager") } : null;
}

/** A stream of the process as this needs it (process.stdout, process.stderr). */
export interface HelpStream extends NodeJS.EventEmitter {
  isTTY?: boolean;
  columns?: number;
  rows?: number;
  write(text: string): boolean;
}

export interface RootHelpDeps {
  env: NodeJS.ProcessEnv;
  /** The process's streams, asked for only once `argv` is the root help's. */
  stdout(): HelpStream;
  stderr(): HelpStream;
  /**
   * Whether stderr may be a terminal (a character device). When it cannot be, its width is not
   * asked (it has none), so Node need not make its stream: a pipe's loads node:net.
   */
  stderrMayBeTerminal(): boolean;
  /** Sets the exit code (a write to stdout failed, for a reason other than a reader gone). */
  fail(code: number): void;
}

/**
 * Prints the root help if `argv` asks for it and it needs no pager; false (nothing written)
 * when the CLI is to answer: another command line, an unknown `--lang`, a help longer than the
 * terminal's screen.
 */
export function answerRootHelp(
  argv: readonly string[],
  deps: RootHelpDeps,
  records: RootHelpRecords,
): boolean {
  const asked = rootHelpAsked(argv);
  if (asked === null) return false;
  const lang = resolveLang(langFlagOf(argv), deps.env);
  if (lang === null) return false;
  const stdout = deps.stdout();
  const stderr = {
    get columns() {
      return deps.stderrMayBeTerminal() ? deps.stderr().columns : undefined;
    },
  };
  const record = records[lang];
  const text = rootHelpText(record, screenColumns(stdout, stderr, deps.env));
  if (pagerFor(text, stdout, asked.noPager, deps.env) !== null) return false;
  // As the CLI does (src/cli.ts, runCli): a reader that went away is not our failure; any
  // other failed write gets one line and exit code 1.
  stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") return;
    const [before, after] = record.stdoutFailed;
    deps.stderr().write(`${before}${stdoutFailureReason(error)}${after}\n`);
    deps.fail(1);
  });
  stdout.write(text);
  return true;
}
