import type { Text } from "../errors.js";
import { msg } from "../i18n/index.js";

/**
 * What a decimal amount looks like as text (`0.5`, `1500`, `.25`). Apart from the exact
 * comparison in batch.ts so the confirm spec, which runs at every start, can check `--amount`
 * without loading big.js. No sign: a deposit's amount has none, and big.js refuses a `+`, so a
 * signed value would match nothing, or fail every rule of a run beside it.
 */
export const DECIMAL = /^(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$/;

/** Why `text` is not a decimal amount (given as `flag`), or null when it is one. */
export function amountProblem(text: string, flag = "--amount"): Text | null {
  return DECIMAL.test(text.trim()) ? null : msg("domain.amount.notDecimal", { flag, text });
}
