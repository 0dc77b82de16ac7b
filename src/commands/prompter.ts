import type * as Inquirer from "@inquirer/prompts";
import { TradectlError } from "../errors.js";
import { english, msg } from "../i18n/index.js";
import type { IOStreams } from "../output/io.js";
import { safeChoice } from "../output/sanitize.js";

type ConfigOf<F> = F extends (config: infer C, ...rest: never[]) => unknown ? C : never;
type Themeless<C> = Omit<C, "theme">;

/**
 * The one way commands ask a person something. It owns what every prompt must get right:
 * questions on stderr (stdout stays data) and answers from stdin, the run's abort signal, a
 * theme that styles every key inquirer uses through our colour decision for stderr (so
 * `--no-color`/NO_COLOR leave no colour at all), choices made safe to show (they may quote
 * the server), and one outcome for every way of leaving a
 * prompt (Ctrl-C, Ctrl-D at the prompt, a signal): a `cancelled` error, exit 130.
 * Inquirer is loaded on the first question only.
 */
export interface Prompter {
  select<const Value>(config: Themeless<ConfigOf<typeof Inquirer.select<Value>>>): Promise<Value>;
  search<const Value>(config: Themeless<ConfigOf<typeof Inquirer.search<Value>>>): Promise<Value>;
  input(config: Themeless<ConfigOf<typeof Inquirer.input>>): Promise<string>;
  password(config: Themeless<ConfigOf<typeof Inquirer.password>>): Promise<string>;
  confirm(config: Themeless<ConfigOf<typeof Inquirer.confirm>>): Promise<boolean>;
}

const SPINNER = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

/**
 * Every style key of the prompts we use (core, select, search, input, password, confirm), so
 * none falls back to inquirer's own `styleText`, which decides colour from stdout and NO_COLOR
 * only. With colour off on stderr, chalk returns the text unchanged.
 */
export function promptTheme(io: Pick<IOStreams, "err"> & Partial<Pick<IOStreams, "t">>) {
  const c = io.err;
  const t = io.t ?? english;
  // Inquirer's own words (the keys' help, a confirm's yes and no), in the run's language.
  const ACTIONS: Readonly<Record<string, string>> = {
    navigate: t("prompt.navigate"),
    select: t("prompt.select"),
  };
  const yes = t("prompt.yes");
  const no = t("prompt.no");
  return {
    keywords: { yes, no, error: () => t("prompt.yesOrNo", { yes, no }) },
    prefix: { idle: c.blue("?"), done: c.green("✔") },
    spinner: { interval: 80, frames: SPINNER.map((frame) => c.yellow(frame)) },
    style: {
      answer: (text: string) => c.cyan(text),
      message: (text: string) => c.bold(text),
      error: (text: string) => c.red(`> ${text}`),
      defaultAnswer: (text: string) => c.dim(`(${text})`),
      help: (text: string) => c.dim(text),
      highlight: (text: string) => c.cyan(text),
      key: (text: string) => c.cyan.bold(`<${text}>`),
      description: (text: string) => c.cyan(text),
      disabled: (text: string) => c.dim(text),
      searchTerm: (text: string) => c.cyan(text),
      keysHelpTip: (keys: [key: string, action: string][]) =>
        keys
          .map(([key, action]) => `${c.bold(key)} ${c.dim(ACTIONS[action] ?? action)}`)
          .join(c.dim(" • ")),
      confirmDefault: (text: string) => {
        const first = text[0] ?? "";
        return first.toLowerCase() === first.toUpperCase()
          ? c.cyan(text)
          : first.toUpperCase() + text.slice(1);
      },
    },
  };
}

/** Inquirer's ways of leaving a prompt, which all mean "the user stopped": exit 130. */
const LEFT = new Set(["ExitPromptError", "AbortPromptError", "CancelPromptError"]);

function cancelled(error: unknown): unknown {
  const name = (error as { name?: string } | null)?.name;
  if (!name || !LEFT.has(name)) return error;
  return new TradectlError("cancelled", msg("cli.cancelled"), {
    cause: error,
  });
}

export function createPrompter(io: IOStreams, signal: AbortSignal): Prompter {
  let loaded: Promise<typeof Inquirer> | null = null;
  const theme = promptTheme(io);
  // A getter: creating process.stdin (a TTY or file stream) is left to the first prompt, so a
  // command that asks nothing (--help, a Tab completion, a pipeline) never opens it.
  const context = {
    get input() {
      return io.stdin;
    },
    output: io.stderr,
    signal,
  };

  async function ask<T>(start: (prompts: typeof Inquirer) => Promise<T>): Promise<T> {
    loaded ??= import("@inquirer/prompts");
    const prompt = start(await loaded);
    let settled = false;
    let endOfInput: (error: Error) => void = () => undefined;
    const ended = new Promise<never>((_resolve, reject) => {
      endOfInput = reject;
    });
    // Ctrl-D on an empty line makes readline close and pause stdin, and the prompt would then
    // wait forever (the process leaving with 0). A pause that is not followed by the prompt's
    // own end is end of input: the same as Ctrl-C. (Inquirer's prompt promise has `cancel`,
    // which also clears the prompt from the screen.)
    const onPause = () =>
      setImmediate(() => {
        if (settled || !isPaused(io.stdin)) return;
        (prompt as Promise<T> & { cancel?: () => void }).cancel?.();
        endOfInput(Object.assign(new Error("end of input"), { name: "CancelPromptError" }));
      });
    io.stdin.on("pause", onPause);
    try {
      return await Promise.race([prompt, ended]);
    } catch (error) {
      throw cancelled(error);
    } finally {
      settled = true;
      io.stdin.off("pause", onPause);
    }
  }

  return {
    select: (config) =>
      ask((p) => p.select({ ...config, choices: config.choices.map(safeChoice), theme }, context)),
    search: (config) =>
      ask((p) =>
        p.search(
          {
            ...config,
            source: async (term, options) => (await config.source(term, options)).map(safeChoice),
            theme,
          },
          context,
        ),
      ),
    input: (config) => ask((p) => p.input({ ...config, theme }, context)),
    password: (config) => ask((p) => p.password({ ...config, theme }, context)),
    confirm: (config) => ask((p) => p.confirm({ ...config, theme }, context)),
  };
}

function isPaused(stream: NodeJS.ReadableStream): boolean {
  return typeof stream.isPaused === "function" ? stream.isPaused() : false;
}
