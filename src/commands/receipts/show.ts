import type { Entry } from "../../config/receipts-chain.js";
import { localMinute } from "../../declare/declaration-view.js";
import { receiptsOf } from "../../declare/receipts-of.js";
import { TradectlError } from "../../errors.js";
import { type Lang, msg } from "../../i18n/index.js";
import { cellText, fieldColumns, sameText, selectFields } from "../../output/fields.js";
import { GIVE } from "../../output/narrowing.js";
import { type Column, createRecordWriter } from "../../output/records.js";
import { keyValue, tableColumn } from "../../output/table.js";
import { isoUtc } from "../../output/time.js";
import { LosslessNumber } from "../../wire/json.js";
import type { CommandContext } from "../context.js";
import { RECEIPT_ENTRY_FIELD_NAMES, type ReceiptEntryFieldName } from "./fields.js";

// `receipts show ID`: every entry of one declaration, as the file holds it.

/** One entry of the file as `receipts show` prints it: every field, null where it has none. */
interface EntryRow {
  time: string;
  type: Entry["type"];
  requestId: string;
  attempt: number;
  cryptoDepositDeclarationId: LosslessNumber;
  baseUrl: string | null;
  publicKey: string | null;
  rule: string | null;
  /** An imported rule's withdrawal: its source and transaction id. */
  ruleSource: string | null;
  ruleTxid: string | null;
  body: string | null;
  bodySha256: string | null;
  status: number | null;
  responseBody: string | null;
  outcome: string | null;
  verifiedBy: string | null;
  byThisRequest: boolean | null;
  reason: string | null;
  message: string | null;
}

function entryRow(entry: Entry): EntryRow {
  const request = entry.type === "request" ? entry : null;
  const outcome = entry.type === "outcome" ? entry : null;
  const refused = entry.type === "not-processed" ? entry : null;
  return {
    time: entry.time,
    type: entry.type,
    requestId: entry.requestId,
    attempt: entry.attempt,
    cryptoDepositDeclarationId: new LosslessNumber(entry.declarationId),
    baseUrl: request?.baseUrl ?? null,
    publicKey: request?.publicKey ?? null,
    rule: request?.rule ?? null,
    ruleSource: request?.imported?.source ?? null,
    ruleTxid: request?.imported?.txid ?? request?.imported?.withdrawalId ?? null,
    body: request?.body ?? null,
    bodySha256: request?.bodySha256 ?? null,
    status: outcome?.status ?? refused?.status ?? null,
    responseBody: outcome?.responseBody ?? refused?.responseBody ?? null,
    outcome: outcome?.outcome ?? null,
    verifiedBy: outcome?.verifiedBy ?? null,
    byThisRequest: outcome?.byThisRequest ?? null,
    reason: refused?.reason ?? null,
    message: outcome?.message ?? refused?.message ?? null,
  };
}

const field = cellText<EntryRow>;

const ENTRY_COLUMNS: readonly Column<EntryRow>[] = fieldColumns<EntryRow, ReceiptEntryFieldName>(
  RECEIPT_ENTRY_FIELD_NAMES,
  {
    time: {
      text: (r) => isoUtc(r.time),
      table: tableColumn("label.time", (r, _c, lang) => localMinute(r.time, lang)),
    },
    type: sameText("label.entry", field("type")),
    requestId: sameText("label.requestId", field("requestId"), { give: GIVE.memo }),
    attempt: sameText("label.attempt", field("attempt"), { numeric: true }),
    cryptoDepositDeclarationId: sameText("label.declaration", field("cryptoDepositDeclarationId"), {
      numeric: true,
    }),
    baseUrl: sameText("label.baseUrl", field("baseUrl"), { give: GIVE.text }),
    publicKey: sameText("label.publicKey", field("publicKey"), { give: GIVE.memo }),
    rule: sameText("label.rule", field("rule")),
    ruleSource: sameText("label.ruleSource", field("ruleSource")),
    ruleTxid: sameText("label.ruleTxid", field("ruleTxid"), { give: GIVE.memo }),
    body: sameText("label.body", field("body"), { give: GIVE.text }),
    bodySha256: sameText("label.bodySha256", field("bodySha256"), { give: GIVE.memo }),
    status: sameText("label.http", field("status"), { numeric: true }),
    responseBody: sameText("label.response", field("responseBody"), { give: GIVE.text }),
    outcome: sameText("label.outcome", field("outcome")),
    verifiedBy: sameText("label.verifiedBy", field("verifiedBy")),
    byThisRequest: sameText("label.byThisRequest", field("byThisRequest")),
    reason: sameText("label.reason", field("reason")),
    message: sameText("label.message", field("message"), { give: GIVE.text }),
  },
);

/** The label/value lines of one entry for people: only the fields it has. */
function entryLines(
  r: EntryRow,
  fields: readonly string[] | undefined,
  lang: Lang,
): [string, string][] {
  const names = fields ?? RECEIPT_ENTRY_FIELD_NAMES;
  return names.flatMap((name) => {
    const column = ENTRY_COLUMNS.find((c) => c.header === name)!;
    const value = column.text(r);
    return value === ""
      ? []
      : [[name, name === "time" ? `${localMinute(r.time, lang)} (${value})` : value]];
  });
}

/** `receipts show ID`: every entry for one declaration, bodies included. */
export async function runReceiptsShow(
  options: { id: string; fields: readonly string[] | undefined },
  ctx: CommandContext,
): Promise<number> {
  const receipts = receiptsOf(ctx);
  const rows = (await receipts.history(options.id)).map(entryRow);
  if (rows.length === 0) {
    throw new TradectlError("not_found", msg("receipts.notFound", { id: options.id }), {
      hint: msg("receipts.notFoundHint", { path: receipts.path }),
    });
  }
  if (ctx.globals.output === "table") {
    const blocks = rows.map((r) =>
      keyValue(entryLines(r, options.fields, ctx.io.t.lang), ctx.io.out, {
        width: ctx.io.columns,
      }).join("\n"),
    );
    await ctx.io.write(`${blocks.join("\n\n")}\n`);
    return 0;
  }
  const writer = createRecordWriter(
    ctx.globals.output,
    selectFields({ columns: ENTRY_COLUMNS }, options.fields),
    ctx.io,
  );
  await writer.write(rows);
  await writer.end();
  return 0;
}
