import { Command } from "@commander-js/extra-typings";
import { TRADE_FIELD_NAMES } from "../../domain/order.js";
import { checkedFields, fieldsOption } from "../../output/fields-option.js";
import { defineVerb } from "../verb.js";
import { orderIdArguments } from "./ids.js";
import type { OrderTradesOptions } from "./trades.js";

const orderTradesCommand = () =>
  new Command("trades")
    .description("List the partial trades of one or more orders, with a summary per order")
    .argument(
      "<ORDER_ID...>",
      "order ids (decimal digits, int64), or - to read them from stdin, one a line",
    )
    .addOption(fieldsOption(TRADE_FIELD_NAMES))
    .addHelpText(
      "after",
      `
The single-order endpoint gives only the first partial trade's price; this lists every trade
(GET /api/v1/users/transactions/trade?orderId=ID) with exact digits. The table ends each order
with what it filled, the true average price (Σ size×price ÷ Σ size) and the fees.

Examples:
  $ tradectl --sandbox order trades 21545488
  $ tradectl --sandbox order trades 21545488 21546344 -o json
  $ tradectl order trades 21545488 -o csv > trades.csv`,
    );

/** The flags of `order trades`, as commander parses them (inferred from the spec). */
export type OrderTradesFlags = ReturnType<ReturnType<typeof orderTradesCommand>["opts"]>;

/** The ids and `--fields` checked (every bad id named at once), before anything is sent. */
function orderTradesOptions(ids: readonly string[], flags: OrderTradesFlags): OrderTradesOptions {
  return {
    ids: orderIdArguments(ids),
    fields: checkedFields(flags.fields, TRADE_FIELD_NAMES),
  };
}

export const orderTradesVerb = defineVerb({
  command: orderTradesCommand,
  options: ([ids], flags) => orderTradesOptions(ids, flags),
  run: async () => (await import("./trades.js")).runOrderTrades,
});
