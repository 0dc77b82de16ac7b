import Big from "big.js";
import { type DecimalStyle, readDecimal, showsDecimalComma } from "./decimal-text.js";
import { parseIsoTime } from "./duration.js";
import { foldCase } from "./text.js";
import {
  type ImportSource,
  krakenSymbol,
  REQUIRED_FIELDS,
  type WithdrawalField,
  type WithdrawalFormat,
} from "./withdrawal-formats.js";

/**
 * A sending exchange's withdrawal history, row by row, as expected deposits (docs/IMPORT.md):
 * each completed withdrawal with its symbol, address, memo, the amount(s) it may arrive with,
 * its transaction id and time; or why a row is skipped, or why it is bad (its column named). Pure: the rows come in
 * as parsed, the clock as a number.
 */

/** A row as the reader gives it: its number, its line, its cells by column name. */
export interface SourceRow {
  row: number;
  line: number;
  fields: Readonly<Record<string, unknown>>;
}

export interface Withdrawal {
  source: ImportSource;
  /** What makes the same withdrawal the same on a second import: the txid, else `id:` the id. */
  key: string;
  txid: string | null;
  id: string | null;
  symbol: string;
  address: string;
  memo: string | null;
  /** The amount it may arrive with: one, or (the source does not say) the amount, then less the fee. */
  amounts: string[];
  fee: string | null;
  /** Unix ms of the withdrawal; null when the row gives none (then counted from now). */
  time: number | null;
  /** Unix ms from which the rule expires. */
  until: number;
}

/** Why a row is left out though nothing in it is wrong. */
export type SkipReason =
  | "not_completed"
  | "no_address"
  | "no_key"
  | "expired"
  | "imported_before"
  | "duplicate";

/** What is wrong with a cell. */
export type CellProblem =
  | "missing"
  | "formula"
  | "symbol"
  | "address"
  | "amount_ambiguous"
  | "amount_unreadable"
  | "amount_not_positive"
  | "fee"
  | "time"
  | "not_text";

export type RowRead =
  | { kind: "withdrawal"; row: number; line: number; withdrawal: Withdrawal }
  | { kind: "skipped"; row: number; line: number; reason: SkipReason; detail: string }
  | {
      kind: "bad";
      row: number;
      line: number;
      /** The source's column (its header or key). */
      column: string;
      problem: CellProblem;
      /** The cell as the file has it (shown made safe). */
      text: string;
    };

export interface ReadOptions {
  source: ImportSource;
  format: WithdrawalFormat;
  /** `--decimal-comma`: `1,234` is one and a bit. */
  decimalComma: boolean;
  /** How long after the withdrawal its rule lives (`--until`, default 14 days). */
  untilMs: number;
  now: number;
}

/** The column each field is read from in these keys (any case), and what is missing or given twice. */
export function findColumns(
  keys: readonly string[],
  format: WithdrawalFormat,
): {
  columns: Partial<Record<WithdrawalField, string>>;
  missing: string[];
  twice: string | null;
} {
  const columns: Partial<Record<WithdrawalField, string>> = {};
  const missing: string[] = [];
  let twice: string | null = null;
  for (const [field, name] of Object.entries(format.columns) as [WithdrawalField, string][]) {
    const found = keys.filter((k) => foldCase(k.trim()) === foldCase(name));
    if (found.length > 1) twice ??= name;
    if (found[0] !== undefined) columns[field] = found[0];
    else if (REQUIRED_FIELDS.includes(field) || field === "status") missing.push(name);
  }
  return { columns, missing, twice };
}

/** The file's decimal style: a comma when `--decimal-comma` or any amount or fee shows one. */
export function decimalStyleOf(
  rows: readonly SourceRow[],
  format: WithdrawalFormat,
  decimalComma: boolean,
): DecimalStyle {
  if (decimalComma) return "comma";
  const cols = [format.columns.amount, format.columns.fee].filter((c) => c !== undefined);
  for (const r of rows) {
    for (const [key, value] of Object.entries(r.fields)) {
      if (cols.some((c) => foldCase(c) === foldCase(key.trim())) && typeof value === "string") {
        if (showsDecimalComma(value)) return "comma";
      }
    }
  }
  return "dot";
}

/** A cell as text: null when absent or empty; numbers in ndjson as their digits. */
function cellText(value: unknown): string | null | undefined {
  if (value === undefined || value === null) return null;
  if (typeof value === "string") return value.trim() === "" ? null : value.trim();
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") {
    return String(value);
  }
  // lossless-json's numbers: an object whose text is its digits.
  if (typeof value === "object" && "isLosslessNumber" in value) return String(value);
  return undefined;
}

const FORMULA = /^[=@\t\r]|^\+(?![0-9.])|^-(?![0-9.])/;
const SYMBOL = /^[A-Za-z0-9]{1,20}$/;
const ONE_WORD = /^[^\s\p{Cc}]+$/u;

/** `2019-10-12 11:12:02` (UTC, as Binance writes it), ISO-8601, or Unix seconds or ms. */
export function readTime(text: string, style: WithdrawalFormat["time"]): number | null {
  const t = text.trim();
  if (/^[0-9]+(\.[0-9]+)?$/.test(t)) {
    const n = Number(t);
    if (style === "epoch-ms") return Math.trunc(n);
    if (style === "epoch-s") return Math.round(n * 1000);
    if (style === "any")
      return t.split(".")[0]!.length >= 12 ? Math.trunc(n) : Math.round(n * 1000);
    return null;
  }
  if (style === "epoch-ms" || style === "epoch-s") return null;
  const plain = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(t);
  if (plain) {
    const [, y, mo, d, h, mi, s] = plain.map(Number) as number[];
    const ms = Date.UTC(y!, mo! - 1, d!, h!, mi!, Number.isNaN(s) ? 0 : (s ?? 0));
    return Number.isNaN(ms) ? null : ms;
  }
  return style === "any" ? parseIsoTime(t) : null;
}

const Decimal = Big();

/** One row read with the format; `columns` from `findColumns` (per row for ndjson). */
export function readRow(
  r: SourceRow,
  columns: Partial<Record<WithdrawalField, string>>,
  style: DecimalStyle,
  options: ReadOptions,
): RowRead {
  const { format } = options;
  const at = { row: r.row, line: r.line };
  const cells: Partial<Record<WithdrawalField, string | null>> = {};
  for (const [field, column] of Object.entries(columns) as [WithdrawalField, string][]) {
    const text = cellText(r.fields[column]);
    if (text === undefined) {
      return { kind: "bad", ...at, column, problem: "not_text", text: "" };
    }
    if (text !== null && FORMULA.test(text)) {
      return { kind: "bad", ...at, column, problem: "formula", text };
    }
    cells[field] = text;
  }
  const bad = (field: WithdrawalField, problem: CellProblem): RowRead => ({
    kind: "bad",
    ...at,
    column: columns[field] ?? format.columns[field] ?? field,
    problem,
    text: cells[field] ?? "",
  });
  const skip = (reason: SkipReason, detail = ""): RowRead => ({
    kind: "skipped",
    ...at,
    reason,
    detail,
  });

  for (const field of REQUIRED_FIELDS) {
    if (columns[field] === undefined) return bad(field, "missing");
  }
  if (columns.status === undefined && options.source !== "generic") return bad("status", "missing");
  const status = cells.status ?? null;
  if (columns.status !== undefined) {
    if (status === null || !format.completed.some((c) => foldCase(c) === foldCase(status))) {
      return skip("not_completed", status ?? "");
    }
  }
  const rawSymbol = cells.symbol ?? "";
  const symbol = format.assetCodes === "kraken" ? krakenSymbol(rawSymbol) : rawSymbol;
  if (!SYMBOL.test(symbol)) return bad("symbol", "symbol");

  const amount = readDecimal(cells.amount ?? "", style);
  if (cells.amount === null || cells.amount === undefined)
    return bad("amount", "amount_unreadable");
  if (!amount.ok) {
    return bad("amount", amount.why === "ambiguous" ? "amount_ambiguous" : "amount_unreadable");
  }
  // Kraken's ledger writes a withdrawal as a debit (-0.5); every other source as a positive amount.
  if ((amount.negative && format.assetCodes !== "kraken") || new Decimal(amount.value).lte(0)) {
    return bad("amount", "amount_not_positive");
  }
  let fee: string | null = null;
  if (cells.fee !== null && cells.fee !== undefined) {
    const read = readDecimal(cells.fee, style);
    if (!read.ok || read.negative) return bad("fee", "fee");
    fee = read.value;
  }
  let time: number | null = null;
  if (cells.time !== null && cells.time !== undefined) {
    time = readTime(cells.time, format.time);
    if (time === null) return bad("time", "time");
  }

  const address = cells.address ?? null;
  if (address === null) return skip("no_address");
  if (!ONE_WORD.test(address)) return bad("address", "address");
  const memo = cells.memo ?? null;
  if (memo !== null && /\p{Cc}/u.test(memo)) return bad("memo", "address");
  const txid = cells.txid ?? null;
  const id = cells.id ?? null;
  if (txid === null && id === null) return skip("no_key");

  const until = (time ?? options.now) + options.untilMs;
  if (until <= options.now) return skip("expired", new Date(until).toISOString());

  const amounts = [amount.value];
  if (format.amount === "unknown" && fee !== null) {
    const less = new Decimal(amount.value).minus(fee);
    if (less.gt(0) && !less.eq(amount.value)) amounts.push(less.toFixed());
  }
  return {
    kind: "withdrawal",
    ...at,
    withdrawal: {
      source: options.source,
      key: txid ?? `id:${id}`,
      txid,
      id,
      symbol: symbol.toUpperCase(),
      address,
      memo,
      amounts,
      fee,
      time,
      until,
    },
  };
}

/**
 * Every row read, in order; a withdrawal whose key an earlier row, or `importedKeys` (the
 * rules saved by earlier imports of this source), already has is skipped as `duplicate`.
 */
export function readWithdrawals(
  rows: readonly SourceRow[],
  columnsOf: (r: SourceRow) => Partial<Record<WithdrawalField, string>>,
  options: ReadOptions,
  importedKeys: ReadonlySet<string>,
): RowRead[] {
  const style = decimalStyleOf(rows, options.format, options.decimalComma);
  const seen = new Map<string, number>();
  return rows.map((r) => {
    const read = readRow(r, columnsOf(r), style, options);
    if (read.kind !== "withdrawal") return read;
    const { key } = read.withdrawal;
    if (importedKeys.has(key)) {
      return { kind: "skipped", row: r.row, line: r.line, reason: "imported_before", detail: key };
    }
    const first = seen.get(key);
    if (first !== undefined) {
      return {
        kind: "skipped",
        row: r.row,
        line: r.line,
        reason: "duplicate",
        detail: String(first),
      };
    }
    seen.set(key, r.row);
    return read;
  });
}
