/**
 * The commander program: every noun registered, the global options, and their checks (flags >
 * environment > defaults; a single-value option given twice is refused). cli.ts runs it.
 */
import { Command, Help, InvalidArgumentError, Option } from "commander";
import { registerCompletion } from "./commands/completion/index.js";
import type { GlobalOptions } from "./commands/context.js";
import { registerHelp } from "./commands/help/index.js";
import type { Runner } from "./commands/run.js";
import { addVerb } from "./commands/verb.js";
import { versionVerb } from "./commands/version/version-spec.js";
import { envFlag } from "./config/env.js";
import { parseWholeNumber } from "./domain/numbers.js";
import { TradectlError } from "./errors.js";
import { titleIn } from "./i18n/commander.js";
import { english, inEnglish, LANGS, msg, type Translator } from "./i18n/index.js";
import { OUTPUT_FORMATS, resolveFormat } from "./output/formats.js";
import type { IOStreams } from "./output/io.js";
import { VERSION } from "./version.js";
import { DEFAULT_BASE_URL } from "./wire/base-url.js";

function wholeNumber(name: string, min: number, max: number) {
  return (value: string): number => {
    const n = parseWholeNumber(value, min, max);
    if (n === null) {
      // English: commander's message is also the JSON error line's; the report translates it.
      throw new InvalidArgumentError(inEnglish(msg("cli.wholeNumber", { name, min, max })));
    }
    return n;
  };
}

/**
 * Commander's own words in the run's language: its section titles, the help option, and the
 * "(default: …)" of an option. English is commander's own, untouched.
 */
function helpIn(t: Translator): Partial<Help> {
  if (t.lang === "en") return {};
  return {
    styleTitle: (title: string) => titleIn(t, title),
    optionDescription(this: Help, option: Option): string {
      if (option.long === "--help") return t("cli.opt.help");
      return Help.prototype.optionDescription
        .call(this, option)
        .replace(/\((default|choices): /g, (_whole, word: "default" | "choices") =>
          word === "default"
            ? `(${t("cli.help.default", { value: "" })}`
            : `(${t("cli.help.choices", { value: "" })}`,
        );
    },
  };
}

/** Adds a group's verbs to its command (the group's `commands/<group>/index.ts`). */
type RegisterVerbs = (group: Command, run: Runner, t: Translator) => void;

type GroupName =
  | "declarations"
  | "order"
  | "senders"
  | "rules"
  | "receipts"
  | "exchanges"
  | "auth"
  | "sandbox"
  | "mcp";

/** A group; its description is the catalog's `<name>.description`. */
interface Group {
  name: GroupName;
  alias?: string;
  verbs(): Promise<RegisterVerbs>;
}

/**
 * The command groups, in the order help lists them. A group's verbs (their specs, and what those
 * import) are loaded only when the command line names the group: `--help` and every other run
 * build the rest as a bare name and description, which is all the root help shows of them
 * (BENCHMARKS.md, the `--help` row).
 */
const GROUPS: readonly Group[] = [
  {
    name: "declarations",
    alias: "decl",
    verbs: async () => (await import("./commands/declarations/index.js")).registerDeclarations,
  },
  {
    name: "order",
    verbs: async () => (await import("./commands/order/index.js")).registerOrder,
  },
  {
    name: "senders",
    verbs: async () => (await import("./commands/senders/index.js")).registerSenders,
  },
  {
    name: "rules",
    verbs: async () => (await import("./commands/rules/index.js")).registerRules,
  },
  {
    name: "receipts",
    verbs: async () => (await import("./commands/receipts/index.js")).registerReceipts,
  },
  {
    name: "exchanges",
    verbs: async () => (await import("./commands/exchanges/index.js")).registerExchanges,
  },
  {
    name: "auth",
    verbs: async () => (await import("./commands/auth/index.js")).registerAuth,
  },
  {
    name: "sandbox",
    verbs: async () => (await import("./commands/sandbox/index.js")).registerSandbox,
  },
  {
    name: "mcp",
    verbs: async () => (await import("./commands/mcp/index.js")).registerMcp,
  },
];

/** Root verbs whose work needs every group's verbs: the completion scripts and `help CMD`. */
const NEED_EVERY_GROUP = new Set(["completion", "help"]);

/**
 * Which groups `argv` can reach: the one its first operand names, none when it names no group
 * (`--help`, `__complete`, a typo), or all of them for a verb that walks the whole tree or
 * when the global options before the operand are not plain (commander then decides as ever).
 */
export function groupsReachedBy(
  root: Command,
  argv: readonly string[] | undefined,
): (group: Group) => boolean {
  const every = () => true;
  if (argv === undefined) return every;
  const takesValue = new Set<string>();
  const flag = new Set<string>();
  for (const option of new Set([...root.options, ...root.createHelp().visibleOptions(root)])) {
    for (const name of [option.long, option.short]) {
      if (name) (option.required || option.optional ? takesValue : flag).add(name);
    }
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (takesValue.has(arg)) {
      i += 1;
      continue;
    }
    if (flag.has(arg) || (arg.startsWith("--") && takesValue.has(arg.split("=")[0]!))) continue;
    if (arg.startsWith("-")) return every;
    if (NEED_EVERY_GROUP.has(arg)) return every;
    return (group) => group.name === arg || group.alias === arg;
  }
  return () => false;
}

/**
 * The commander program: global options of the contract and every command group, the groups
 * `argv` cannot reach with their name and description only (all of them whole without `argv`).
 */
export async function buildProgram(
  run: Runner,
  t: Translator = english,
  argv?: readonly string[],
): Promise<Command> {
  const program = new Command("tradectl")
    .description(t("cli.description"))
    .version(VERSION, "-V, --version", t("cli.opt.version"))
    .addOption(
      // The env fallbacks below are resolved from main()'s own `env` (commander would read
      // process.env), so in-process runs and the binary behave alike.
      new Option("--base-url <URL>", t("cli.opt.baseUrl")).default(DEFAULT_BASE_URL),
    )
    .addOption(new Option("--profile <NAME>", t("cli.opt.profile")).default("default"))
    .option("--sandbox", t("cli.opt.sandbox"), false)
    .addOption(new Option("-o, --output <FORMAT>", t("cli.opt.output")).choices(OUTPUT_FORMATS))
    .option("--json", t("cli.opt.json"), false)
    .option("--no-color", t("cli.opt.noColor"))
    .option("--no-input", t("cli.opt.noInput"))
    .option("--no-pager", t("cli.opt.noPager"))
    .addOption(new Option("--debug", t("cli.opt.debug")).default(false))
    .addOption(
      new Option("--timeout <MS>", t("cli.opt.timeout"))
        .argParser(wholeNumber("--timeout", 1, 3_600_000))
        .default(30_000),
    )
    .addOption(
      new Option("--retries <N>", t("cli.opt.retries"))
        .argParser(wholeNumber("--retries", 0, 10))
        .default(3),
    )
    .addOption(new Option("--ip-family <N>", t("network.opt")).choices(["4", "6"]))
    .option("-q, --quiet", t("cli.opt.quiet"), false)
    // Read by main() before parsing (langFlagOf), so commander's own errors are in it too.
    .addOption(new Option("--lang <LANG>", t("cli.opt.lang")).choices(LANGS))
    .showSuggestionAfterError(true)
    .showHelpAfterError(t("cli.afterError"))
    // Commander stops wrapping descriptions when less than 40 columns are left for them: at 60
    // columns (options take 25) the help would run off the screen instead.
    .configureHelp({
      sortSubcommands: false,
      showGlobalOptions: true,
      minWidthToWrap: 20,
      ...helpIn(t),
    });
  const reached = groupsReachedBy(program, argv);
  for (const group of GROUPS) {
    const command = program.command(group.name).description(t(`${group.name}.description`));
    if (group.alias) command.alias(group.alias);
    if (reached(group)) (await group.verbs())(command, run, t);
  }
  registerCompletion(program, run, t);
  addVerb(program, versionVerb, run, t);
  registerHelp(program, run, t);
  return program;
}

export interface RawGlobals {
  baseUrl: string;
  profile: string;
  sandbox: boolean;
  output?: string;
  json: boolean;
  color: boolean;
  input: boolean;
  pager: boolean;
  debug: boolean | string;
  timeout: number;
  retries: number;
  ipFamily?: string;
  quiet: boolean;
}

/** Whether an option was typed on the command line (not a default). */
export type GivenOnCli = (key: keyof RawGlobals) => boolean;

export function checkGlobals(
  raw: RawGlobals,
  io: IOStreams,
  env: NodeJS.ProcessEnv,
  onCli: GivenOnCli,
): GlobalOptions {
  // Flags > environment > defaults (docs/OUTPUT.md, "Global options").
  const fromEnv = (name: string) => (env[name]?.trim() ? env[name]!.trim() : undefined);
  if (raw.sandbox && onCli("baseUrl")) {
    throw new TradectlError("usage", msg("cli.sandboxAndBaseUrl"));
  }
  if (raw.json && raw.output !== undefined && raw.output !== "json") {
    throw new TradectlError("usage", msg("cli.jsonAndOutput", { format: raw.output }), {
      hint: msg("cli.giveOne"),
    });
  }
  const profileFromFlag = onCli("profile");
  return {
    // Checked when a request is built (client-factory), with the env and the profile's: a bad
    // TRADECTL_BASE_URL must not break `help` or `auth logout`, which send nothing.
    baseUrl: onCli("baseUrl") ? raw.baseUrl : undefined,
    profile: profileFromFlag ? raw.profile : (fromEnv("TRADECTL_PROFILE") ?? raw.profile),
    profileFromFlag,
    sandbox: raw.sandbox,
    output: resolveFormat(raw.output, raw.json, io.stdoutIsTTY),
    debug: raw.debug === true || envFlag(env.TRADECTL_DEBUG),
    timeoutMs: raw.timeout,
    retries: raw.retries,
    // Resolved with the environment's and the profile's when a connection is made (Settings).
    ipFamily: raw.ipFamily,
  };
}

/**
 * An option that takes one value, given twice (`--page 1 --page 2`), is refused rather than
 * silently resolved to the last one. One listener per value-taking option of every command:
 * commander emits `option:NAME` for each occurrence. An option whose parser folds in the
 * earlier values (a collector such as --status) is repeatable by design: after its second
 * occurrence the value differs from what that occurrence alone would give.
 */
export function refuseRepeatedOptions(command: Command): void {
  for (const option of command.options) {
    if (!(option.required || option.optional) || option.variadic) continue;
    let seen = 0;
    command.on(`option:${option.name()}`, (text: string | undefined) => {
      seen += 1;
      if (seen < 2) return;
      const value: unknown = command.getOptionValue(option.attributeName());
      const alone: unknown =
        option.parseArg && text !== undefined ? option.parseArg(text, undefined) : text;
      if (JSON.stringify(value) === JSON.stringify(alone)) {
        const name = option.long ?? option.short ?? "";
        throw new TradectlError("usage", msg("cli.repeated", { option: name }), {
          hint: msg("cli.giveOnce"),
        });
      }
    });
  }
  for (const sub of command.commands) refuseRepeatedOptions(sub);
}
