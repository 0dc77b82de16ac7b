import type { Command } from "commander";
import type { Runner } from "../run.js";
import { addVerb } from "../verb.js";
import { rulesAddVerb, rulesListVerb, rulesRemoveVerb } from "./rules-spec.js";

export function registerRules(program: Command, run: Runner): void {
  const rules = program
    .command("rules")
    .description(
      "Declaring by rules: say before a deposit arrives how to declare it (`declarations confirm --auto`)",
    );
  addVerb(rules, rulesAddVerb, run);
  addVerb(rules, rulesListVerb, run);
  addVerb(rules, rulesRemoveVerb, run);
}
