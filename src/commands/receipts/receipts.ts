import { receiptsExist } from "../../config/receipts.js";
import { tornPath } from "../../config/receipts-append.js";
import { headPath } from "../../config/receipts-head.js";
import { declaredAnswers, type RequestSummary } from "../../config/receipts-queries.js";
import { localMinute } from "../../declare/declaration-view.js";
import { receiptsOf } from "../../declare/receipts-of.js";
import { parseWhen } from "../../domain/duration.js";
import { TradectlError } from "../../errors.js";
import { asIs, createTranslator, type Lang, msg, type Translator } from "../../i18n/index.js";
import { cellText, fieldColumns, sameText, selectFields } from "../../output/fields.js";
import { GIVE } from "../../output/narrowing.js";
import { type Column, createRecordWriter, type RecordView } from "../../output/records.js";
import { type TableSpec, tableColumn } from "../../output/table.js";
import { isoUtc } from "../../output/time.js";
import { LosslessNumber } from "../../wire/json.js";
import type { CommandContext } from "../context.js";
import { RECEIPT_FIELD_NAMES, type ReceiptFieldName } from "./fields.js";

export interface ReceiptsListOptions {
  id: string | undefined;
  /** As typed, checked by the spec; counted back from ctx.now() here. */
  since: string | undefined;
  until: string | undefined;
  fields: readonly string[] | undefined;
}

/** One confirmation request as `receipts list` prints it. */
interface ReceiptRow {
  requestedAt: string;
  cryptoDepositDeclarationId: LosslessNumber;
  /** null while no outcome is on record. */
  outcome: string | null;
  verifiedBy: string | null;
  byThisRequest: boolean | null;
  status: number | null;
  isSelfSender: boolean | null;
  firstName: string | null;
  lastName: string | null;
  description: string | null;
  AddressType: string | null;
  exchangeId: LosslessNumber | null;
  exchangeOtherName: string | null;
  rule: string | null;
  attempts: number;
  settledAt: string | null;
  message: string;
  baseUrl: string;
  publicKey: string;
  bodySha256: string;
  requestId: string;
}

function unsettledMessage(summary: RequestSummary): string {
  const refused = summary.notProcessed.find((n) => n.attempt === summary.last.attempt);
  return refused
    ? `no outcome on record: the service did not process attempt ${refused.attempt} (HTTP ${refused.status}) and it was not sent again`
    : "no outcome on record: the request was sent and its run stopped before the answer; the next confirm of this declaration reads it back first";
}

function row(summary: RequestSummary): ReceiptRow {
  const answers = declaredAnswers(summary.last.body);
  const outcome = summary.outcome;
  return {
    requestedAt: summary.first.time,
    cryptoDepositDeclarationId: new LosslessNumber(summary.declarationId),
    outcome: outcome?.outcome ?? null,
    verifiedBy: outcome?.verifiedBy ?? null,
    byThisRequest: outcome?.byThisRequest ?? null,
    status: outcome?.status ?? null,
    ...answers,
    exchangeId: answers.exchangeId === null ? null : new LosslessNumber(answers.exchangeId),
    rule: summary.last.rule,
    attempts: summary.attempts,
    settledAt: outcome?.time ?? null,
    message: outcome?.message ?? unsettledMessage(summary),
    baseUrl: summary.last.baseUrl,
    publicKey: summary.last.publicKey,
    bodySha256: summary.last.bodySha256,
    requestId: summary.requestId,
  };
}

const field = cellText<ReceiptRow>;

const RECEIPT_COLUMNS: readonly Column<ReceiptRow>[] = fieldColumns<ReceiptRow, ReceiptFieldName>(
  RECEIPT_FIELD_NAMES,
  {
    requestedAt: {
      text: (r) => isoUtc(r.requestedAt),
      table: tableColumn("label.requested", (r, _c, lang) => localMinute(r.requestedAt, lang)),
    },
    cryptoDepositDeclarationId: sameText("label.declaration", field("cryptoDepositDeclarationId"), {
      numeric: true,
    }),
    outcome: sameText("label.outcome", field("outcome")),
    verifiedBy: sameText("label.verifiedBy", field("verifiedBy")),
    byThisRequest: sameText("label.byThisRequest", field("byThisRequest")),
    status: sameText("label.http", field("status"), { numeric: true }),
    isSelfSender: sameText("label.self", field("isSelfSender")),
    firstName: sameText("label.firstName", field("firstName"), { give: GIVE.name }),
    lastName: sameText("label.lastName", field("lastName"), { give: GIVE.name }),
    description: sameText("label.description", field("description"), { give: GIVE.text }),
    AddressType: sameText("label.addressType", field("AddressType")),
    exchangeId: sameText("label.exchangeId", field("exchangeId"), { numeric: true }),
    exchangeOtherName: sameText("label.exchangeName", field("exchangeOtherName"), {
      give: GIVE.text,
    }),
    rule: sameText("label.rule", field("rule")),
    attempts: sameText("label.attempts", field("attempts"), { numeric: true }),
    settledAt: {
      text: (r) => (r.settledAt ? isoUtc(r.settledAt) : ""),
      table: tableColumn("label.settled", (r, _c, lang) => localMinute(r.settledAt, lang)),
    },
    message: sameText("label.message", field("message"), { give: GIVE.text }),
    baseUrl: sameText("label.baseUrl", field("baseUrl"), { give: GIVE.text }),
    publicKey: sameText("label.publicKey", field("publicKey"), { give: GIVE.memo }),
    bodySha256: sameText("label.bodySha256", field("bodySha256"), { give: GIVE.memo }),
    requestId: sameText("label.requestId", field("requestId"), { give: GIVE.memo }),
  },
);

/** Who sent it, as the table shows it: "me", or the names declared. */
function senderText(r: ReceiptRow, t: Translator): string {
  if (r.isSelfSender === true) return t("receipts.me");
  return [r.firstName, r.lastName].filter((n) => n).join(" ");
}

/** Where it came from: the exchange (id or name), or the wallet. */
function originText(r: ReceiptRow, t: Translator): string {
  if (r.exchangeId !== null) return t("receipts.exchange", { id: r.exchangeId.value });
  if (r.exchangeOtherName !== null) return r.exchangeOtherName;
  return r.AddressType === "IndividualWallet" ? t("receipts.ownWallet") : field("AddressType")(r);
}

/** The run's language's words, for a cell (the table passes the language to every cell). */
const wordsIn = (lang: Lang | undefined) => createTranslator(lang ?? "en");

const column = tableColumn<ReceiptRow>;

/** The table for people: when, which, how it ended, and what was declared. */
const RECEIPT_TABLE: TableSpec<ReceiptRow> = {
  columns: [
    column("label.requested", (r, _c, lang) => localMinute(r.requestedAt, lang)),
    column("label.declaration", field("cryptoDepositDeclarationId")),
    column("label.outcome", (r, c, lang) =>
      r.outcome === null
        ? { text: wordsIn(lang)("receipts.unsettled"), style: c.yellow }
        : {
            text: r.outcome,
            style: r.outcome === "confirmed" || r.outcome === "already_confirmed" ? c.green : c.red,
          },
    ),
    column("label.verified", (r) => (r.verifiedBy === null ? "" : r.verifiedBy)),
    column("label.sender", (r, _c, lang) => senderText(r, wordsIn(lang)), GIVE.name),
    column("label.from", (r, _c, lang) => originText(r, wordsIn(lang)), GIVE.text),
    column("label.description", field("description"), GIVE.text),
  ],
  drops: [{ label: "label.description" }, { label: "label.verified" }, { label: "label.from" }],
};

const RECEIPT_VIEW: RecordView<ReceiptRow> = { columns: RECEIPT_COLUMNS, table: RECEIPT_TABLE };

/** The moment --since/--until names, counted back from now for a duration. */
function momentOf(text: string | undefined, now: number): number | null {
  if (text === undefined) return null;
  const when = parseWhen(text, now, -1);
  // The spec checked the text already.
  return when.ok ? when.ms : null;
}

/** `receipts list`: one row per request, oldest first, filtered by --id, --since, --until. */
export async function runReceiptsList(
  options: ReceiptsListOptions,
  ctx: CommandContext,
): Promise<number> {
  const view = selectFields(RECEIPT_VIEW, options.fields);
  const now = ctx.now();
  const since = momentOf(options.since, now);
  const until = momentOf(options.until, now);
  if (since !== null && until !== null && since > until) {
    throw new TradectlError("usage", msg("receipts.sinceAfterUntil"), {
      hint: msg("receipts.sinceAfterUntilHint"),
    });
  }
  const receipts = receiptsOf(ctx);
  const rows = (await receipts.requests(options.id))
    .filter((s) => {
      const at = Date.parse(s.first.time);
      return (since === null || at >= since) && (until === null || at < until);
    })
    .map(row);
  const writer = createRecordWriter(ctx.globals.output, view, ctx.io);
  await writer.write(rows);
  await writer.end();
  if (rows.length === 0) {
    const exists = await receiptsExist(receipts.path);
    const { t } = ctx.io;
    const path = receipts.path;
    const inPeriod = Boolean(options.since || options.until);
    ctx.io.info(
      !exists
        ? t("receipts.noFile", { path })
        : options.id
          ? t(inPeriod ? "receipts.noneForDeclarationInPeriod" : "receipts.noneForDeclaration", {
              id: options.id,
              path,
            })
          : t(inPeriod ? "receipts.noneInPeriod" : "receipts.none", { path }),
    );
  }
  return 0;
}

interface VerifiedRow {
  entries: number;
  path: string;
}

const VERIFIED_VIEW: RecordView<VerifiedRow> = {
  columns: [
    { header: "entries", text: (r) => String(r.entries), numeric: true },
    { header: "path", text: (r) => r.path },
  ],
  // Labelled with the fields' names, the same in every language.
  detail: (r) => [
    [asIs("entries"), String(r.entries)],
    [asIs("path"), r.path],
  ],
};

/** `receipts verify`: the count when the chain is whole; else exit 1 naming the first bad line. */
export async function runReceiptsVerify(_options: unknown, ctx: CommandContext): Promise<number> {
  const receipts = receiptsOf(ctx);
  const result = await receipts.verify();
  if (!result.ok) {
    const where = { path: receipts.path, line: result.line, reason: result.reason };
    throw new TradectlError("integrity", msg("receipts.broken", where), {
      hint: msg("receipts.brokenHint"),
    });
  }
  const writer = createRecordWriter(ctx.globals.output, VERIFIED_VIEW, ctx.io, { single: true });
  await writer.write([{ entries: result.count, path: receipts.path }]);
  await writer.end();
  ctx.io.info(ctx.io.t("receipts.whole", { count: result.count }));
  const aside = tornPath(receipts.path);
  if (result.tornLine) {
    ctx.io.warn(ctx.io.t("receipts.tornLine", { line: result.tornLine, path: aside }));
  }
  if (result.setAside) {
    ctx.io.warn(ctx.io.t("receipts.setAside", { count: result.setAside, path: aside }));
  }
  if (result.anchored === false) {
    ctx.io.warn(ctx.io.t("receipts.notAnchored", { head: headPath(receipts.path) }));
  }
  return 0;
}
