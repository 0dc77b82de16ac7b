import type { Command } from "commander";
import { english, type Translator } from "../../i18n/index.js";
import type { Runner } from "../run.js";
import { addVerb } from "../verb.js";
import { exchangesListVerb } from "./list-spec.js";

export function registerExchanges(program: Command, run: Runner, t: Translator = english): void {
  const exchanges = program.command("exchanges").description(t("exchanges.description"));
  addVerb(exchanges, exchangesListVerb, run, t);
}
