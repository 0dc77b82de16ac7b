import type { Command } from "commander";
import { english, type Translator } from "../../i18n/index.js";
import type { Runner } from "../run.js";
import { addVerb } from "../verb.js";
import { confirmVerb } from "./confirm/spec.js";
import { listVerb } from "./list-spec.js";
import { watchVerb } from "./watch-spec.js";

export function registerDeclarations(program: Command, run: Runner, t: Translator = english): void {
  const declarations = program
    .command("declarations")
    .alias("decl")
    .description(t("declarations.description"));
  addVerb(declarations, listVerb, run, t);
  addVerb(declarations, confirmVerb, run, t);
  addVerb(declarations, watchVerb, run, t);
}
