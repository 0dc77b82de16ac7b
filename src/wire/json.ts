import { isLosslessNumber, LosslessNumber, parse, stringify } from "lossless-json";
import { compactTextOf, isPlainRecord, isWellFormed, keepCompactText } from "./json-compact.js";

/**
 * Every response is parsed losslessly: numbers become LosslessNumber holding the exact digits
 * the server sent, so an id of 9223372036854775807 or an amount of 0.8000000000000000 reaches
 * the screen unchanged. `JSON.parse` alone would round both.
 *
 * lossless-json is the reference for what comes out; the fast paths below give the same result
 * for the bodies the service sends and hand anything unusual back to it (see parseFast).
 */
export function parseLossless(text: string): unknown {
  const fast = parseFast(text);
  if (fast !== NOT_FAST) {
    jsonPaths.parseFast++;
    return fast;
  }
  jsonPaths.parseSlow++;
  return parseSlow(text);
}

/**
 * How often each path ran in this process. The fast paths exist for speed only (the slow ones
 * give the same values), so nothing else would notice them bypassed: tests read these counts.
 */
export const jsonPaths = {
  parseFast: 0,
  parseSlow: 0,
  /** A record printed as its own compact text from the body (compactTextOf). */
  stringifyOwn: 0,
  stringifyFast: 0,
  stringifySlow: 0,
};

function parseSlow(text: string): unknown {
  return parse(text, null, (digits) => new LosslessNumber(digits));
}

export function stringifyLossless(value: unknown, indent?: number): string {
  if (indent === undefined) {
    const own = compactTextOf(value);
    if (own !== undefined) {
      jsonPaths.stringifyOwn++;
      return own;
    }
  }
  const fast = stringifyFast(value, indent);
  if (fast !== NOT_FAST) {
    jsonPaths.stringifyFast++;
    return fast;
  }
  jsonPaths.stringifySlow++;
  return stringify(value, undefined, indent) ?? "null";
}

/** The digits of a number field as sent, or the text of a string field. */
export function numberText(value: unknown): string {
  if (isLosslessNumber(value)) return value.value;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  return "";
}

export { carryCompactTexts } from "./json-compact.js";
export { isLosslessNumber, LosslessNumber };

const NOT_FAST: unique symbol = Symbol("not fast");

/**
 * The shape from the engine's JSON.parse (native, several times faster than a parser in
 * JavaScript), the digits of each number from the text: one pass over the text collects the
 * number literals in order, and the parsed value is walked in the same order to swap each
 * rounded number for its literal. The orders agree unless an object has an integer-like key
 * (the engine lists those first) or a key twice (the engine keeps one; lossless-json refuses
 * differing duplicates): both are detected and left to lossless-json, as is every text
 * JSON.parse refuses, so errors read as they always did.
 */
function parseFast(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return NOT_FAST;
  }
  if (typeof value !== "object" || value === null)
    return typeof value === "number" ? NOT_FAST : value;
  const literals = numberLiterals(text);
  let next = 0;
  let keysSeen = 0;
  const swap = (node: object): boolean => {
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const item: unknown = node[i];
        if (typeof item === "number") node[i] = new LosslessNumber(literals.digits[next++]!);
        else if (typeof item === "object" && item !== null && !swap(item)) return false;
      }
      return true;
    }
    const record = node as Record<string, unknown>;
    for (const key in record) {
      keysSeen++;
      const first = key.charCodeAt(0);
      if ((first >= 0x30 && first <= 0x39) || key === "__proto__") return false;
      const item = record[key];
      if (typeof item === "number") record[key] = new LosslessNumber(literals.digits[next++]!);
      else if (typeof item === "object" && item !== null && !swap(item)) return false;
    }
    return true;
  };
  try {
    if (!swap(value)) return NOT_FAST;
  } catch {
    // Nesting deeper than the stack: lossless-json fails the same way it always did.
    return NOT_FAST;
  }
  if (next !== literals.digits.length || keysSeen !== literals.keys) return NOT_FAST;
  const compact = literals.compact;
  // A record's own text is its compact form only if JSON.stringify would write its strings as
  // they stand: a lone surrogate it would escape (never in a decoded body) rules the page out.
  if (Array.isArray(value) && compact.length === value.length && isWellFormed(text)) {
    for (let i = 0; i < value.length; i++) {
      const own = compact[i];
      if (own !== null && own !== undefined) keepCompactText(value[i] as object, own);
    }
  }
  return value;
}

/** Where the next backslash of a text is (its length when there is none). */
interface StringCursor {
  backslash: number;
}

function stringCursor(text: string): StringCursor {
  const backslash = text.indexOf("\\");
  return { backslash: backslash < 0 ? text.length : backslash };
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

/**
 * The number literals of valid JSON text in order, how many object keys it has, and for each
 * object directly in a top-level array its own text when it is compact (no whitespace between
 * tokens, no backslash in a string), else null.
 */
function numberLiterals(text: string): {
  digits: string[];
  keys: number;
  compact: (string | null)[];
} {
  const digits: string[] = [];
  const compact: (string | null)[] = [];
  let keys = 0;
  const n = text.length;
  const cursor = stringCursor(text);
  let depth = 0;
  /** Where the current record (an object in the top-level array) starts, or -1. */
  let recordStart = -1;
  let plain = true;
  const topIsArray = text.charCodeAt(0) === 0x5b;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const backslash = cursor.backslash;
      const end = stringEnd(text, i, cursor);
      if (backslash < end) plain = false;
      i = end + 1;
      let d = text.charCodeAt(i);
      while (d === 0x20 || d === 0x0a || d === 0x0d || d === 0x09) {
        plain = false;
        d = text.charCodeAt(++i);
      }
      if (d === 0x3a) keys++;
    } else if (c === 0x7b || c === 0x5b) {
      if (depth === 1 && c === 0x7b && topIsArray) {
        recordStart = i;
        plain = true;
      }
      depth++;
      i++;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
      if (depth === 1 && recordStart >= 0) {
        compact.push(plain ? text.slice(recordStart, i + 1) : null);
        recordStart = -1;
      }
      i++;
    } else if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) {
      plain = false;
      i++;
    } else if ((c >= 0x30 && c <= 0x39) || c === 0x2d) {
      // JSON.parse accepted the text, so this is a valid literal: only its end is needed.
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
    } else i++;
  }
  return { digits, keys, compact };
}

/**
 * lossless-json's output for plain data (objects, arrays, strings, finite numbers, booleans,
 * null, LosslessNumber) without its per-value generality; anything else (toJSON, Date, boxed
 * values, bigint, undefined or function members, class instances) is left to lossless-json.
 */
function stringifyFast(value: unknown, indent: number | undefined): string | typeof NOT_FAST {
  const space =
    indent === undefined ? "" : " ".repeat(Math.max(0, Math.min(Math.trunc(indent), 10)));
  return space === "" ? writeCompact(value) : writeIndented(value, space, "");
}

/** The compact form, the one ndjson prints per record: the hot path of a long `--all`. */
function writeCompact(value: unknown): string | typeof NOT_FAST {
  switch (typeof value) {
    case "string":
    case "boolean":
    case "number":
      return JSON.stringify(value);
    case "object": {
      if (value === null) return "null";
      if (value instanceof LosslessNumber) return value.toString();
      if (Array.isArray(value)) {
        if (value.length === 0) return "[]";
        let out = "[";
        for (let i = 0; i < value.length; i++) {
          const item = writeCompact(value[i]);
          if (item === NOT_FAST) return NOT_FAST;
          out += i === 0 ? item : `,${item}`;
        }
        return `${out}]`;
      }
      if (!isPlainRecord(value)) return NOT_FAST;
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record);
      if (keys.length === 0) return "{}";
      let out = "{";
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i]!;
        const item = writeCompact(record[key]);
        if (item === NOT_FAST) return NOT_FAST;
        out += i === 0 ? `${keyText(key)}:${item}` : `,${keyText(key)}:${item}`;
      }
      return `${out}}`;
    }
    default:
      return NOT_FAST;
  }
}

function writeIndented(value: unknown, space: string, pad: string): string | typeof NOT_FAST {
  switch (typeof value) {
    case "string":
    case "boolean":
    case "number":
      return JSON.stringify(value);
    case "object": {
      if (value === null) return "null";
      if (value instanceof LosslessNumber) return value.toString();
      const inner = pad + space;
      if (Array.isArray(value)) {
        if (value.length === 0) return "[]";
        let out = "[\n";
        for (let i = 0; i < value.length; i++) {
          const item = writeIndented(value[i], space, inner);
          if (item === NOT_FAST) return NOT_FAST;
          out += i === 0 ? inner + item : `,\n${inner}${item}`;
        }
        return `${out}\n${pad}]`;
      }
      if (!isPlainRecord(value)) return NOT_FAST;
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record);
      if (keys.length === 0) return "{}";
      let out = "{\n";
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i]!;
        const item = writeIndented(record[key], space, inner);
        if (item === NOT_FAST) return NOT_FAST;
        out += `${i === 0 ? "" : ",\n"}${inner}${keyText(key)}: ${item}`;
      }
      return `${out}\n${pad}}`;
    }
    default:
      return NOT_FAST;
  }
}

/**
 * Records of one kind repeat the same dozen keys thousands of times; their JSON text is kept
 * (a bounded number of them, so a hostile server's random keys cannot grow it without end).
 */
const keyTexts = new Map<string, string>();
function keyText(key: string): string {
  let text = keyTexts.get(key);
  if (text === undefined) {
    text = JSON.stringify(key);
    if (keyTexts.size < 1000) keyTexts.set(key, text);
  }
  return text;
}

/**
 * One pass over JSON text outside strings, no recursion: null when brackets nest deeper than
 * `max`, otherwise how many objects the top-level array holds (0 when the text is no array).
 * The depth is checked before a recursive parse, which would meet V8's stack limit on `[[[[…`
 * (client and sandbox); the count lets the page walker ask for the next page before this one
 * is parsed (walk.ts), at no extra cost.
 */
export function scanJson(text: string, max: number): number | null {
  const n = text.length;
  let depth = 0;
  let records = 0;
  let topIsArray: boolean | null = null;
  // Strings (most of a page) are skipped with indexOf (stringEnd).
  const cursor = stringCursor(text);
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const end = stringEnd(text, i, cursor);
      if (end < 0) return records;
      i = end;
    } else if (c === 0x7b) {
      if (depth === 1 && topIsArray) records++;
      topIsArray ??= false;
      if (++depth > max) return null;
    } else if (c === 0x5b) {
      topIsArray ??= true;
      if (++depth > max) return null;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return records;
}

/** Whether brackets nest deeper than `max` outside strings (scanJson's depth check). */
export function jsonDepthOver(text: string, max: number): boolean {
  return scanJson(text, max) === null;
}
