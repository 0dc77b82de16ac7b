import type { LosslessNumber } from "lossless-json";

/** An order as `data` of the single-order response (seed 2.4). Decimals are strings on the wire. */
export interface Order {
  id: LosslessNumber;
  price: string;
  amount: string;
  quantity: string;
  stopPrice: string;
  pairSymbol: string;
  pairSymbolNormalized: string;
  type: string;
  method: string;
  orderClientId: string;
  time: LosslessNumber;
  updateTime: LosslessNumber;
  status: string;
  leftAmount: string;
  [extra: string]: unknown;
}

/** An order's fields in the order tsv/csv print them; the names `--fields` takes. */
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

/** One entry of the crypto-exchanges listing (API-NOTES.md). */
export interface Exchange {
  id: LosslessNumber;
  name: string;
  [extra: string]: unknown;
}

/** The listing's fields every format shows: the names `--fields` takes. */
export const EXCHANGE_FIELD_NAMES = ["id", "name"] as const satisfies readonly (keyof Exchange &
  string)[];
export type ExchangeFieldName = (typeof EXCHANGE_FIELD_NAMES)[number];

/** The seed's note on multi-trade orders, shown wherever an order's price is shown to a person. */
export const FIRST_TRADE_PRICE_NOTE =
  "For an order that matched in several trades, price information is that of the first partial trade (see users/transactions/trade).";
