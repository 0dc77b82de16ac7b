import type { Command } from "commander";
import type { Translator } from "../../i18n/index.js";
import type { Runner } from "../run.js";
import { addVerb } from "../verb.js";
import { orderGetVerb } from "./get-spec.js";
import { orderTradesVerb } from "./trades-spec.js";

/** The `order` group's verbs, added to its command (program.ts names and describes it). */
export function registerOrder(group: Command, run: Runner, t: Translator): void {
  addVerb(group, orderGetVerb, run, t);
  addVerb(group, orderTradesVerb, run, t);
}
