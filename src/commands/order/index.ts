import type { Command } from "commander";
import type { Runner } from "../run.js";

export function registerOrder(program: Command, run: Runner): void {
  const order = program.command("order").description("Look up orders");
  order
    .command("get")
    .description("Show one or more orders by id, with exact prices and amounts")
    .argument("<ORDER_ID...>", "order ids (decimal digits, int64)")
    .addHelpText(
      "after",
      `
Examples:
  $ tradectl order get 21545488
  $ tradectl order get 21545488 21545490 -o json
  $ tradectl --sandbox order get 9007199254740993 -o csv`,
    )
    .action((ids: string[], _options, command: Command) =>
      run(command, async (ctx) => (await import("./get.js")).runOrderGet({ ids }, ctx)),
    );
}
