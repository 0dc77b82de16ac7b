import { parseWholeNumber } from "../domain/numbers.js";
import { type Text, TradectlError } from "../errors.js";
import { msg } from "../i18n/index.js";

/**
 * The syntax `--faults` and `--arrivals` share: `name=value` settings joined by commas. Each
 * usage error names the flag and ends with `hint` (the option's example).
 */
export function settingsSyntax(flag: "--faults" | "--arrivals", hint: Text) {
  const bad = (text: Text): TradectlError => new TradectlError("usage", text, { hint });
  return {
    bad,
    /** Each setting of `spec` in order: its name in lower case and its value trimmed. */
    *settings(spec: string): Generator<[name: string, value: string]> {
      for (const part of spec.split(",")) {
        if (part.trim() === "") continue;
        const eq = part.indexOf("=");
        if (eq < 0) throw bad(msg("sandboxSpec.notNameValue", { flag, part: part.trim() }));
        yield [part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim()];
      }
    },
    /** `text` as a whole number from `min` to `max`, or the usage error that says so. */
    whole(name: string, text: string, min: number, max: number): number {
      const n = parseWholeNumber(text, min, max);
      if (n === null) throw bad(msg("sandboxSpec.whole", { flag, name, min, max, value: text }));
      return n;
    },
  };
}
