/**
 * The sandbox's seed declarations and answers that several test files use, typed out once
 * (src/sandbox/data.ts holds the records; a test names them as a user would, by id).
 */

/** The sandbox's pending XRP deposits, newest first. */
export const PENDING_XRP = [
  "734001023",
  "734001008",
  "734001030",
  "734001029",
  "734001028",
  "734001027",
];
/** The pending XLM deposits: one, and two look-alikes of one amount and address, other memos. */
export const PENDING_XLM = ["734001022", "734001031", "734001032"];

export const KRAKEN_DESCRIPTION = "My own XRP from my Kraken account";

/** The confirm answers for one's own money from an exchange (id 3 in the sandbox's listing). */
export const SELF_FROM_EXCHANGE: readonly string[] = [
  "--self",
  "--address-type",
  "exchange",
  "--exchange-id",
  "3",
  "--description",
  KRAKEN_DESCRIPTION,
];
