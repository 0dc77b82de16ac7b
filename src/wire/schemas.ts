import * as v from "valibot";
import { isLosslessNumber } from "./json.js";

/**
 * The shapes the seed gives for each response, checked on every body so a hostile or broken
 * server yields a clean error naming the field instead of `undefined` on the screen. Objects are
 * loose: fields the seed does not name are kept and passed through to JSON output.
 */
const losslessNumber = v.custom<import("lossless-json").LosslessNumber>(
  isLosslessNumber,
  "expected a number",
);
const integer = v.custom<import("lossless-json").LosslessNumber>(
  (value) => isLosslessNumber(value) && /^-?[0-9]+$/.test(value.value),
  "expected an integer",
);
/** Decimal fields of an order are strings on the wire; a number is accepted and kept as sent. */
const decimalText = v.union([v.string(), losslessNumber], "expected a decimal");

export const declarationSchema = v.looseObject({
  cryptoDepositDeclarationId: integer,
  createdAt: v.string(),
  status: v.string(),
  confirmedAt: v.nullish(v.string()),
  confirmedBy: v.nullish(v.string()),
  firstName: v.nullish(v.string()),
  lastName: v.nullish(v.string()),
  amount: losslessNumber,
  symbol: v.string(),
  address: v.string(),
  memoTag: v.nullish(v.string()),
  lightningInvoice: v.nullish(v.string()),
});

export const declarationListSchema = v.array(declarationSchema);

export const orderSchema = v.looseObject({
  id: integer,
  price: decimalText,
  amount: decimalText,
  quantity: decimalText,
  stopPrice: decimalText,
  pairSymbol: v.string(),
  pairSymbolNormalized: v.string(),
  type: v.string(),
  method: v.string(),
  orderClientId: v.nullish(v.string()),
  time: integer,
  updateTime: integer,
  status: v.string(),
  leftAmount: decimalText,
});

export const orderEnvelopeSchema = v.looseObject({ data: orderSchema });

/** An id that older answers sent as a JSON number and newer ones may send as a digit string. */
const idText = v.union(
  [integer, v.pipe(v.string(), v.regex(/^-?[0-9]+$/, "expected an integer"))],
  "expected an integer",
);
/**
 * A decimal that arithmetic is done on (the fills): a number, or a string in the notation a
 * JSON number (and big.js) accepts, so a word in a price is refused here with its field named.
 */
const decimalFigure = v.pipe(
  v.union(
    [
      losslessNumber,
      v.pipe(v.string(), v.regex(/^-?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i, "expected a decimal")),
    ],
    "expected a decimal",
  ),
  // The service's figures are a few dozen digits; far longer ones, or exponents past ±999, are
  // beyond what exact arithmetic should be asked to write out (big.js stops at a million places).
  v.check(
    (value) => FIGURE_IN_RANGE.test(textOf(value)),
    "expected a decimal of at most 100 characters, exponent within ±999",
  ),
);
const FIGURE_IN_RANGE = /^[^e]{1,100}(e[+-]?\d{1,3})?$/i;
const textOf = (value: unknown): string => (isLosslessNumber(value) ? value.value : String(value));
/** A price: a trade is made at a price above zero. */
const priceFigure = v.pipe(
  decimalFigure,
  v.check((value) => /^[^-e]*[1-9]/i.test(textOf(value)), "expected a price above zero"),
);
/** A trade's own id: the service hands out positive ids. */
const tradeId = v.pipe(
  idText,
  v.check((value) => /^0*[1-9][0-9]*$/.test(textOf(value)), "expected a positive integer"),
);

/**
 * One partial trade of an order (docs/SERVICE-NOTES.md, "Trades of an order"). `amount` is signed
 * (negative for what left the account); `preciseAmount` is a long JSON number, kept as sent.
 */
export const tradeSchema = v.looseObject({
  id: tradeId,
  timestamp: idText,
  amount: decimalFigure,
  preciseAmount: v.nullish(decimalFigure),
  fee: decimalFigure,
  tax: decimalFigure,
  price: priceFigure,
  numeratorSymbol: v.string(),
  denominatorSymbol: v.string(),
  orderType: v.string(),
  orderId: idText,
  orderClientId: v.nullish(v.string()),
});

/** `{"success":true,"message":"SUCCESS","code":0,"data":[…]}`. */
export const tradeEnvelopeSchema = v.looseObject({ data: v.array(tradeSchema) });

export type Trade = v.InferOutput<typeof tradeSchema>;

export const confirmResponseSchema = v.looseObject({
  success: v.boolean(),
  message: v.nullish(v.string()),
  code: v.nullish(v.union([integer, v.string()])),
});

export const exchangeSchema = v.looseObject({ id: integer, name: v.string() });
/** The listing's shape is unpublished: an envelope with `data`, or a bare array (docs/SERVICE-NOTES.md). */
export const exchangeListSchema = v.union([
  v.array(exchangeSchema),
  v.looseObject({ data: v.array(exchangeSchema) }),
]);

export const serverTimeSchema = v.looseObject({ serverTime: integer });

export type Schema<T> = v.GenericSchema<unknown, T>;

/**
 * The response types, inferred from the schemas above: what the checks accept is what the
 * types say (an order's decimals as string or number, `orderClientId` null or missing), so no
 * cast stands between a body and its type.
 */
export type Declaration = v.InferOutput<typeof declarationSchema>;
export type Order = v.InferOutput<typeof orderSchema>;
export type Exchange = v.InferOutput<typeof exchangeSchema>;
export type ConfirmResponse = v.InferOutput<typeof confirmResponseSchema>;

/** What the server sent instead, short: a long string from a hostile server is cut. */
function receivedText(received: string): string {
  if (received === "LosslessNumber") return "a number";
  return received.length > 40 ? `${received.slice(0, 40)}…` : received;
}

/**
 * The first problem of a failed check, as "field path: what was expected, got what": e.g.
 * `0.symbol: expected string, got a number`, or `data.pairSymbol: missing`.
 */
export function describeIssue(issues: readonly v.BaseIssue<unknown>[]): string {
  const issue = issues[0];
  if (!issue) return "unexpected shape";
  const path = v.getDotPath(issue) ?? "(body)";
  if (issue.received === "undefined") return `${path}: missing`;
  // valibot's own messages start "Invalid type: Expected …"; ours ("expected a number") do not.
  const expected = issue.message.startsWith("Invalid ")
    ? `expected ${issue.expected}`
    : issue.message;
  return `${path}: ${expected}, got ${receivedText(issue.received)}`;
}

export { v };
