import type { Command } from "commander";
import type { Translator } from "../../i18n/index.js";
import type { Runner } from "../run.js";
import { addVerb } from "../verb.js";
import { exchangesListVerb } from "./list-spec.js";

/** The `exchanges` group's verbs, added to its command (program.ts names and describes it). */
export function registerExchanges(group: Command, run: Runner, t: Translator): void {
  addVerb(group, exchangesListVerb, run, t);
}
