/**
 * Identifiers are int64 ("long") on the service. They are carried as canonical decimal strings
 * end to end and never pass through a JS number, which is exact only up to 2^53.
 */
export const INT64_MAX = 9223372036854775807n;
export const INT32_MAX = 2147483647n;

const DIGITS = /^[0-9]+$/;

/** The canonical form of a non-negative decimal id, or null if it is not one within `max`. */
export function canonicalId(text: string, max: bigint = INT64_MAX): string | null {
  const trimmed = text.trim();
  if (!DIGITS.test(trimmed)) return null;
  const value = BigInt(trimmed);
  if (value > max) return null;
  return value.toString();
}

/** Why `text` is not an id, in words fit for an error line; null when it is one. */
export function idProblem(text: string, max: bigint = INT64_MAX): string | null {
  const trimmed = text.trim();
  if (trimmed === "") return "is empty";
  if (!DIGITS.test(trimmed)) return "must contain decimal digits only";
  if (BigInt(trimmed) > max) return `is larger than the maximum ${max}`;
  return null;
}
