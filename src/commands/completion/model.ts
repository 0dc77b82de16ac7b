import type { Command, Option } from "commander";
import { ADDRESS_TYPES } from "../../domain/confirm.js";
import { DECLARATION_STATUSES } from "../../domain/declarations.js";
import { english, type Translator } from "../../i18n/index.js";
import { FieldsOption } from "../../output/fields-option.js";
import { HELP_TOPICS } from "../help-topics.js";
import { type NameSource, SHELLS } from "./shells.js";

/** What may follow a flag or stand as an operand. */
export type Values =
  | { kind: "free" }
  | { kind: "words"; words: readonly Word[] }
  /** A comma-separated list of these words (--fields): each name after a comma completes too. */
  | { kind: "list"; words: readonly Word[] }
  | { kind: "files" }
  /**
   * Names read from the config file when Tab is pressed (`tradectl __complete profiles`, or
   * `senders`): profiles, saved senders.
   */
  | { kind: "names"; source: NameSource };

export interface Word {
  word: string;
  description: string;
}

export interface Flag {
  short: string | undefined;
  long: string | undefined;
  description: string;
  /** null for a switch that takes no value. */
  values: Values | null;
}

export interface CommandNode {
  /** Words from the program down: "" for the program, "declarations list" for that command. */
  path: string;
  name: string;
  aliases: string[];
  description: string;
  /** Flags of this command (for the program: the global ones, valid at every level). */
  flags: Flag[];
  children: CommandNode[];
  /** What an operand of this command can be, when it is a closed set. */
  operands: Word[];
  /** Operands that are names read from the config file when Tab is pressed (`rules remove`). */
  operandNames?: NameSource;
}

/** Commands whose operand is a saved name. */
const NAME_OPERANDS: Record<string, NameSource> = {
  "rules remove": "rules",
  "senders remove": "senders",
};

const shellWords = (say: Translator): Word[] =>
  SHELLS.map((shell) => ({ word: shell, description: say("completion.x.script", { shell }) }));

const words = (list: readonly string[]): Values => ({
  kind: "words",
  words: list.map((word) => ({ word, description: "" })),
});

/** `IndividualWallet` → `individual-wallet`: the spelling the CLI shows. */
const kebab = (text: string) => text.replace(/([a-z])([A-Z])/g, "$1-$2").toLowerCase();

/**
 * Values of flags that take a closed set the option itself does not declare with `.choices()`
 * (--status is case-insensitive, --address-type takes two spellings), or that come from files.
 */
const VALUES_BY_FLAG: Record<string, Values> = {
  "--status": words(DECLARATION_STATUSES),
  "--address-type": words(ADDRESS_TYPES.map(kebab)),
  "--profile": { kind: "names", source: "profiles" },
  "--sender": { kind: "names", source: "senders" },
  "--from": { kind: "files" },
  "--state": { kind: "files" },
};

function valuesOf(option: Option): Values | null {
  if (!option.required && !option.optional) return null;
  if (option.argChoices) return words(option.argChoices);
  // --fields: the command's API field names, each of a comma-separated list.
  if (option instanceof FieldsOption)
    return { kind: "list", words: option.fieldNames.map((word) => ({ word, description: "" })) };
  return VALUES_BY_FLAG[option.long ?? ""] ?? { kind: "free" };
}

function flagsOf(cmd: Command): Flag[] {
  return cmd
    .createHelp()
    .visibleOptions(cmd)
    .map((option) => ({
      short: option.short,
      long: option.long,
      description: option.description,
      values: valuesOf(option),
    }));
}

function build(cmd: Command, path: string, say: Translator): CommandNode {
  const visible = cmd.createHelp().visibleCommands(cmd);
  const node: CommandNode = {
    path,
    name: cmd.name(),
    aliases: cmd.aliases(),
    description: cmd.description().split("\n")[0] ?? "",
    flags: flagsOf(cmd),
    children: [],
    operands: [],
  };
  for (const sub of visible) {
    const childPath = path === "" ? sub.name() : `${path} ${sub.name()}`;
    node.children.push(build(sub, childPath, say));
  }
  if (path === "completion") node.operands = shellWords(say);
  const names = NAME_OPERANDS[path];
  if (names) node.operandNames = names;
  return node;
}

/** `help` takes the names of its siblings (and, at the top, the topics): one level of mirror. */
function addHelpOperands(node: CommandNode, say: Translator): void {
  const help = node.children.find((child) => child.name === "help");
  const siblings = node.children.filter((child) => child !== help);
  if (help) {
    const atTop = node.path === "";
    // At the top, commands with subcommands become children of `help` (listed from there).
    help.operands = siblings
      .filter((s) => !atTop || s.children.length === 0)
      .map((s) => ({ word: s.name, description: s.description }));
    if (atTop) {
      const taken = new Set(siblings.map((s) => s.name));
      help.operands.push(
        ...HELP_TOPICS.filter((t) => !taken.has(t.name)).map((t) => ({
          word: t.name,
          description: say(t.summary),
        })),
      );
      // `tradectl help declarations list`: the help command walks nested commands too.
      help.children = siblings
        .filter((s) => s.children.length > 0)
        .map((s) => ({
          path: `help ${s.path}`,
          name: s.name,
          aliases: s.aliases,
          description: s.description,
          flags: [],
          children: [],
          operands: s.children
            .filter((c) => c.name !== "help")
            .map((c) => ({ word: c.name, description: c.description })),
        }));
    }
  }
  for (const child of siblings) addHelpOperands(child, say);
}

/** The program's visible commands and flags as a tree: the one source every script is cut from. */
export function completionModel(program: Command, say: Translator = english): CommandNode {
  const root = build(program, "", say);
  addHelpOperands(root, say);
  return root;
}

/** Every node, the program first, depth first. */
export function allNodes(root: CommandNode): CommandNode[] {
  return [root, ...root.children.flatMap(allNodes)];
}

export function flagNames(flag: Flag): string[] {
  return [flag.short, flag.long].filter((name): name is string => name !== undefined);
}
