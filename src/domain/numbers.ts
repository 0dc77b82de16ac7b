/**
 * A whole number as people and query strings write it: an optional sign, then decimal digits
 * (spaces around are ignored), from `min` to `max`; null for anything else ("1e3", "0x10",
 * "1.0", "", a number beyond 2^53). The one reading of whole numbers: CLI flags, the sandbox's
 * options and query strings all use it, so a sign means the same everywhere and only the range
 * decides what is allowed.
 */
export function parseWholeNumber(
  text: string,
  min = Number.MIN_SAFE_INTEGER,
  max = Number.MAX_SAFE_INTEGER,
): number | null {
  const trimmed = text.trim();
  if (!/^[+-]?[0-9]+$/.test(trimmed)) return null;
  const n = Number(trimmed);
  if (!Number.isSafeInteger(n) || n < min || n > max) return null;
  // -0 is 0.
  return n + 0;
}
