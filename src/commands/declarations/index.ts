import type { Command } from "commander";
import type { Translator } from "../../i18n/index.js";
import type { Runner } from "../run.js";
import { addVerb } from "../verb.js";
import { confirmVerb } from "./confirm/spec.js";
import { listVerb } from "./list-spec.js";
import { watchVerb } from "./watch-spec.js";

/** The `declarations` group's verbs, added to its command (program.ts names and describes it). */
export function registerDeclarations(group: Command, run: Runner, t: Translator): void {
  addVerb(group, listVerb, run, t);
  addVerb(group, confirmVerb, run, t);
  addVerb(group, watchVerb, run, t);
}
