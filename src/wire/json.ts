import { isLosslessNumber, LosslessNumber, parse, stringify } from "lossless-json";
import { compactTextOf, isPlainRecord, isWellFormed, keepCompactText } from "./json-compact.js";
import { type BodyScan, scanBody } from "./json-scan.js";

/**
 * Every response is parsed losslessly: numbers become LosslessNumber holding the exact digits
 * the server sent, so an id of 9223372036854775807 or an amount of 0.8000000000000000 reaches
 * the screen unchanged. `JSON.parse` alone would round both.
 *
 * lossless-json is the reference for what comes out; the fast paths below give the same result
 * for the bodies the service sends and hand anything unusual back to it (see parseFast).
 */
export function parseLossless(text: string): unknown {
  return parseScanned(text, null);
}

/**
 * parseLossless for a body `scanBody` has already been over (for its depth and record count,
 * before parsing): the fast path uses that pass instead of making its own. A scan of another
 * text is not used.
 */
export function parseScanned(text: string, scan: BodyScan | null): unknown {
  const given = scan !== null && scan.text === text ? scan : null;
  if (given !== null) jsonPaths.scanGiven++;
  const fast = parseFast(text, given);
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
  /** A parse that used the pass made over its text before (scanBody, the client's). */
  scanGiven: 0,
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
export { type BodyScan, jsonDepthOver, scanBody } from "./json-scan.js";
export { isLosslessNumber, LosslessNumber };

const NOT_FAST: unique symbol = Symbol("not fast");

/**
 * A LosslessNumber of a literal JSON.parse has accepted: the same class (its prototype, so
 * `instanceof`, `isLosslessNumber`, valueOf and toString work as ever) and the same fields in the
 * same order, without the constructor's regular expression over the digits, which the engine
 * has just checked: a fifth of the time, 200,000 times in a walk of 100,000 records.
 */
function AcceptedNumber(this: { value: string; isLosslessNumber: boolean }, digits: string) {
  this.value = digits;
  this.isLosslessNumber = true;
}
AcceptedNumber.prototype = LosslessNumber.prototype;
const Accepted = AcceptedNumber as unknown as new (digits: string) => LosslessNumber;

/**
 * The shape from the engine's JSON.parse (native, several times faster than a parser in
 * JavaScript), the digits of each number from the text: one pass over the text (scanBody, made
 * before parsing for a body the client reads) collects the number literals in order, and the
 * parsed value is walked in the same order to swap each rounded number for its literal. The
 * orders agree unless an object has an integer-like key (the engine lists those first) or a key
 * twice (the engine keeps one; lossless-json refuses differing duplicates): both are detected
 * and left to lossless-json, as is every text JSON.parse refuses, so errors read as they always
 * did.
 */
function parseFast(text: string, scan: BodyScan | null): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return NOT_FAST;
  }
  if (typeof value !== "object" || value === null)
    return typeof value === "number" ? NOT_FAST : value;
  const literals = scan ?? (scanBody(text, Number.POSITIVE_INFINITY) as BodyScan);
  const digits = literals.digits;
  let next = 0;
  let keysSeen = 0;
  const swap = (node: object): boolean => {
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const item: unknown = node[i];
        if (typeof item === "number") node[i] = new Accepted(digits[next++]!);
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
      if (typeof item === "number") record[key] = new Accepted(digits[next++]!);
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
  if (next !== digits.length || keysSeen !== literals.keys) return NOT_FAST;
  const compact = literals.compact;
  // A record's own text is its compact form only if JSON.stringify would write its strings as
  // they stand: a lone surrogate it would escape (never in a decoded body) rules the page out.
  const wellFormed = literals.decoded || isWellFormed(text);
  if (Array.isArray(value) && compact.length === value.length && wellFormed) {
    for (let i = 0; i < value.length; i++) {
      const own = compact[i];
      if (own !== null && own !== undefined) keepCompactText(value[i] as object, own);
    }
  }
  return value;
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
