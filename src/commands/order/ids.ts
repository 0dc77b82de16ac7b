import { canonicalId, idProblem } from "../../domain/ids.js";
import { type Text, TradectlError } from "../../errors.js";
import { msg } from "../../i18n/index.js";

/**
 * The order ids of `order get` and `order trades` in canonical form, or a usage error listing
 * every bad one (their specs check this, so nothing is sent).
 */
export function checkedOrderIds(raw: readonly string[]): string[] {
  const problems = raw
    .map((id) => idProblem(id, msg("domain.id.order", { id })))
    .filter((problem): problem is Text => problem !== null);
  if (problems.length > 0) throw TradectlError.listing("usage", problems);
  return raw.map((id) => canonicalId(id)!);
}

/** The ids an order command was given: on the command line, or `-` for stdin's lines. */
export type OrderIds = { fromStdin: false; ids: string[] } | { fromStdin: true };

/**
 * The id arguments checked: `-` alone means "read them from stdin, one a line" (as `--from -`
 * does), read by the run; otherwise every id is checked now.
 */
export function orderIdArguments(raw: readonly string[]): OrderIds {
  if (!raw.includes("-")) return { fromStdin: false, ids: checkedOrderIds(raw) };
  if (raw.length > 1) {
    const hint = msg("order.ids.stdinHint");
    throw TradectlError.listing("usage", [msg("order.ids.dashAlone")], {
      hint: hint,
    });
  }
  return { fromStdin: true };
}

/**
 * The ids themselves: those given, or stdin's lines (blank lines skipped, blanks around an id
 * ignored), checked as ids given as arguments are, every bad one named, before any request.
 */
export async function orderIdsOf(given: OrderIds, stdin: NodeJS.ReadableStream): Promise<string[]> {
  if (!given.fromStdin) return given.ids;
  let text = "";
  stdin.setEncoding?.("utf8");
  for await (const chunk of stdin) text += chunk;
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
  if (lines.length === 0) {
    throw TradectlError.listing("usage", [msg("order.ids.noneOnStdin")]);
  }
  return checkedOrderIds(lines);
}
