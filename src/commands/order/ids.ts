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
