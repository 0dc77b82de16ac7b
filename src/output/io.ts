import { Chalk, type ChalkInstance } from "chalk";
import { envFlag } from "../config/env.js";
import { createTranslator, type Lang, type Translator } from "../i18n/index.js";
import { screenColumns } from "./columns.js";
import { pagerFor, runPager } from "./pager.js";
import { progressLine } from "./progress.js";
import { safeLine } from "./sanitize.js";

/**
 * One object decides everything about the terminal: which streams are TTYs, whether colour is
 * on for each, the width, and whether we may prompt. Commands never look at `process` directly,
 * so tests hand them an IO over plain buffers.
 */
export interface IOStreams {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  readonly stdin: NodeJS.ReadableStream;
  readonly stdinIsTTY: boolean;
  readonly stdoutIsTTY: boolean;
  readonly stderrIsTTY: boolean;
  /** Chalk for each stream, at level 0 when that stream gets no colour. */
  readonly out: ChalkInstance;
  readonly err: ChalkInstance;
  readonly columns: number;
  readonly quiet: boolean;
  readonly noInput: boolean;
  /** Text for people in the run's language (src/i18n); machine output never goes through it. */
  readonly t: Translator;
  /**
   * Prompts need a person at both ends: stdin, and stderr where the questions are written, are
   * terminals, and no --no-input (`auth login 2>log` must not ask into the file).
   */
  canPrompt(): boolean;
  /**
   * May a command hold a conversation (the wizard, "Send?")? canPrompt, and stdout a terminal
   * too, as the contract asks: a person reads the answers where the questions are asked.
   */
  interactive(): boolean;
  /** Writes data to stdout, waiting for the stream to drain when it asks to (backpressure). */
  write(text: string): Promise<void>;
  /**
   * Writes text for people (help, a topic) to stdout, through the pager when stdout is a
   * terminal and the text is longer than its screen (output/pager.ts), unless --no-pager.
   */
  page(text: string): Promise<void>;
  /** True once the reader of stdout has gone away (EPIPE): producers should stop. */
  readonly outputClosed: boolean;
  /**
   * Aborted once the reader of stdout is gone: a write failed, or `readerLeft()` said so while
   * nothing was written (a watch waiting for its next poll under `| head -1`); then
   * `outputClosed` is true too.
   */
  outputGone(): AbortSignal;
  /**
   * The reader of stdout has gone though no write failed (output/pipe-reader.ts noticed, for the
   * runs that wait): producers stop as after EPIPE.
   */
  readerLeft(): void;
  /**
   * A line of status for people on stderr, dropped under --quiet. Server text may be quoted in
   * it as is: info, warn and error make the line safe for a terminal themselves (safeLine).
   */
  info(line: string): void;
  /** A line on stderr that --quiet does not silence (warnings). */
  warn(line: string): void;
  /** `warning: …` on stderr (the label in the run's language, yellow), never silenced. */
  warning(line: string): void;
  /** `error: …` on stderr, never silenced: the contract's error line, one line. */
  error(line: string): void;
  /** `[debug] …` on stderr (the --debug trace): one line, server bodies and all. */
  debug(line: string): void;
  /**
   * One line of progress on stderr, redrawn in place (output/progress.ts): a person at a
   * terminal sees it, nothing else does. The next line written on stderr, or the next write to
   * a stdout on the same terminal, clears it first; `null` clears it (the run's end, cli.ts).
   */
  progress(text: string | null): void;
}

export interface ColorInputs {
  isTTY: boolean;
  noColorFlag: boolean;
  env: NodeJS.ProcessEnv;
}

/**
 * Colour is our decision, not chalk's (chalk 5 ignores NO_COLOR): --no-color and a non-empty
 * NO_COLOR always win; FORCE_COLOR turns it on even when piped (FORCE_COLOR=0 turns it off);
 * TERM=dumb and a non-terminal stream turn it off.
 */
export function colorLevel({ isTTY, noColorFlag, env }: ColorInputs): 0 | 1 | 2 | 3 {
  if (noColorFlag) return 0;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return 0;
  const force = env.FORCE_COLOR;
  // FORCE_COLOR=0 / false means "no colour" to Node and supports-color; honour it on a terminal too.
  if (force === "0" || force === "false") return 0;
  if (force !== undefined && force !== "") return force === "2" ? 2 : force === "3" ? 3 : 1;
  if (!isTTY || env.TERM === "dumb") return 0;
  if (env.COLORTERM === "truecolor" || env.COLORTERM === "24bit") return 3;
  return /256/.test(env.TERM ?? "") ? 2 : 1;
}

export type StdinStream = NodeJS.ReadableStream & { isTTY?: boolean };

export interface IOOptions {
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number; rows?: number };
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  /**
   * Or a function that gives it, called on first use: creating `process.stdin` (a stream over
   * /dev/null, a pipe or a file) costs a few ms that `--help` or `order get` need not pay.
   */
  stdin: StdinStream | (() => StdinStream);
  env: NodeJS.ProcessEnv;
  noColor?: boolean;
  quiet?: boolean;
  noInput?: boolean;
  /** --no-pager: long text is written as it is, even on a terminal. */
  noPager?: boolean;
  /** The language for people, chosen once by src/cli.ts; English when not given. */
  lang?: Lang;
}

export function createIO(options: IOOptions): IOStreams {
  const { stdout, stderr, env } = options;
  const stdoutIsTTY = stdout.isTTY === true;
  const stderrIsTTY = stderr.isTTY === true;
  let stdinStream = typeof options.stdin === "function" ? null : options.stdin;
  const stdin = (): StdinStream => {
    stdinStream ??= (options.stdin as () => StdinStream)();
    return stdinStream;
  };
  const noColorFlag = options.noColor === true;
  const quiet = options.quiet === true;
  const noInput = options.noInput === true || envFlag(env.TRADECTL_NO_INPUT);
  const columns = screenColumns(stdout, stderr, env);
  const t = createTranslator(options.lang ?? "en");
  const errLevel = colorLevel({ isTTY: stderrIsTTY, noColorFlag, env });
  const err = new Chalk({ level: errLevel });
  const canPrompt = () => !noInput && stderrIsTTY && stdin().isTTY === true;
  const progress = progressLine(stderr, stderrIsTTY && !quiet);
  const toStderr = (line: string, breaks = true) => {
    progress.clear();
    stderr.write(`${safeLine(line, { styles: errLevel > 0, breaks })}\n`);
  };
  let broken = false;
  let gone: AbortController | null = null;
  const markBroken = () => {
    broken = true;
    gone?.abort();
  };
  // A reader that went away (`| head -1`), or a full disk: nothing more can arrive, so
  // producers stop (the entry point reports a failure that is not EPIPE).
  stdout.on("error", markBroken);
  return {
    stdout,
    stderr,
    get stdin() {
      return stdin();
    },
    get stdinIsTTY() {
      return stdin().isTTY === true;
    },
    stdoutIsTTY,
    stderrIsTTY,
    out: new Chalk({ level: colorLevel({ isTTY: stdoutIsTTY, noColorFlag, env }) }),
    err,
    columns,
    quiet,
    noInput,
    t,
    canPrompt,
    interactive: () => canPrompt() && stdoutIsTTY,
    get outputClosed() {
      return broken;
    },
    outputGone() {
      if (gone === null) {
        gone = new AbortController();
        if (broken) gone.abort();
      }
      return gone.signal;
    },
    readerLeft: markBroken,
    async page(text: string): Promise<void> {
      const pager = pagerFor(text, stdout, options.noPager === true, env);
      if (pager !== null && (await runPager(pager, text, env))) return;
      await this.write(text);
    },
    write(text: string): Promise<void> {
      if (broken || text === "") return Promise.resolve();
      // Records written to the same terminal would land behind the progress line.
      if (stdoutIsTTY) progress.clear();
      return new Promise((resolve) => {
        if (stdout.write(text)) return resolve();
        const done = () => {
          stdout.off("drain", done);
          stdout.off("error", done);
          resolve();
        };
        stdout.on("drain", done);
        stdout.on("error", done);
      });
    },
    info(line: string) {
      if (!quiet) toStderr(line);
    },
    warn(line: string) {
      toStderr(line);
    },
    warning(line: string) {
      toStderr(`${err.yellow(t("declarations.warning"))} ${line}`);
    },
    error(line: string) {
      toStderr(`${err.red(t("cli.err.prefix"))} ${line}`, false);
    },
    debug(line: string) {
      toStderr(err.dim(`[debug] ${line}`), false);
    },
    progress(text: string | null) {
      if (text === null) progress.clear();
      else progress.show(text);
    },
  };
}
