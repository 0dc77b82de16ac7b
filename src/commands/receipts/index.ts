import type { Command } from "commander";
import type { Runner } from "../run.js";
import { addVerb } from "../verb.js";
import { receiptsListVerb, receiptsShowVerb, receiptsVerifyVerb } from "./receipts-spec.js";

export function registerReceipts(program: Command, run: Runner): void {
  const receipts = program
    .command("receipts")
    .description("Every confirmation on record: what was declared, when, and how it ended");
  addVerb(receipts, receiptsListVerb, run);
  addVerb(receipts, receiptsShowVerb, run);
  addVerb(receipts, receiptsVerifyVerb, run);
}
