import type { OptionValues, Command as TypedCommand } from "@commander-js/extra-typings";
import type { Command } from "commander";
import { english, type Translator } from "../i18n/index.js";
import type { CommandContext } from "./context.js";
import type { Runner } from "./run.js";

/**
 * A verb is a **spec** and a **run**; data flows from the first to the second only.
 *
 * - The spec (`<verb>-spec.ts`, loaded at start-up, so it stays light) declares the command with
 *   `@commander-js/extra-typings`, which infers the flags' and arguments' types from the
 *   declarations: the flag types live with their verb and nobody writes them twice. `options`
 *   turns those flags and arguments into the run's typed options object and refuses bad input
 *   (a `TradectlError` of kind `usage` or `validation`, exit 2) before anything is read or sent.
 *   It is pure: no I/O, no context.
 * - The run (`<verb>.ts`, loaded only when the verb runs) is `run(options, ctx)`: it defines its
 *   own `Options` type, which the spec imports as a type (so there is no import cycle), and
 *   gets everything else (streams, client, prompter, trace, clock) from the context.
 *
 * ```ts
 * // declarations/list-spec.ts
 * export const listVerb = defineVerb({
 *   command: () => new Command("list").description("…").option("--all", "…", false),
 *   options: (_args, flags) => planList(flags),          // → ListPlan, or throws usage
 *   run: async () => (await import("./list.js")).runList, // (plan: ListPlan, ctx) => …
 * });
 * // declarations/index.ts
 * addVerb(declarations, listVerb, run);
 * ```
 *
 * Tests check a spec without I/O through `optionsFromArgv(verb, argv)`, and run a verb
 * in-process with `run(options, ctx)` over a memory IO and a local server.
 */
export interface Verb<Args extends unknown[], Flags extends OptionValues, Options> {
  /**
   * A fresh command: name, alias, arguments, flags and help text, the texts for people in the
   * run's language (`t`, chosen before the program is built; English when not given).
   */
  command(t?: Translator): TypedCommand<Args, Flags>;
  /** Flags and arguments, checked, as the run's options. Throws on bad input; never does I/O. */
  options(args: Args, flags: Flags): Options;
  /** The run, imported when the verb runs (so `--help` never initialises it). */
  run(): Promise<VerbRun<Options>>;
  /** Left out of help, suggestions and completion (a verb for the completion scripts). */
  hidden?: boolean;
  /** Run when its group is named with no verb (`tradectl mcp` serves). */
  isDefault?: boolean;
}

/** A verb's body: its options and the context in, an exit code out (0 when it returns none). */
export type VerbRun<Options> = (
  options: Options,
  ctx: CommandContext,
) => Promise<number | undefined>;

/** The options of a verb that takes no arguments and no flags of its own. */
export type NoOptions = Record<string, never>;

/** Identity, so that a verb's types are inferred from its spec instead of written out. */
export function defineVerb<Args extends unknown[], Flags extends OptionValues, Options>(
  verb: Verb<Args, Flags, Options>,
): Verb<Args, Flags, Options> {
  return verb;
}

/** The arguments and flags commander hands to an action, split apart. */
function split(params: readonly unknown[]): { args: unknown[]; command: Command } {
  // commander calls the action with (...arguments, flags, command).
  return { args: params.slice(0, -2), command: params.at(-1) as Command };
}

/**
 * Adds the verb under `parent`: the command inherits the parent's settings (help, error
 * output), and its action checks the options and then runs the verb through `runner`.
 */
export function addVerb<Args extends unknown[], Flags extends OptionValues, Options>(
  parent: Command,
  verb: Verb<Args, Flags, Options>,
  runner: Runner,
  t: Translator = english,
): void {
  const command = verb.command(t) as unknown as Command;
  command.copyInheritedSettings(parent);
  command.action((...params: unknown[]) => {
    const { args, command: parsed } = split(params);
    return runner(parsed, async (ctx) => {
      const options = verb.options(args as Args, parsed.opts() as Flags);
      const run = await verb.run();
      return run(options, ctx);
    });
  });
  parent.addCommand(command, { hidden: verb.hidden === true, isDefault: verb.isDefault === true });
}

/** A verb of any arguments, flags and options, as a group lists it. */
// biome-ignore lint/suspicious/noExplicitAny: a group holds verbs of every shape; addVerb checks each.
type AnyVerb = Verb<any, any, any>;

/**
 * A group's verbs, added in this order to its command (`commands/<group>/index.ts`; program.ts
 * names and describes the group).
 */
export function verbGroup(
  ...verbs: readonly AnyVerb[]
): (group: Command, runner: Runner, t: Translator) => void {
  return (group, runner, t) => {
    for (const verb of verbs) addVerb(group, verb, runner, t);
  };
}

/**
 * The options a verb's spec makes of `argv` (the verb's own arguments and flags), without
 * running it: for tests of flag parsing. Commander's own refusals throw a `CommanderError`.
 */
export function optionsFromArgv<Args extends unknown[], Flags extends OptionValues, Options>(
  verb: Verb<Args, Flags, Options>,
  argv: readonly string[],
): Options {
  const command = verb.command(english) as unknown as Command;
  let options: Options | undefined;
  command
    .exitOverride()
    .configureOutput({ writeErr: () => undefined, writeOut: () => undefined })
    .action((...params: unknown[]) => {
      const { args, command: parsed } = split(params);
      options = verb.options(args as Args, parsed.opts() as Flags);
    });
  command.parse([...argv], { from: "user" });
  return options as Options;
}
