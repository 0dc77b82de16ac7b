import type { Command } from "commander";
import type { Translator } from "../../i18n/index.js";
import type { Runner } from "../run.js";
import { addVerb } from "../verb.js";
import { receiptsListVerb, receiptsShowVerb, receiptsVerifyVerb } from "./receipts-spec.js";

/** The `receipts` group's verbs, added to its command (program.ts names and describes it). */
export function registerReceipts(group: Command, run: Runner, t: Translator): void {
  addVerb(group, receiptsListVerb, run, t);
  addVerb(group, receiptsShowVerb, run, t);
  addVerb(group, receiptsVerifyVerb, run, t);
}
