import { isTradectlError, TradectlError } from "../../errors.js";
import { asIs, msg } from "../../i18n/index.js";
import type { CommandContext } from "../context.js";
import { reportError } from "../report.js";

/**
 * What the runs of `order get` and `order trades` share: one task per id (checked by the spec)
 * with a few in flight (the client's rate limiter paces them), results in the order given.
 */

/** Requests in flight at once; the client's rate limiter keeps them inside the service's limits. */
const CONCURRENCY = 8;

/** Runs `task` for each item with at most `limit` in flight, results in the order of the input. */
async function pool<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      try {
        results[index] = { status: "fulfilled", value: await task(items[index]!) };
      } catch (reason) {
        results[index] = { status: "rejected", reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export interface EachResult<R> {
  /** The results of the ids that succeeded, in the order given. */
  found: R[];
  /** The first failure, named after its id; null when every id succeeded. */
  failure: TradectlError | null;
}

/**
 * `task` for every id. With several ids a failure does not stop the others: each is reported on
 * stderr as it is found and the rest still print. Ctrl-C stops everything.
 */
export async function fetchEach<R>(
  ids: readonly string[],
  ctx: CommandContext,
  task: (id: string) => Promise<R>,
): Promise<EachResult<R>> {
  const results = await pool(ids, CONCURRENCY, task);
  const found: R[] = [];
  let failure: TradectlError | null = null;
  for (const [i, result] of results.entries()) {
    if (result.status === "fulfilled") {
      found.push(result.value);
      continue;
    }
    const error = isTradectlError(result.reason)
      ? result.reason
      : new TradectlError("server", asIs(String(result.reason)));
    if (error.kind === "cancelled") throw error;
    const notFound = error.kind === "not_found";
    const named = TradectlError.with(error, {
      text: msg("order.failed", { id: ids[i]!, message: error.text }),
      hint: notFound ? msg("order.checkId") : error.hint,
    });
    failure ??= named;
    if (ids.length > 1) reportError(named, ctx.io, ctx.globals.output);
  }
  return { found, failure };
}

/** The exit code once the found records are printed: a lone id's failure is thrown instead. */
export function exitCodeFor(failure: TradectlError | null, ids: readonly string[]): number {
  if (failure === null) return 0;
  if (ids.length === 1) throw failure;
  return failure.exitCode;
}
