import { badRows, readImport, readImportText } from "../../declare/import-read.js";
import { FORMATS, type ImportSource } from "../../domain/withdrawal-formats.js";
import type { ArrivalShape } from "../../sandbox/generate.js";
import type { CommandContext } from "../context.js";

/** Far enough that no withdrawal of the file is left out as expired: the sandbox plays them all. */
const NEVER_EXPIRES_MS = 1_000 * 365 * 86_400_000;

/**
 * `sandbox serve --arrivals-from FILE --arrivals-source SOURCE`: each completed withdrawal of
 * an export, read as `rules import` reads it, arrives as a pending deposit to its address and
 * memo, with the amount it would arrive with (the amount less the fee where the source does
 * not say which). The withdrawals numbered in `off` (from 1, in the file's order) arrive with
 * a slightly different amount: a near miss to watch.
 */
export async function arrivalScript(
  file: string,
  source: Exclude<ImportSource, "generic">,
  off: ReadonlySet<number>,
  ctx: CommandContext,
): Promise<ArrivalShape[]> {
  const text = await readImportText(file, ctx.io.stdin);
  const options = {
    source,
    format: FORMATS[source],
    decimalComma: false,
    untilMs: NEVER_EXPIRES_MS,
    now: ctx.now(),
  };
  const reads = await readImport(text, file, options, new Set());
  const bad = reads.filter((r) => r.kind === "bad");
  if (bad.length > 0) throw badRows(bad, file);
  return reads
    .flatMap((r) => (r.kind === "withdrawal" ? [r.withdrawal] : []))
    .map((w, i) => {
      const amount = w.amounts[w.amounts.length - 1]!;
      const shape: ArrivalShape = {
        symbol: w.symbol,
        address: w.address,
        // One more digit at the end: another amount, as close as can be.
        amount: off.has(i + 1) ? (amount.includes(".") ? `${amount}1` : `${amount}.1`) : amount,
      };
      if (w.memo !== null) shape.memoTag = w.memo;
      return shape;
    });
}
