import type { Command } from "commander";
import type { Runner } from "../run.js";
import { addVerb } from "../verb.js";
import { sendersAddVerb, sendersListVerb, sendersRemoveVerb } from "./senders-spec.js";

export function registerSenders(program: Command, run: Runner): void {
  const senders = program
    .command("senders")
    .description("Saved senders: answers to reuse with `declarations confirm --sender NAME`");
  addVerb(senders, sendersAddVerb, run);
  addVerb(senders, sendersListVerb, run);
  addVerb(senders, sendersRemoveVerb, run);
}
