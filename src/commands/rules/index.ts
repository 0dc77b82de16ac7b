import type { Command } from "commander";
import type { Translator } from "../../i18n/index.js";
import type { Runner } from "../run.js";
import { addVerb } from "../verb.js";
import { rulesImportVerb } from "./import/spec.js";
import { rulesAddVerb, rulesListVerb, rulesRemoveVerb } from "./rules-spec.js";

/** The `rules` group's verbs, added to its command (program.ts names and describes it). */
export function registerRules(group: Command, run: Runner, t: Translator): void {
  addVerb(group, rulesAddVerb, run, t);
  addVerb(group, rulesListVerb, run, t);
  addVerb(group, rulesRemoveVerb, run, t);
  addVerb(group, rulesImportVerb, run, t);
}
