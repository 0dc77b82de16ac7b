/**
 * An order as `data` of the single-order response (seed 2.4) and one entry of the
 * crypto-exchanges listing: the types the response schemas infer (api/schemas.ts), named here
 * for the commands and the library.
 */
export type { Exchange, Order } from "../api/schemas.js";

/** The seed's note on multi-trade orders, shown wherever an order's price is shown to a person. */
export const FIRST_TRADE_PRICE_NOTE =
  "For an order that matched in several trades, price information is that of the first partial trade (see users/transactions/trade).";
