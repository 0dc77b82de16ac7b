import Big from "big.js";

/**
 * What an order really filled at, from its partial trades (docs/GUIDE.md).
 * The single-order endpoint gives only the first partial trade's price; these figures complete it.
 *
 * Arithmetic is exact decimal arithmetic with big.js, never JS floats. big.js rather than
 * decimal.js: it is a fraction of the size, its add and multiply are exact at any length (no
 * precision setting that silently rounds a sum), and division takes a number of decimal places
 * and a rounding mode, which is exactly the contract's rule for the average. A private
 * constructor keeps its settings away from any other user of big.js in the process.
 */
const Decimal = Big();
Decimal.RM = Big.roundHalfEven;

/** Decimal places of the average beyond the prices' own, after which it is rounded half-even. */
export const AVERAGE_EXTRA_PLACES = 18;

/** The figures of one trade the fills are made of, as decimal text exactly as the service sent. */
export interface TradeFigures {
  /** Signed: negative for what left the account (a sell's base asset). */
  amount: string;
  price: string;
  fee: string;
  tax: string;
}

/** Decimal strings; with no trades, `count` is 0 and every figure is null. */
export interface Fills {
  count: number;
  filledAmount: string | null;
  averagePrice: string | null;
  notional: string | null;
  fee: string | null;
  tax: string | null;
}

export const NO_FILLS: Fills = {
  count: 0,
  filledAmount: null,
  averagePrice: null,
  notional: null,
  fee: null,
  tax: null,
};

/** Digits after the point as written: "0.05000000" → 8, "1.5e-7" → 8, "12e3" → 0. */
export function decimalPlaces(text: string): number {
  const match = /^[+-]?\d*(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(text.trim());
  if (!match) throw new Error(`not a decimal: ${text}`);
  return Math.max(0, (match[1]?.length ?? 0) - Number(match[2] ?? 0));
}

/**
 * The fills of one order:
 * - `filledAmount` = Σ|amount| (a trade's size is its amount without the sign);
 * - `notional` = Σ size×price;
 * - `averagePrice` = notional ÷ filledAmount;
 * - `fee`, `tax` = plain sums, signed as the service signs them (negative: charged).
 *
 * Sums and products are exact and written with the places their inputs imply (a sum with the
 * most places among its terms, a product with the places of both factors), so `0.05000000`
 * stays `0.05000000` instead of becoming `0.05`. The average is exact when it terminates within
 * 18 places beyond the prices' own (the prices' own = the most decimal places among the trades'
 * prices as sent), else rounded half-even at that place; it is written with trailing zeros
 * dropped but never fewer places than the prices' own. An average over a zero filled amount
 * (trades that all have amount 0) does not exist: null.
 */
export function summarizeFills(trades: readonly TradeFigures[]): Fills {
  if (trades.length === 0) return NO_FILLS;
  let filled = new Decimal(0);
  let notional = new Decimal(0);
  let fee = new Decimal(0);
  let tax = new Decimal(0);
  let amountPlaces = 0;
  let notionalPlaces = 0;
  let pricePlaces = 0;
  let feePlaces = 0;
  let taxPlaces = 0;
  for (const trade of trades) {
    const size = new Decimal(trade.amount).abs();
    const price = new Decimal(trade.price);
    filled = filled.plus(size);
    notional = notional.plus(size.times(price));
    fee = fee.plus(trade.fee);
    tax = tax.plus(trade.tax);
    const sizePlaces = decimalPlaces(trade.amount);
    const ownPricePlaces = decimalPlaces(trade.price);
    amountPlaces = Math.max(amountPlaces, sizePlaces);
    pricePlaces = Math.max(pricePlaces, ownPricePlaces);
    notionalPlaces = Math.max(notionalPlaces, sizePlaces + ownPricePlaces);
    feePlaces = Math.max(feePlaces, decimalPlaces(trade.fee));
    taxPlaces = Math.max(taxPlaces, decimalPlaces(trade.tax));
  }
  return {
    count: trades.length,
    filledAmount: fixed(filled, amountPlaces),
    averagePrice: filled.eq(0) ? null : average(notional, filled, pricePlaces),
    notional: fixed(notional, notionalPlaces),
    fee: fixed(fee, feePlaces),
    tax: fixed(tax, taxPlaces),
  };
}

/** Exact (`places` is never fewer than the value has); a zero is written without a sign. */
function fixed(value: Big, places: number): string {
  return (value.eq(0) ? value.abs() : value).toFixed(places);
}

function average(notional: Big, filled: Big, pricePlaces: number): string {
  const places = pricePlaces + AVERAGE_EXTRA_PLACES;
  // Division is the one inexact operation: DP and RM (half-even, set above) decide its last digit.
  Decimal.DP = places;
  const text = fixed(notional.div(filled), places);
  return trimZeros(text, pricePlaces);
}

/** Drops trailing zeros after the point, keeping at least `keep` places. */
function trimZeros(text: string, keep: number): string {
  const point = text.indexOf(".");
  if (point < 0) return text;
  let end = text.length;
  while (end > point + 1 + keep && text[end - 1] === "0") end--;
  return text.slice(0, end === point + 1 ? point : end);
}
