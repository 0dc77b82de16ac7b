import type { ChalkInstance } from "chalk";
import { numberText } from "../../api/json.js";
import type { Declaration } from "../../domain/declarations.js";
import type { IOStreams } from "../../output/io.js";
import {
  type Column,
  displayWidth,
  type RecordView,
  renderTable,
  shortenMiddle,
} from "../../output/records.js";
import { sanitize } from "../../output/sanitize.js";
import { isoUtc, localTime, parseServerTime } from "../../output/time.js";

/** The id's digits exactly as the server sent them (an int64 never passes through a float). */
export const declarationId = (d: Declaration): string => numberText(d.cryptoDepositDeclarationId);

/** `0.8000000000000000 BTC`: every digit of the amount as sent, then the symbol. */
export const amountWithSymbol = (d: Declaration): string =>
  `${numberText(d.amount)} ${d.symbol ?? ""}`.trim();

/** First and last name of the sender; empty while the declaration is pending. */
export const senderName = (d: Declaration): string =>
  [d.firstName, d.lastName].filter((s) => s !== null && s !== undefined && s !== "").join(" ");

export const LIGHTNING_MARKER = "⚡ lightning";

/** A lightning deposit has an invoice instead of a memo; either tells the user where it went. */
export const memoOrLightning = (d: Declaration): string =>
  d.lightningInvoice ? LIGHTNING_MARKER : (d.memoTag ?? "");

/**
 * `2026-11-20 14:05` in the user's time zone. Seconds are left out: the table must fit 80
 * columns, and nobody tells deposits apart by the second. Unreadable text is shown as sent.
 */
export function localMinute(value: string | null | undefined): string {
  if (value === null || value === undefined) return "";
  const full = localTime(value);
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

/**
 * The machine columns (tsv, csv): every field of the seed (2.1) in the seed's order, named as
 * the API names them, ids and amounts with the server's digits, times as ISO-8601 UTC.
 */
export const DECLARATION_FIELDS: readonly Column<Declaration>[] = [
  { header: "cryptoDepositDeclarationId", text: declarationId },
  { header: "createdAt", text: (d) => isoUtc(d.createdAt) },
  { header: "status", text: (d) => d.status },
  { header: "confirmedAt", text: (d) => isoUtc(d.confirmedAt) },
  { header: "confirmedBy", text: (d) => orEmpty(d.confirmedBy) },
  { header: "firstName", text: (d) => orEmpty(d.firstName) },
  { header: "lastName", text: (d) => orEmpty(d.lastName) },
  { header: "amount", text: (d) => numberText(d.amount) },
  { header: "symbol", text: (d) => orEmpty(d.symbol) },
  { header: "address", text: (d) => orEmpty(d.address) },
  { header: "memoTag", text: (d) => orEmpty(d.memoTag) },
  { header: "lightningInvoice", text: (d) => orEmpty(d.lightningInvoice) },
];

/** The columns for people, in reading order. */
export const DECLARATION_TABLE_COLUMNS: readonly Column<Declaration>[] = [
  { header: "ID", text: declarationId },
  { header: "CREATED", text: (d) => localMinute(d.createdAt) },
  {
    header: "STATUS",
    text: (d) => d.status,
    cell: (d, c) => ({ text: d.status, style: declarationStatusStyle(d.status, c) }),
  },
  { header: "AMOUNT", text: amountWithSymbol },
  { header: "ADDRESS", text: (d) => orEmpty(d.address), shrinkable: true },
  { header: "MEMO/LN", text: memoOrLightning, shrinkable: true },
  { header: "SENDER", text: senderName, shrinkable: true },
  { header: "CONFIRMED", text: (d) => localMinute(d.confirmedAt) },
];

/** `2026-11-20`: the date alone, for a terminal with no room for the time of day. */
export function localDate(value: string | null | undefined): string {
  const minute = localMinute(value);
  return value && parseServerTime(value) ? minute.slice(0, 10) : minute;
}

const CREATED_DATE: Column<Declaration> = {
  header: "CREATED",
  text: (d) => localDate(d.createdAt),
};

/**
 * How a narrow terminal narrows the table, one step at a time until it fits: first the columns
 * that only matter once a declaration is done, then the memo, then the time of day, then the
 * date. ID, STATUS, AMOUNT and ADDRESS always stay: they are how a user recognises a deposit.
 */
const NARROWING: readonly { header: string; to: Column<Declaration> | null }[] = [
  { header: "CONFIRMED", to: null },
  { header: "SENDER", to: null },
  { header: "MEMO/LN", to: null },
  { header: "CREATED", to: CREATED_DATE },
  { header: "CREATED", to: null },
];
const OPTIONAL = new Set(NARROWING.map((step) => step.header));
/** An address shorter than this (`bc1qar0…wf5mdq`) is hard to recognise; others may go to 10. */
const FLOOR: Readonly<Record<string, number>> = { ADDRESS: 17 };

const GAP = 2;
/** renderTable's floor for a shrunk column. */
const MIN_SHRUNK = 10;

function shortenedTo(column: Column<Declaration>, width: number): Column<Declaration> {
  const cut = (text: string) => shortenMiddle(sanitize(text), width);
  const { cell } = column;
  return {
    ...column,
    text: (r) => cut(column.text(r)),
    cell: cell
      ? (r, color) => {
          const made = cell(r, color);
          return { ...made, text: cut(made.text) };
        }
      : undefined,
  };
}

/**
 * The columns that fit `width`: empty optional columns go first, then the NARROWING steps are
 * taken until every kept column fits at its floor, and the room left over goes to the
 * shrinkable columns. Columns come back already shortened to their share.
 */
export function fitColumns(
  records: readonly Declaration[],
  width: number,
  columns: readonly Column<Declaration>[] = DECLARATION_TABLE_COLUMNS,
): Column<Declaration>[] {
  const measure = (column: Column<Declaration>) => {
    let natural = displayWidth(column.header);
    let empty = true;
    for (const r of records) {
      const cellWidth = displayWidth(sanitize(column.text(r)));
      if (cellWidth > 0) empty = false;
      natural = Math.max(natural, cellWidth);
    }
    const floor = Math.max(FLOOR[column.header] ?? MIN_SHRUNK, displayWidth(column.header));
    const least = column.shrinkable ? Math.min(natural, floor) : natural;
    return { column, natural, least, empty };
  };
  type Measured = ReturnType<typeof measure>;
  const total = (kept: readonly Measured[], key: "least" | "natural") =>
    kept.reduce((sum, m) => sum + m[key], 0) + GAP * Math.max(0, kept.length - 1);

  let kept = columns.map(measure);
  // An empty column says nothing; it goes as soon as anything has to be shortened.
  if (total(kept, "natural") > width)
    kept = kept.filter((m) => !(m.empty && OPTIONAL.has(m.column.header)));
  for (const step of NARROWING) {
    if (total(kept, "least") <= width) break;
    const at = kept.findIndex((m) => m.column.header === step.header);
    if (at < 0) continue;
    kept = step.to ? kept.with(at, measure(step.to)) : kept.filter((_, i) => i !== at);
  }
  const widths = new Map(kept.map((m) => [m, m.least]));
  let room = width - total(kept, "least");
  // Columns closest to their full width are made whole first: a name shown whole is worth more
  // than two more characters of an address that stays shortened anyway.
  const wanting = kept
    .filter((m) => m.column.shrinkable && m.natural > m.least)
    .sort((a, b) => a.natural - a.least - (b.natural - b.least));
  for (const m of wanting) {
    if (room <= 0) break;
    const give = Math.min(room, m.natural - m.least);
    widths.set(m, m.least + give);
    room -= give;
  }
  return kept.map((m) =>
    m.column.shrinkable && widths.get(m)! < m.natural
      ? shortenedTo(m.column, widths.get(m)!)
      : m.column,
  );
}

/** The table for people: aligned columns that fit the terminal, addresses shortened in the middle. */
export function renderDeclarationTable(records: readonly Declaration[], io: IOStreams): string {
  return renderTable(fitColumns(records, io.columns), records, io);
}

export const DECLARATION_VIEW: RecordView<Declaration> = {
  columns: DECLARATION_FIELDS,
  table: renderDeclarationTable,
};

/** One line naming a declaration: `4711  0.8000000000000000 BTC  created 2026-11-20 14:05`. */
export function describeDeclaration(d: Declaration): string {
  return sanitize(
    `${declarationId(d)}  ${amountWithSymbol(d)}  created ${localMinute(d.createdAt)}`,
  );
}
