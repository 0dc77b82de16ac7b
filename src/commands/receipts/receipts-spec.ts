import { Command } from "@commander-js/extra-typings";
import { parseWhen } from "../../domain/duration.js";
import { canonicalId, idProblem } from "../../domain/ids.js";
import { TradectlError } from "../../errors.js";
import { checkedFields, fieldsOption } from "../../output/fields-option.js";
import { defineVerb } from "../verb.js";
import { RECEIPT_ENTRY_FIELD_NAMES, RECEIPT_FIELD_NAMES } from "./fields.js";
import type { ReceiptsListOptions } from "./receipts.js";

function checkedId(flag: string, text: string): string {
  const id = canonicalId(text);
  if (id === null) {
    throw new TradectlError("usage", `${flag} '${text}' ${idProblem(text) ?? "is not an id"}`, {
      hint: "a declaration id is its decimal digits, as `tradectl declarations list` shows it",
    });
  }
  return id;
}

/** --since/--until: checked here (any "now" reads the same); counted from now by the run. */
function checkedWhen(flag: string, text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const when = parseWhen(text, 0, -1);
  if (!when.ok) {
    throw new TradectlError("usage", `${flag}: ${when.problem}`, {
      hint: `${flag} takes a time (2026-11-01, 2026-11-01T09:00:00Z) or a duration back from now (24h, 7d, 2w)`,
    });
  }
  return text;
}

export const receiptsListVerb = defineVerb({
  command: () =>
    new Command("list")
      .alias("ls")
      .description("Every confirmation request on record, with how it ended (the export: -o csv)")
      .option("--id <ID>", "only the requests for this declaration")
      .option(
        "--since <WHEN>",
        "only requests from then on: an ISO-8601 time, or 24h, 7d… back from now",
      )
      .option(
        "--until <WHEN>",
        "only requests before then: an ISO-8601 time, or 24h, 7d… back from now",
      )
      .addOption(fieldsOption(RECEIPT_FIELD_NAMES))
      .addHelpText(
        "after",
        `
One row per confirmation request tradectl sent (or was about to send), oldest first: when,
for which declaration, its outcome (the one vocabulary of \`declarations confirm\`), and what it
declared. A request with no outcome on record is shown as unsettled (outcome null): the next
confirm that touches its declaration reads it back first. --sandbox lists the sandbox's own.

Examples:
  $ tradectl receipts list
  $ tradectl receipts list --id 734001026
  $ tradectl receipts list --since 7d -o csv > declared.csv
  $ tradectl receipts list --since 2026-11-01 --until 2026-12-01 \\
      --fields requestedAt,cryptoDepositDeclarationId,outcome,firstName,lastName -o tsv`,
      ),
  options: (_args, flags): ReceiptsListOptions => ({
    id: flags.id === undefined ? undefined : checkedId("--id", flags.id),
    since: checkedWhen("--since", flags.since),
    until: checkedWhen("--until", flags.until),
    fields: checkedFields(flags.fields, RECEIPT_FIELD_NAMES),
  }),
  run: async () => (await import("./receipts.js")).runReceiptsList,
});

export const receiptsShowVerb = defineVerb({
  command: () =>
    new Command("show")
      .description("Every receipt entry for one declaration, with the bodies sent and received")
      .argument("<ID>", "the declaration's id")
      .addOption(fieldsOption(RECEIPT_ENTRY_FIELD_NAMES))
      .addHelpText(
        "after",
        `
Each request as it was recorded before it was sent (time, base URL, public key, the exact
body and its sha256), each answer that proved it was not processed (a 429), and its outcome
(HTTP status, the server's body, outcome, verifiedBy, byThisRequest).

Examples:
  $ tradectl receipts show 734001026
  $ tradectl receipts show 734001026 -o json`,
      ),
  options: ([id], flags) => ({
    id: checkedId("ID", id),
    fields: checkedFields(flags.fields, RECEIPT_ENTRY_FIELD_NAMES),
  }),
  run: async () => (await import("./receipts.js")).runReceiptsShow,
});

export const receiptsVerifyVerb = defineVerb({
  command: () =>
    new Command("verify")
      .description(
        "Check that no receipt line was edited, removed or reordered (exit 1 if one was)",
      )
      .addHelpText(
        "after",
        `
Each line carries the sha256 of the line before it; verify walks the chain and prints the
count of entries when it is whole. Otherwise it exits 1 (kind "integrity") naming the first
line that does not fit.

Examples:
  $ tradectl receipts verify
  $ tradectl receipts verify -o json`,
      ),
  options: () => ({}),
  run: async () => (await import("./receipts.js")).runReceiptsVerify,
});
