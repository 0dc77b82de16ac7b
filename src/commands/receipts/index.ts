import type { Command } from "commander";
import { english, type Translator } from "../../i18n/index.js";
import type { Runner } from "../run.js";
import { addVerb } from "../verb.js";
import { receiptsListVerb, receiptsShowVerb, receiptsVerifyVerb } from "./receipts-spec.js";

export function registerReceipts(program: Command, run: Runner, t: Translator = english): void {
  const receipts = program.command("receipts").description(t("receipts.description"));
  addVerb(receipts, receiptsListVerb, run, t);
  addVerb(receipts, receiptsShowVerb, run, t);
  addVerb(receipts, receiptsVerifyVerb, run, t);
}
