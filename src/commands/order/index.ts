import type { Command } from "commander";
import { ORDER_FIELD_NAMES } from "../../domain/order.js";
import { fieldsOption } from "../../output/fields-option.js";
import type { Runner } from "../run.js";

export function registerOrder(program: Command, run: Runner): void {
  const order = program.command("order").description("Look up orders");
  order
    .command("get")
    .description("Show one or more orders by id, with exact prices and amounts")
    .argument("<ORDER_ID...>", "order ids (decimal digits, int64)")
    .addOption(fieldsOption(ORDER_FIELD_NAMES))
    .addHelpText(
      "after",
      `
Examples:
  $ tradectl order get 21545488
  $ tradectl order get 21545488 21545490 -o json
  $ tradectl --sandbox order get 9007199254740993 -o csv
  $ tradectl order get 21545488 21545490 --fields id,status,price,stopPrice`,
    )
    .action((ids: string[], flags: { fields?: string }, command: Command) =>
      run(command, async (ctx) =>
        (await import("./get.js")).runOrderGet({ ids, fields: flags.fields }, ctx),
      ),
    );
}
