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

/** One entry of the crypto-exchanges listing (API-NOTES.md). */
export interface Exchange {
  id: LosslessNumber;
  name: string;
  [extra: string]: unknown;
}

/** The seed's note on multi-trade orders, shown wherever an order's price is shown to a person. */
export const FIRST_TRADE_PRICE_NOTE =
  "For an order that matched in several trades, price information is that of the first partial trade (see users/transactions/trade).";
