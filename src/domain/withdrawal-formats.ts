/**
 * The withdrawal-history formats `rules import --source` reads, one entry per sending
 * exchange: which column holds what, which status means completed, how a time is written, and
 * how the amount relates to the fee. Where each comes from is in docs/IMPORT.md (the
 * exchanges' own API references and help pages); what could not be confirmed is said there.
 */

/** The sources `--source` names. */
export const IMPORT_SOURCES = ["binance", "okx", "bybit", "kraken", "generic"] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** What a row says about a withdrawal, by our names. */
export const WITHDRAWAL_FIELDS = [
  "symbol",
  "address",
  "memo",
  "amount",
  "fee",
  "txid",
  "id",
  "time",
  "status",
] as const;
export type WithdrawalField = (typeof WITHDRAWAL_FIELDS)[number];

/**
 * How the amount a row shows relates to what arrives:
 * - `arrives`: the amount is what leaves for the address; the fee is charged apart.
 * - `unknown`: the source's documents do not say; both the amount and the amount less the
 *   fee are kept, and a match says which one it was.
 */
export type AmountMeaning = "arrives" | "unknown";

export interface WithdrawalFormat {
  /** The exchange's name as the exchanges listing may hold it (matched by name, any case). */
  exchangeName: string;
  /** Our field → the source's column (its header in a CSV, its key in ndjson). */
  columns: Readonly<Partial<Record<WithdrawalField, string>>>;
  /** The status values that mean the withdrawal completed (compared in any case). */
  completed: readonly string[];
  amount: AmountMeaning;
  /** How the time column is written. */
  time: "utc-text" | "epoch-ms" | "epoch-s" | "any";
  /** Kraken's assets carry a class prefix (`XXBT`, `XETH`, `ZUSD`): taken off. */
  assetCodes?: "kraken";
}

/** The columns every source must have (a row without them is not a withdrawal we can use). */
export const REQUIRED_FIELDS: readonly WithdrawalField[] = ["symbol", "address", "amount"];

export const FORMATS: Readonly<Record<Exclude<ImportSource, "generic">, WithdrawalFormat>> = {
  // Binance Wallet API, GET /sapi/v1/capital/withdraw/history (and the travel-rule variant,
  // which adds addressTag): status 6 is Completed; applyTime is UTC text.
  binance: {
    exchangeName: "Binance",
    columns: {
      symbol: "coin",
      address: "address",
      memo: "addressTag",
      amount: "amount",
      fee: "transactionFee",
      txid: "txId",
      id: "id",
      time: "applyTime",
      status: "status",
    },
    completed: ["6", "Completed"],
    amount: "unknown",
    time: "utc-text",
  },
  // OKX API v5, GET /api/v5/asset/withdrawal-history.
  okx: {
    exchangeName: "OKX",
    columns: {
      symbol: "ccy",
      address: "toAddr",
      memo: "tag",
      amount: "amt",
      fee: "fee",
      txid: "txId",
      id: "wdId",
      time: "ts",
      status: "state",
    },
    completed: ["2"],
    amount: "unknown",
    time: "epoch-ms",
  },
  // Bybit API v5, GET /v5/asset/withdraw/query-record.
  bybit: {
    exchangeName: "Bybit",
    columns: {
      symbol: "coin",
      address: "toAddress",
      memo: "tag",
      amount: "amount",
      fee: "withdrawFee",
      txid: "txID",
      id: "withdrawId",
      time: "createTime",
      status: "status",
    },
    completed: ["success"],
    amount: "unknown",
    time: "epoch-ms",
  },
  // Kraken REST API, WithdrawStatus: `info` is the destination address; the fee is debited
  // apart from the amount (the ledger's "balance = old_balance - amount - fee").
  kraken: {
    exchangeName: "Kraken",
    columns: {
      symbol: "asset",
      address: "info",
      amount: "amount",
      fee: "fee",
      txid: "txid",
      id: "refid",
      time: "time",
      status: "status",
    },
    completed: ["Success"],
    amount: "arrives",
    time: "epoch-s",
    assetCodes: "kraken",
  },
};

/** `generic --columns`: the columns named, the amount as the one that arrives. */
export function genericFormat(
  columns: Readonly<Partial<Record<WithdrawalField, string>>>,
): WithdrawalFormat {
  return {
    exchangeName: "",
    columns,
    completed: ["completed", "complete", "success", "succeeded", "done", "ok"],
    amount: "arrives",
    time: "any",
  };
}

/** Kraken's asset codes as the coin's symbol: `XXBT`/`XBT` → BTC, `XXDG` → DOGE, `XETH` → ETH. */
export function krakenSymbol(asset: string): string {
  let code = asset.trim().toUpperCase();
  if (code.length === 4 && (code.startsWith("X") || code.startsWith("Z"))) code = code.slice(1);
  if (code === "XBT") return "BTC";
  if (code === "XDG") return "DOGE";
  return code;
}
