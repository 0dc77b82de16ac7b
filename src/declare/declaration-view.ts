import type { ChalkInstance } from "chalk";
import {
  DECLARATION_FIELD_NAMES,
  type Declaration,
  type DeclarationFieldName,
  declarationId,
} from "../domain/declarations.js";
import type { Lang } from "../i18n/index.js";
import { fieldColumns, sameText } from "../output/fields.js";
import { GIVE } from "../output/narrowing.js";
import type { Column, RecordView } from "../output/records.js";
import { type Cell, type TableSpec, tableColumn } from "../output/table.js";
import { isoUtc, localTime, parseServerTime } from "../output/time.js";
import { numberText } from "../wire/json.js";

/** `0.8000000000000000 BTC`: every digit of the amount as sent, then the symbol. */
export const amountWithSymbol = (d: Declaration): string =>
  `${numberText(d.amount)} ${d.symbol ?? ""}`.trim();

/** First and last name of the sender; empty while the declaration is pending. */
export const senderName = (d: Declaration): string =>
  [d.firstName, d.lastName].filter((s) => s !== null && s !== undefined && s !== "").join(" ");

export const LIGHTNING_MARKER = "⚡ lightning";

/**
 * `2026-11-20 14:05` in the user's time zone. Seconds are left out: the table must fit 80
 * columns, and nobody tells deposits apart by the second. Unreadable text is shown as sent.
 */
export function localMinute(value: string | null | undefined, lang: Lang = "en"): string {
  if (value === null || value === undefined) return "";
  const full = localTime(value, lang);
  return parseServerTime(value) ? full.slice(0, 16) : full;
}

/** Pending is what the user still has to act on, so it is the one that stands out. */
export function declarationStatusStyle(
  status: string,
  color: ChalkInstance,
): (s: string) => string {
  const s = status.toLowerCase();
  if (s === "pending") return color.yellow.bold;
  if (s === "confirmed") return color.green;
  return (t) => t;
}

const orEmpty = (value: string | null | undefined) => value ?? "";

const statusCell = (d: Declaration, c: ChalkInstance): Cell => ({
  text: d.status,
  style: declarationStatusStyle(d.status, c),
});

/** A lightning deposit has an invoice instead of a memo; either tells the user where it went. */
const memoCell = (d: Declaration): Cell =>
  d.lightningInvoice ? { text: LIGHTNING_MARKER, cut: "end" } : { text: d.memoTag ?? "" };

const column = tableColumn<Declaration>;

/**
 * Every field of the seed (2.1) in the seed's order, named as the API names them: the tsv/csv
 * columns (ids and amounts with the server's digits, times as ISO-8601 UTC), and each with its
 * column for people when chosen with `--fields`.
 */
export const DECLARATION_FIELDS: readonly Column<Declaration>[] = fieldColumns<
  Declaration,
  DeclarationFieldName
>(DECLARATION_FIELD_NAMES, {
  cryptoDepositDeclarationId: sameText("label.id", declarationId, { numeric: true }),
  createdAt: {
    text: (d) => isoUtc(d.createdAt),
    table: column("label.created", (d, _c, lang) => localMinute(d.createdAt, lang)),
  },
  status: { text: (d) => d.status, table: column("label.status", statusCell) },
  confirmedAt: {
    text: (d) => isoUtc(d.confirmedAt),
    table: column("label.confirmed", (d, _c, lang) => localMinute(d.confirmedAt, lang)),
  },
  confirmedBy: sameText("label.confirmedBy", (d) => orEmpty(d.confirmedBy), { give: GIVE.name }),
  firstName: sameText("label.firstName", (d) => orEmpty(d.firstName), { give: GIVE.name }),
  lastName: sameText("label.lastName", (d) => orEmpty(d.lastName), { give: GIVE.name }),
  amount: sameText("label.amount", (d) => numberText(d.amount), { numeric: true }),
  symbol: sameText("label.symbol", (d) => orEmpty(d.symbol)),
  address: sameText("label.address", (d) => orEmpty(d.address), { give: GIVE.address }),
  memoTag: sameText("label.memo", (d) => orEmpty(d.memoTag), { give: GIVE.memo }),
  lightningInvoice: sameText("label.invoice", (d) => orEmpty(d.lightningInvoice), {
    give: GIVE.memo,
  }),
});

/** `2026-11-20`: the date alone, for a terminal with no room for the time of day. */
export function localDate(value: string | null | undefined, lang: Lang = "en"): string {
  const minute = localMinute(value, lang);
  return value && parseServerTime(value) ? minute.slice(0, 10) : minute;
}

/**
 * The table for people, in reading order. On a narrow terminal the address shrinks first (in
 * the middle), then the memo; the sender's name is cut only at its end. When that is not
 * enough, columns go in this order: the confirmation time, the sender, the memo, the time of
 * day, the creation date. ID, STATUS, AMOUNT and ADDRESS always stay: they are how a user
 * recognises a deposit. Below that, each declaration is printed as a block of lines.
 */
export const DECLARATION_TABLE: TableSpec<Declaration> = {
  columns: [
    column("label.id", declarationId),
    column("label.created", (d, _c, lang) => localMinute(d.createdAt, lang)),
    column("label.status", statusCell),
    column("label.amount", amountWithSymbol),
    column("label.address", (d) => orEmpty(d.address), GIVE.address),
    column("label.memoLn", memoCell, GIVE.memo),
    column("label.sender", senderName, GIVE.name),
    column("label.confirmed", (d, _c, lang) => localMinute(d.confirmedAt, lang)),
  ],
  drops: [
    { label: "label.confirmed" },
    { label: "label.sender" },
    { label: "label.memoLn" },
    {
      label: "label.created",
      to: column("label.created", (d, _c, lang) => localDate(d.createdAt, lang)),
    },
    { label: "label.created" },
  ],
};

export const DECLARATION_VIEW: RecordView<Declaration> = {
  columns: DECLARATION_FIELDS,
  table: DECLARATION_TABLE,
};
