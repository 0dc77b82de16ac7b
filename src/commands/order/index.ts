import type { Command } from "commander";
import { FILLS_FIELD_NAMES, ORDER_FIELD_NAMES, TRADE_FIELD_NAMES } from "../../domain/order.js";
import { fieldsOption } from "../../output/fields-option.js";
import type { Runner } from "../run.js";

export function registerOrder(program: Command, run: Runner): void {
  const order = program.command("order").description("Look up orders and what they filled at");
  order
    .command("get")
    .description("Show one or more orders by id, with exact prices and amounts")
    .argument("<ORDER_ID...>", "order ids (decimal digits, int64)")
    .option(
      "--fills",
      "also read each order's trades and add what it really filled at: count, filled amount, average price, notional, fee, tax",
    )
    // With --fills the fills.* names are valid too; without it they are refused by name.
    .addOption(fieldsOption([...ORDER_FIELD_NAMES, ...FILLS_FIELD_NAMES]))
    .addHelpText(
      "after",
      `
Examples:
  $ tradectl order get 21545488
  $ tradectl order get 21545488 21545490 -o json
  $ tradectl --sandbox order get 9007199254740993 -o csv
  $ tradectl --sandbox order get 21545488 --fills
  $ tradectl order get 21545488 21545490 --fields id,status,price,stopPrice`,
    )
    .action((ids: string[], options: { fills?: boolean; fields?: string }, command: Command) =>
      run(command, async (ctx) =>
        (await import("./get.js")).runOrderGet(
          { ids, fills: options.fills === true, fields: options.fields },
          ctx,
        ),
      ),
    );
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
