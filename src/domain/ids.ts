import type { Text } from "../errors.js";
import { msg } from "../i18n/index.js";

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

/** Two spellings of one id ("0042" and 42) are the same id. */
export function sameId(a: string, b: string): boolean {
  return a === b || (canonicalId(a) ?? a) === (canonicalId(b) ?? b);
}

/**
 * Why `text` is not an id, as an error line about `subject` ("declaration id '7x'", "--id
 * 'x'"): in English and as the catalog says it; null when it is one.
 */
export function idProblem(text: string, subject: Text, max: bigint = INT64_MAX): Text | null {
  const trimmed = text.trim();
  if (trimmed === "") return msg("domain.id.empty", { subject });
  if (!DIGITS.test(trimmed)) return msg("domain.id.digits", { subject });
  if (BigInt(trimmed) > max) return msg("domain.id.tooLarge", { subject, max });
  return null;
}
