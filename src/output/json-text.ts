import { stringifyLossless } from "../wire/json.js";
import { UNSAFE_CHARACTERS } from "./sanitize.js";

/**
 * The one JSON writer for output: lossless (ids and amounts keep their digits), with the unsafe
 * characters (sanitize.ts's one class) written as \u escapes. JSON escapes C0 inside strings
 * itself, so a raw C0 left is the indentation's own line breaks and stays; C1, bidi marks and
 * the line separators JSON would pass through raw are escaped.
 */
export function jsonText(value: unknown, indent?: number): string {
  return stringifyLossless(value, indent).replace(UNSAFE_CHARACTERS, (ch) =>
    ch < " " ? ch : `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
