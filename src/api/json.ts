import { isLosslessNumber, LosslessNumber, parse, stringify } from "lossless-json";

/**
 * Every response is parsed with lossless-json: numbers become LosslessNumber holding the exact
 * digits the server sent, so an id of 9223372036854775807 or an amount of 0.8000000000000000
 * reaches the screen unchanged. `JSON.parse` would round both.
 */
export function parseLossless(text: string): unknown {
  return parse(text, null, (digits) => new LosslessNumber(digits));
}

export function stringifyLossless(value: unknown, indent?: number): string {
  return stringify(value, undefined, indent) ?? "null";
}

/** The digits of a number field as sent, or the text of a string field. */
export function numberText(value: unknown): string {
  if (isLosslessNumber(value)) return value.value;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  return "";
}

export { isLosslessNumber, LosslessNumber };
