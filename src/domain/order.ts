import type { Exchange, Order, Trade } from "../wire/schemas.js";

/**
 * An order as `data` of the single-order response (seed 2.4) and one entry of the
 * crypto-exchanges listing: the types the response schemas infer (wire/schemas.ts), named here
 * for the commands and the library.
 */
export type { Exchange, Order } from "../wire/schemas.js";

/**
 * An order's fields in the order tsv/csv print them: the names `--fields` takes. Kept here,
 * light, so registering the flag loads no output code.
 */
export const ORDER_FIELD_NAMES = [
  "id",
  "pairSymbol",
  "pairSymbolNormalized",
  "type",
  "method",
  "status",
  "price",
  "amount",
  "quantity",
  "stopPrice",
  "leftAmount",
  "orderClientId",
  "time",
  "updateTime",
] as const satisfies readonly (keyof Order & string)[];
export type OrderFieldName = (typeof ORDER_FIELD_NAMES)[number];

/** What `order get --fills` adds after the order's fields, as tsv/csv columns and `--fields` names. */
export const FILLS_FIELD_NAMES = [
  "fills.count",
  "fills.filledAmount",
  "fills.averagePrice",
  "fills.notional",
  "fills.fee",
  "fills.tax",
] as const;
export type FillsFieldName = (typeof FILLS_FIELD_NAMES)[number];

/** A trade's fields (users/transactions/trade) in the API's order: `order trades --fields`. */
export const TRADE_FIELD_NAMES = [
  "id",
  "timestamp",
  "amount",
  "preciseAmount",
  "fee",
  "tax",
  "price",
  "numeratorSymbol",
  "denominatorSymbol",
  "orderType",
  "orderId",
  "orderClientId",
] as const satisfies readonly (keyof Trade & string)[];
export type TradeFieldName = (typeof TRADE_FIELD_NAMES)[number];

/** The listing's fields every format shows: the names `--fields` takes. */
export const EXCHANGE_FIELD_NAMES = ["id", "name"] as const satisfies readonly (keyof Exchange &
  string)[];
export type ExchangeFieldName = (typeof EXCHANGE_FIELD_NAMES)[number];
