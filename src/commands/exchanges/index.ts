import type { Command } from "commander";
import { EXCHANGE_FIELD_NAMES } from "../../domain/order.js";
import { fieldsOption } from "../../output/fields-option.js";
import type { Runner } from "../run.js";

export function registerExchanges(program: Command, run: Runner): void {
  program
    .command("exchanges")
    .description("The crypto-exchanges listing (ids for --exchange-id)")
    .command("list")
    .alias("ls")
    .description("List the supported exchanges: id and name")
    .addOption(fieldsOption(EXCHANGE_FIELD_NAMES))
    .addHelpText(
      "after",
      `
Examples:
  $ tradectl exchanges list
  $ tradectl --sandbox exchanges list -o json
  $ tradectl exchanges list --fields name -o csv`,
    )
    .action((flags: { fields?: string }, command: Command) =>
      run(command, async (ctx) => (await import("./list.js")).runExchangesList(flags, ctx)),
    );
}
