import type { Command } from "commander";
import { TRADE_FIELD_NAMES } from "../../domain/order.js";
import { fieldsOption } from "../../output/fields-option.js";
import type { Runner } from "../run.js";
import { addVerb } from "../verb.js";
import { orderGetVerb } from "./get-spec.js";

export function registerOrder(program: Command, run: Runner): void {
  const order = program.command("order").description("Look up orders and what they filled at");
  addVerb(order, orderGetVerb, run);
  order
    .command("trades")
    .description("List the partial trades of one or more orders, with a summary per order")
    .argument("<ORDER_ID...>", "order ids (decimal digits, int64)")
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
    )
    .action((ids: string[], options: { fields?: string }, command: Command) =>
      run(command, async (ctx) =>
        (await import("./trades.js")).runOrderTrades({ ids, fields: options.fields }, ctx),
      ),
    );
}
