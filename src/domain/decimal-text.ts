/**
 * Amounts as spreadsheets write them: `0.5`, `1,234.56`, and with a decimal comma, as Turkish
 * spreadsheets write them, `0,5` and `1.234,56`. Read exactly (text to text, never through a
 * float). `1,234` could be either one thousand two hundred and thirty-four or one and a bit:
 * it is read only when the file (or `--decimal-comma`) says which.
 */

/** How a file writes its decimals: a dot (`1,234.5`) or a comma (`1.234,5`). */
export type DecimalStyle = "dot" | "comma";

/** An amount read: its canonical decimal text (`1234.56`), or why it cannot be read. */
export type DecimalRead =
  | { ok: true; value: string; negative: boolean }
  | { ok: false; why: "ambiguous" | "unreadable" };

const GROUPED = (sep: string) => new RegExp(`^[0-9]{1,3}(?:\\${sep}[0-9]{3})+$`);
const DIGITS = /^[0-9]+$/;

/**
 * Whether this cell can only be read with a decimal comma: a comma followed by other than three
 * digits (`0,5`, `12,3456`), or a dot-grouped number before a comma (`1.234,56`).
 */
export function showsDecimalComma(cell: string): boolean {
  const text = cell.trim().replace(/^[+-]/, "");
  const m = /^([0-9.]+),([0-9]+)$/.exec(text);
  if (!m) return false;
  const [, whole = "", fraction = ""] = m;
  if (whole.includes(".")) return GROUPED(".").test(whole);
  return fraction.length !== 3 && DIGITS.test(whole);
}

/** Leading zeros and trailing fraction zeros off: `007.50` → `7.5`, `1.000` → `1`. */
function canonical(whole: string, fraction: string): string {
  const w = whole.replace(/^0+(?=[0-9])/, "");
  const f = fraction.replace(/0+$/, "");
  return f === "" ? w : `${w}.${f}`;
}

/** The cell as an exact decimal in the file's style; grouping separators taken out. */
export function readDecimal(cell: string, style: DecimalStyle): DecimalRead {
  let text = cell.trim();
  let negative = false;
  if (text.startsWith("-") || text.startsWith("+")) {
    negative = text.startsWith("-");
    text = text.slice(1);
  }
  const [point, group] = style === "dot" ? [".", ","] : [",", "."];
  const parts = text.split(point);
  if (parts.length > 2) return { ok: false, why: "unreadable" };
  const [whole = "", fraction = ""] = parts;
  if (parts.length === 2 && !DIGITS.test(fraction)) return { ok: false, why: "unreadable" };
  if (whole === "" && parts.length === 1) return { ok: false, why: "unreadable" };
  let digits = whole;
  if (whole.includes(group)) {
    if (!GROUPED(group).test(whole)) {
      return { ok: false, why: style === "dot" && group === "," ? "ambiguous" : "unreadable" };
    }
    // `1,234` with no decimal point in a dot file: a thousands comma, or a decimal comma the
    // file never showed? Refused; `1,234.5` is plain.
    if (style === "dot" && parts.length === 1) return { ok: false, why: "ambiguous" };
    digits = whole.split(group).join("");
  }
  if (digits !== "" && !DIGITS.test(digits)) return { ok: false, why: "unreadable" };
  return { ok: true, value: canonical(digits === "" ? "0" : digits, fraction), negative };
}
