import { canonicalId, idProblem } from "../../domain/ids.js";
import { TradectlError } from "../../errors.js";

/**
 * The order ids of `order get` and `order trades` in canonical form, or a usage error listing
 * every bad one (their specs check this, so nothing is sent).
 */
export function checkedOrderIds(raw: readonly string[]): string[] {
  const problems = raw
    .map((id) => [id, idProblem(id)] as const)
    .filter(([, problem]) => problem !== null)
    .map(([id, problem]) => `order id '${id}' ${problem}`);
  if (problems.length > 0) {
    throw new TradectlError("usage", problems[0]!, { details: problems.slice(1) });
  }
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
    throw new TradectlError("usage", "'-' reads the order ids from stdin: give it alone", {
      hint: "one id a line on stdin, e.g. `cut -d, -f1 orders.csv | tradectl order get -`",
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
    throw new TradectlError("usage", "no order ids on stdin ('-' reads them one a line)");
  }
  return checkedOrderIds(lines);
}
