import { type Command, CommanderError } from "commander";
import { type Sleep, sleep } from "./api/sleep.js";
import type { CommandContext } from "./commands/context.js";
import { createPrompter } from "./commands/prompter.js";
import type { Runner } from "./commands/run.js";
import type { Keyring } from "./config/keyring.js";
import { isTradectlError, TradectlError } from "./errors.js";
import { localizeCommanderError } from "./i18n/commander.js";
import {
  createTranslator,
  inEnglish,
  type Lang,
  langFlagOf,
  langFromEnv,
  loadLanguage,
  msg,
  resolveLang,
  type Text,
  type Translator,
} from "./i18n/index.js";
import { errorLine } from "./output/error-line.js";
import type { OutputFormat } from "./output/formats.js";
import { wrapHelpText } from "./output/help-wrap.js";
import { createIO, type IOStreams, type StdinStream } from "./output/io.js";
import { stdoutFailureReason } from "./output/stdout-failure.js";
import { buildProgram, checkGlobals, type RawGlobals, refuseRepeatedOptions } from "./program.js";

export interface CliDeps {
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  /** Or a function that gives it on first use (see IOOptions.stdin). */
  stdin: StdinStream | (() => StdinStream);
  env: NodeJS.ProcessEnv;
  /** Aborted on Ctrl-C by the process entry point. */
  signal?: AbortSignal;
  now?: () => number;
  /** How the run waits (see CommandContext.sleep); a fake clock's in tests. */
  sleep?: Sleep;
  /** Filled by the confirm send path: what a second Ctrl-C names (see CommandContext.inFlight). */
  inFlight?: Set<string>;
  /** A keyring in place of the system's (tests). */
  keyring?: Keyring;
}

/** Peeks at argv for the output format, so errors before parsing finishes still get a JSON line. */
function formatFromArgv(argv: readonly string[]): OutputFormat | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--json") return "json";
    if (arg === "-o" || arg === "--output") return argv[i + 1] as OutputFormat;
    if (arg.startsWith("--output=")) return arg.slice(9) as OutputFormat;
    if (arg.startsWith("-o") && arg.length > 2) return arg.slice(2) as OutputFormat;
  }
  return undefined;
}

/**
 * Runs the CLI on `argv` (without node and script) and returns the exit code. Never exits the
 * process and never throws: every failure becomes a message on stderr and a contract exit code.
 */
export async function main(argv: readonly string[], deps: CliDeps): Promise<number> {
  const env = deps.env;
  // The language is chosen once, first: every text from here on, commander's too, is in it.
  let lang: Lang;
  try {
    lang = chooseLang(argv, env);
  } catch (error) {
    const fallback = langFromEnv(env);
    await loadLanguage(fallback);
    const io = createIO({ ...deps, lang: fallback, noColor: argv.includes("--no-color") });
    await reportError(toTradectlError(error), io, formatFromArgv(argv));
    return 2;
  }
  await loadLanguage(lang);
  const t = createTranslator(lang);
  const flagIO = createIO({
    lang,
    stdout: deps.stdout,
    stderr: deps.stderr,
    stdin: deps.stdin,
    env,
    noColor: argv.includes("--no-color"),
    quiet: argv.includes("-q") || argv.includes("--quiet"),
    noInput: argv.includes("--no-input"),
    noPager: argv.includes("--no-pager"),
  });
  const signal = deps.signal ?? new AbortController().signal;
  let exitCode = 0;
  let help = "";
  const cleanups: (() => Promise<void> | void)[] = [];
  let format: OutputFormat | undefined = formatFromArgv(argv);

  const run: Runner = async (command, action) => {
    const raw = command.optsWithGlobals() as RawGlobals;
    const io = createIO({
      lang,
      stdout: deps.stdout,
      stderr: deps.stderr,
      stdin: deps.stdin,
      env,
      noColor: raw.color === false,
      quiet: raw.quiet,
      noInput: raw.input === false,
      noPager: raw.pager === false,
    });
    const globals = checkGlobals(
      raw,
      io,
      env,
      (key) => command.getOptionValueSourceWithGlobals(key) === "cli",
    );
    format = globals.output;
    const trace = globals.debug
      ? // Traced bodies are server text: io.debug neutralises them, one line each.
        (line: string) => io.debug(line)
      : undefined;
    let client: ReturnType<CommandContext["client"]> | null = null;
    const ctx: CommandContext = {
      io,
      env,
      globals,
      signal,
      now: deps.now ?? Date.now,
      sleep: deps.sleep ?? sleep,
      trace,
      inFlight: deps.inFlight,
      keyring: deps.keyring,
      prompter: createPrompter(io, signal),
      onCleanup: (fn) => cleanups.push(fn),
      client: () => {
        client ??= import("./commands/client-factory.js").then(({ buildClient }) =>
          buildClient({
            env,
            globals,
            signal,
            trace,
            onCleanup: ctx.onCleanup,
            now: ctx.now,
            sleep: ctx.sleep,
            keyring: ctx.keyring,
          }),
        );
        return client;
      },
    };
    exitCode = (await action(ctx)) ?? 0;
  };

  const program = await buildProgram(run, t, argv);
  refuseRepeatedOptions(program);
  program.exitOverride();
  program.configureOutput({
    // Help is held until the parse ends, then written at once: through the pager when it is
    // longer than the terminal's screen (flushHelp).
    writeOut: (text) => {
      help += wrapHelpText(text, flagIO.columns);
    },
    writeErr: (text) => deps.stderr.write(text),
    // Help is wrapped at the width tradectl uses everywhere (the terminal's, else COLUMNS,
    // else 80), not only when process.stdout is a terminal, as commander would.
    getOutHelpWidth: () => flagIO.columns,
    getErrHelpWidth: () => flagIO.columns,
    outputError: (text, write) =>
      write(flagIO.err.red(redactOptionValues(localizeCommanderError(t, text)))),
  });
  // Commander's own errors (unknown option, missing argument) also need overriding on subcommands.
  const override = (cmd: Command) => {
    cmd.exitOverride();
    cmd.configureOutput(program.configureOutput());
    for (const sub of cmd.commands) override(sub);
  };
  override(program);

  try {
    if (argv.length === 0) {
      program.outputHelp();
      return 0;
    }
    await program.parseAsync([...argv], { from: "user" });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === "commander.helpDisplayed" || error.code === "commander.version") return 0;
      if (error.code === "commander.help") return 0;
      if (format === "json" || format === "ndjson") {
        await reportJsonOnly(flagIO, error.message.replace(/^error: /, ""));
      }
      return 2;
    }
    const failure = toTradectlError(error);
    await reportError(failure, flagIO, format);
    return failure.exitCode;
  } finally {
    // A progress line left by the run (its last write was elsewhere) is cleared here, once.
    flagIO.progress(null);
    if (help !== "") await flagIO.page(help);
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch {
        // Closing sockets or a server at exit must not mask the command's own outcome.
      }
    }
  }
}

/**
 * Commander echoes a mistyped option with its value (`unknown option '--secret=…'`); the value
 * may be a secret pasted in the wrong place, so only the option's name is repeated.
 */
function redactOptionValues(text: string): string {
  return text.replace(/'(--?[A-Za-z0-9-]+)=[^']*'/g, "'$1=…'");
}

/** The error report, loaded when there is an error to report (not at every start). */
async function reportError(
  ...args: Parameters<typeof import("./commands/report.js").reportError>
): Promise<void> {
  (await import("./commands/report.js")).reportError(...args);
}

/** Commander's own error (already on stderr) as the JSON error line, for -o json/ndjson. */
async function reportJsonOnly(io: IOStreams, message: string): Promise<void> {
  (await import("./commands/report.js")).reportUsageJson(io, redactOptionValues(message));
}

/** The language of this run (resolveLang); an unknown `--lang` is a usage error. */
export function chooseLang(argv: readonly string[], env: NodeJS.ProcessEnv): Lang {
  const flag = langFlagOf(argv);
  const lang = resolveLang(flag, env);
  if (lang) return lang;
  const refusal: Text =
    flag === "" ? msg("cli.langMissing") : msg("cli.langUnknown", { value: flag ?? "" });
  throw new TradectlError("usage", refusal, { hint: msg("cli.langHint") });
}

function toTradectlError(error: unknown): TradectlError {
  if (isTradectlError(error)) return error;
  const name = (error as { name?: string })?.name;
  if (name === "ExitPromptError" || name === "AbortPromptError" || name === "AbortError") {
    return new TradectlError("cancelled", msg("cli.cancelled"));
  }
  // An unexpected failure: one line, no stack. --debug users can set NODE_OPTIONS for more.
  const message = error instanceof Error ? error.message : String(error);
  return new TradectlError("server", msg("cli.unexpected", { message }));
}

/** The language of the process's own lines (an unknown --lang is reported by main; the env's here). */
async function processTranslator(argv: readonly string[], env: NodeJS.ProcessEnv) {
  const lang = resolveLang(langFlagOf(argv), env) ?? langFromEnv(env);
  await loadLanguage(lang);
  return createTranslator(lang);
}

/**
 * What a second Ctrl-C prints as it leaves at once: each confirmation in flight named (it may
 * have been applied), and with -o json or ndjson the JSON error line a script reads, which the
 * first Ctrl-C's report would have printed had the run been let finish.
 */
export function secondInterruptLines(
  argv: readonly string[],
  inFlight: Iterable<string>,
  t: Translator,
): string[] {
  const ids = [...inFlight];
  const lines = ids.map((id) => t("process.inFlight", { id }));
  const format = formatFromArgv(argv);
  if (format === "json" || format === "ndjson") {
    const inFlight = ids.map((id) => inEnglish(msg("process.inFlight", { id })));
    lines.push(
      errorLine({ kind: "cancelled", status: null, code: null }, ["cancelled", ...inFlight]),
    );
  }
  return lines;
}

/** The process entry point (bin/tradectl.js): wires signals and the real streams, then exits. */
export async function runCli(): Promise<void> {
  const t = await processTranslator(process.argv.slice(2), process.env);
  const controller = new AbortController();
  const inFlight = new Set<string>();
  let interrupted = false;
  process.on("SIGINT", () => {
    // A second Ctrl-C leaves at once; a confirmation written and not yet settled is named first
    // (it may have been applied; its receipt has no outcome, and the next run settles it).
    if (interrupted) {
      for (const line of secondInterruptLines(process.argv.slice(2), inFlight, t)) {
        process.stderr.write(`${line}\n`);
      }
      process.exit(130);
    }
    interrupted = true;
    controller.abort(new TradectlError("cancelled", msg("process.x.cancelled")));
  });
  process.on("SIGTERM", () =>
    controller.abort(new TradectlError("cancelled", msg("process.x.terminated"))),
  );
  // A reader that went away (EPIPE) is not our failure; any other (a full disk, an I/O error)
  // means the data did not arrive: one line on stderr and exit 1, never a stack. The output
  // stops at once (IOStreams marks itself closed), and the command is not cut off mid-request.
  let outputFailure: NodeJS.ErrnoException | null = null;
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") outputFailure ??= error;
  });
  const code = await main(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: () => process.stdin,
    env: process.env,
    signal: controller.signal,
    inFlight,
  });
  const leave = () => {
    if (outputFailure) {
      const why = stdoutFailureReason(outputFailure);
      process.stderr.write(`${t("process.stdoutFailed", { why })}\n`);
      process.exit(1);
    }
    process.exit(interrupted && code !== 0 ? 130 : code);
  };
  // Let stdout and stderr drain before leaving: data written to a pipe must not be cut off (a
  // script reading the JSON error line through a slow pipe gets all of it).
  await Promise.all([drained(process.stdout), drained(process.stderr)]);
  leave();
}

/** Resolves once everything written to `stream` so far has been handed to the system. */
function drained(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    // Nothing held back (every write handed to the system): no need to wait a turn for it.
    if (stream.destroyed || stream.writableEnded || stream.writableLength === 0) resolve();
    else stream.write("", () => resolve());
  });
}
