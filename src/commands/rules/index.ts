import type { Command } from "commander";
import { english, type Translator } from "../../i18n/index.js";
import type { Runner } from "../run.js";
import { addVerb } from "../verb.js";
import { rulesAddVerb, rulesListVerb, rulesRemoveVerb } from "./rules-spec.js";

export function registerRules(program: Command, run: Runner, t: Translator = english): void {
  const rules = program.command("rules").description(t("rules.description"));
  addVerb(rules, rulesAddVerb, run, t);
  addVerb(rules, rulesListVerb, run, t);
  addVerb(rules, rulesRemoveVerb, run, t);
}
