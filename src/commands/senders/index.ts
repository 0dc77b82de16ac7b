import type { Command } from "commander";
import type { Translator } from "../../i18n/index.js";
import type { Runner } from "../run.js";
import { addVerb } from "../verb.js";
import { sendersAddVerb, sendersListVerb, sendersRemoveVerb } from "./senders-spec.js";

/** The `senders` group's verbs, added to its command (program.ts names and describes it). */
export function registerSenders(group: Command, run: Runner, t: Translator): void {
  addVerb(group, sendersAddVerb, run, t);
  addVerb(group, sendersListVerb, run, t);
  addVerb(group, sendersRemoveVerb, run, t);
}
