// A record's own compact text, kept from the body it was parsed from, so that printing it needs no write-again.

/** String.prototype.isWellFormed (Node 20 has it; TypeScript's ES2023 library does not name it). */
export const isWellFormed = (text: string): boolean =>
  (text as unknown as { isWellFormed(): boolean }).isWellFormed();

/**
 * The compact text (stringifyLossless without indent) of records parsed from a top-level
 * array, when the body already held them in that form: no whitespace between tokens, no
 * escape in any string. A long `--all` then prints each record's own text instead of writing
 * it again from the parsed value (the parse, and the checks on the value, still run). Parsed
 * values are never changed after they are checked; a copy (valibot's output) carries the text
 * over only while it holds the very same fields in the same order (`carryCompactTexts`).
 *
 * The text is a private field put on the record (a class whose base constructor returns the
 * object it is given): Object.keys, for…in, spreads and JSON.stringify never see it, so a
 * changed copy never carries it, and it dies with its record. (A WeakMap from record to text
 * cost 18 MiB of peak RSS on a walk of 30,000 records: its entries outlived their records. A
 * non-enumerable symbol property, set with Object.defineProperty, cost 87 ms of a
 * 100,000-record walk: the private field is set in a fifth of the time.)
 */
class Carrier {
  constructor(record: object) {
    // biome-ignore lint/correctness/noConstructorReturn: the record itself gets OwnText's field
    return record;
  }
}
class OwnText extends Carrier {
  readonly #text: string;
  private constructor(record: object, text: string) {
    super(record);
    this.#text = text;
  }
  static get(record: object): string | undefined {
    return #text in record ? (record as OwnText).#text : undefined;
  }
  /** Once per record: a copy that is the original itself (carryCompactTexts) keeps its text. */
  static set(record: object, text: string): void {
    if (!(#text in record)) new OwnText(record, text);
  }
}
const compactTexts = { get: OwnText.get, set: OwnText.set };

/** Keeps `text` as the compact text of `record` (parseLossless, for a record it parsed). */
export function keepCompactText(record: object, text: string): void {
  compactTexts.set(record, text);
}

/** The compact text of `value` if it was parsed from text already in compact form. */
export function compactTextOf(value: unknown): string | undefined {
  return typeof value === "object" && value !== null ? compactTexts.get(value) : undefined;
}

/**
 * Gives each record of `copies` the compact text of the record at the same place in
 * `originals` when the copy has the same keys in the same order and the same values (===), so
 * its compact form is the original's.
 */
export function carryCompactTexts(originals: unknown, copies: unknown): void {
  if (!Array.isArray(originals) || !Array.isArray(copies) || originals.length !== copies.length)
    return;
  for (let i = 0; i < originals.length; i++) {
    const own = compactTextOf(originals[i]);
    if (own !== undefined && sameFields(originals[i], copies[i])) compactTexts.set(copies[i], own);
  }
}

function sameFields(original: Record<string, unknown>, copy: unknown): boolean {
  if (original === copy) return true;
  if (typeof copy !== "object" || copy === null || !isPlainRecord(copy)) return false;
  const keys = Object.keys(original);
  const copyKeys = Object.keys(copy);
  if (keys.length !== copyKeys.length) return false;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (copyKeys[i] !== key || (copy as Record<string, unknown>)[key] !== original[key])
      return false;
  }
  return true;
}

/** Whether lossless-json would write this object by its own keys (no toJSON, plain prototype). */
export function isPlainRecord(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return (
    (proto === Object.prototype || proto === null) &&
    typeof (value as { toJSON?: unknown }).toJSON !== "function"
  );
}
