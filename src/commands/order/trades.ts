import { selectFields } from "../../output/fields.js";
import { createRecordWriter } from "../../output/records.js";
import type { CommandContext } from "../context.js";
import { exitCodeFor, fetchEach } from "./each.js";
import { type OrderTrades, renderTradeBlocks, TRADE_VIEW } from "./fills-view.js";
import { type OrderIds, orderIdsOf } from "./ids.js";

/** What `order trades`' flags ask for, checked (by the spec, trades-spec.ts): the run's options. */
export interface OrderTradesOptions {
  /** The order ids, canonical, in the order given (or `-`: stdin's lines). */
  ids: OrderIds;
  /** `--fields`: the API field names to show, in order; all when undefined. */
  fields: readonly string[] | undefined;
}

/**
 * `order trades ORDER_ID…`: the partial trades of each order, in the order given. Machine
 * formats print the trades themselves (json: one array of them all); the table groups them per
 * order with a summary line, and says so for an order without trades.
 */
export async function runOrderTrades(
  options: OrderTradesOptions,
  ctx: CommandContext,
): Promise<number> {
  const ids = await orderIdsOf(options.ids, ctx.io.stdin);
  const view = selectFields(TRADE_VIEW, options.fields);
  const client = await ctx.client();
  const { found, failure } = await fetchEach(
    ids,
    ctx,
    async (orderId): Promise<OrderTrades> => ({
      orderId,
      trades: await client.listTrades(orderId),
    }),
  );
  if (ctx.globals.output === "table") {
    if (found.length > 0) await ctx.io.write(renderTradeBlocks(found, ctx.io, view));
    return exitCodeFor(failure, ids);
  }
  const writer = createRecordWriter(ctx.globals.output, view, ctx.io);
  for (const order of found) await writer.write(order.trades);
  // An empty answer is still an answer: `[]` in json, the header in csv.
  if (found.length > 0) await writer.end();
  return exitCodeFor(failure, ids);
}
