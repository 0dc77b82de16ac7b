// One pass over a body's JSON text, before it is parsed: its depth, its record count, and what the fast parse needs from the text (json.ts).

/**
 * What one pass over JSON text outside its strings found (`scanBody`). The number literals,
 * keys and compact texts are those of the text only if it is valid JSON (JSON.parse says so
 * later; the fast parse checks its own counts against them as well).
 */
export interface BodyScan {
  /** The text scanned. */
  readonly text: string;
  /** How many objects the top-level array holds (0 when the text is no array). */
  readonly records: number;
  /** The number literals in order, as written. */
  readonly digits: string[];
  /** How many object keys (a string followed by `:`). */
  readonly keys: number;
  /**
   * For each object directly in the top-level array, in order, its own text when it is compact
   * (no whitespace between tokens, no backslash in a string), else null.
   */
  readonly compact: (string | null)[];
  /**
   * The text was decoded from UTF-8 bytes (the caller says so), so it holds no lone surrogate:
   * a decoder writes U+FFFD for an encoded surrogate. Spares the parse a check of the whole text.
   */
  readonly decoded: boolean;
}

/** Where the next backslash of a text is (its length when there is none). */
interface StringCursor {
  backslash: number;
}

/**
 * Where the string opened by the quote at `open` ends (its closing quote), or -1 when it does
 * not. Found with indexOf; escapes matter only when a backslash comes before the next quote, and
 * the next backslash's place is kept in `cursor` so each is found once.
 */
function stringEnd(text: string, open: number, cursor: StringCursor): number {
  let end = text.indexOf('"', open + 1);
  if (end < 0 || cursor.backslash > end) return end;
  end = open + 1;
  for (;;) {
    if (end >= text.length) return -1;
    const d = text.charCodeAt(end);
    if (d === 0x5c) end += 2;
    else if (d === 0x22) break;
    else end++;
  }
  const next = text.indexOf("\\", end);
  cursor.backslash = next < 0 ? text.length : next;
  return end;
}

const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/**
 * One pass over any text, no recursion, strings skipped with indexOf: null when brackets nest
 * deeper than `max` outside strings, else what it found (`BodyScan`). The depth is checked
 * before a recursive parse, which would meet V8's stack limit on `[[[[…` (client and sandbox);
 * the record count lets the page walker ask for the next page before this one is parsed
 * (walk.ts); the rest spares the fast parse a pass of its own. An unterminated string ends the
 * pass: JSON.parse refuses such text, and the count so far stands.
 */
export function scanBody(text: string, max: number, decoded = false): BodyScan | null {
  const digits: string[] = [];
  const compact: (string | null)[] = [];
  const n = text.length;
  const cursor: StringCursor = { backslash: text.indexOf("\\") };
  if (cursor.backslash < 0) cursor.backslash = n;
  let keys = 0;
  let records = 0;
  let depth = 0;
  let topIsArray: boolean | null = null;
  /** Where the current record (an object in the top-level array) starts, or -1. */
  let recordStart = -1;
  let plain = true;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const backslash = cursor.backslash;
      const end = stringEnd(text, i, cursor);
      if (end < 0) break;
      if (backslash < end) plain = false;
      i = end + 1;
      let d = text.charCodeAt(i);
      while (isSpace(d)) {
        plain = false;
        d = text.charCodeAt(++i);
      }
      // A key's colon, or the comma after a value, is passed here: a turn of the loop less.
      if (d === 0x3a) {
        keys++;
        i++;
      } else if (d === 0x2c) i++;
    } else if (c >= 0x61 && c <= 0x7a) {
      // The letters of true, false and null (a third of a page's turns outside strings).
      i++;
    } else if (c === 0x7b) {
      if (depth === 1 && topIsArray) {
        records++;
        recordStart = i;
        plain = true;
      }
      topIsArray ??= false;
      if (++depth > max) return null;
      i++;
    } else if (c === 0x5b) {
      topIsArray ??= true;
      if (++depth > max) return null;
      i++;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
      if (depth === 1 && recordStart >= 0) {
        compact.push(plain ? text.slice(recordStart, i + 1) : null);
        recordStart = -1;
      }
      i++;
    } else if (isSpace(c)) {
      plain = false;
      i++;
    } else if ((c >= 0x30 && c <= 0x39) || c === 0x2d) {
      // In valid JSON (the only text whose literals are used) this is a literal: only its end
      // is needed.
      const start = i;
      let d = text.charCodeAt(++i);
      while (
        (d >= 0x30 && d <= 0x39) ||
        d === 0x2e ||
        d === 0x65 ||
        d === 0x45 ||
        d === 0x2b ||
        d === 0x2d
      )
        d = text.charCodeAt(++i);
      digits.push(text.slice(start, i));
      if (d === 0x2c) i++;
    } else i++;
  }
  return { text, records, digits, keys, compact, decoded };
}

/** Whether brackets nest deeper than `max` outside strings (scanBody's depth check). */
export function jsonDepthOver(text: string, max: number): boolean {
  return scanBody(text, max) === null;
}
