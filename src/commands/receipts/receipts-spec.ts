import { Command } from "@commander-js/extra-typings";
import { parseWhen, whenProblem } from "../../domain/duration.js";
import { canonicalId, idProblem } from "../../domain/ids.js";
import { TradectlError } from "../../errors.js";
import { english, msg, type Translator } from "../../i18n/index.js";
import { checkedFields, fieldsOption } from "../../output/fields-option.js";
import { defineVerb } from "../verb.js";
import { RECEIPT_ENTRY_FIELD_NAMES, RECEIPT_FIELD_NAMES } from "./fields.js";
import type { ReceiptsListOptions } from "./receipts.js";

function checkedId(flag: string, text: string): string {
  const id = canonicalId(text);
  if (id === null) {
    const subject = msg("domain.id.flag", { flag, id: text });
    const problem = idProblem(text, subject) ?? msg("receipts.x.notAnId", { subject });
    throw TradectlError.listing("usage", [problem], {
      hint: msg("hint.declarationId"),
    });
  }
  return id;
}

/** --since/--until: checked here (any "now" reads the same); counted from now by the run. */
function checkedWhen(flag: string, text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const when = parseWhen(text, 0, -1);
  if (!when.ok) {
    throw TradectlError.listing("usage", [whenProblem(flag, when)], {
      hint: msg("receipts.badWhenHint", { flag }),
    });
  }
  return text;
}

export const receiptsListVerb = defineVerb({
  command: (t: Translator = english) =>
    new Command("list")
      .alias("ls")
      .description(t("receipts.list.description"))
      .option("--id <ID>", t("receipts.list.id"))
      .option("--since <WHEN>", t("receipts.list.since"))
      .option("--until <WHEN>", t("receipts.list.until"))
      .addOption(fieldsOption(RECEIPT_FIELD_NAMES, t))
      .addHelpText("after", t("receipts.list.after")),
  options: (_args, flags): ReceiptsListOptions => ({
    id: flags.id === undefined ? undefined : checkedId("--id", flags.id),
    since: checkedWhen("--since", flags.since),
    until: checkedWhen("--until", flags.until),
    fields: checkedFields(flags.fields, RECEIPT_FIELD_NAMES),
  }),
  run: async () => (await import("./receipts.js")).runReceiptsList,
});

export const receiptsShowVerb = defineVerb({
  command: (t: Translator = english) =>
    new Command("show")
      .description(t("receipts.show.description"))
      .argument("<ID>", t("receipts.show.id"))
      .addOption(fieldsOption(RECEIPT_ENTRY_FIELD_NAMES, t))
      .addHelpText("after", t("receipts.show.after")),
  options: ([id], flags) => ({
    id: checkedId("ID", id),
    fields: checkedFields(flags.fields, RECEIPT_ENTRY_FIELD_NAMES),
  }),
  run: async () => (await import("./show.js")).runReceiptsShow,
});

export const receiptsVerifyVerb = defineVerb({
  command: (t: Translator = english) =>
    new Command("verify")
      .description(t("receipts.verify.description"))
      .addHelpText("after", t("receipts.verify.after")),
  options: () => ({}),
  run: async () => (await import("./receipts.js")).runReceiptsVerify,
});
