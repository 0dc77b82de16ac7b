import { Command } from "@commander-js/extra-typings";
import { savedNameProblem } from "../config/senders.js";
import { TradectlError } from "../errors.js";
import { english, type Translator } from "../i18n/index.js";
import { checkedFields, fieldsOption } from "../output/fields-option.js";
import { defineVerb, type VerbRun } from "./verb.js";

/** The nouns whose entries the config file keeps by name (config/saved-entries.ts). */
type SavedNoun = "senders" | "rules";

/** `name` when it can name a saved sender or rule, else the usage error that says why. */
export function checkedName(what: "sender" | "rule", name: string): string {
  const problem = savedNameProblem(what, name);
  if (problem) throw new TradectlError("usage", problem);
  return name;
}

/** `NOUN list|ls [--fields …]`, for a noun whose records have these field names. */
export const savedListCommand = (
  noun: SavedNoun,
  fieldNames: readonly string[],
  t: Translator = english,
) =>
  new Command("list")
    .alias("ls")
    .description(t(`${noun}.list.description`))
    .addOption(fieldsOption(fieldNames, t))
    .addHelpText("after", t(`${noun}.list.after`));

/** What `NOUN list` takes of its flags: the fields asked for, checked before anything is read. */
export interface SavedListOptions {
  fields?: readonly string[] | undefined;
}

/** `NOUN list`, with no flag of its own beyond `--fields`. */
export const savedListVerb = (
  noun: SavedNoun,
  fieldNames: readonly string[],
  run: () => Promise<VerbRun<SavedListOptions>>,
) =>
  defineVerb({
    command: (t?: Translator) => savedListCommand(noun, fieldNames, t),
    options: (_args, flags): SavedListOptions => ({
      fields: checkedFields(flags.fields, fieldNames),
    }),
    run,
  });

/** `NOUN remove|rm NAME`. */
export const savedRemoveVerb = (noun: SavedNoun, run: () => Promise<VerbRun<{ name: string }>>) =>
  defineVerb({
    command: (t: Translator = english) =>
      new Command("remove")
        .alias("rm")
        .description(t(`${noun}.remove.description`))
        .argument("<NAME>", t(`${noun}.remove.arg`))
        .addHelpText("after", t(`${noun}.remove.after`)),
    options: ([name]) => ({ name }),
    run,
  });
