import type { Command } from "commander";
import { english, type Translator } from "../../i18n/index.js";
import type { Runner } from "../run.js";
import { addVerb } from "../verb.js";
import { sendersAddVerb, sendersListVerb, sendersRemoveVerb } from "./senders-spec.js";

export function registerSenders(program: Command, run: Runner, t: Translator = english): void {
  const senders = program.command("senders").description(t("senders.description"));
  addVerb(senders, sendersAddVerb, run, t);
  addVerb(senders, sendersListVerb, run, t);
  addVerb(senders, sendersRemoveVerb, run, t);
}
