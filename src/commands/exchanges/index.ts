import type { Command } from "commander";
import type { Runner } from "../run.js";

export function registerExchanges(program: Command, run: Runner): void {
  program
    .command("exchanges")
    .description("The crypto-exchanges listing (ids for --exchange-id)")
    .command("list")
    .alias("ls")
    .description("List the supported exchanges: id and name")
    .addHelpText(
      "after",
      `
Examples:
  $ tradectl exchanges list
  $ tradectl --sandbox exchanges list -o json`,
    )
    .action((_flags, command: Command) =>
      run(command, async (ctx) => (await import("./list.js")).runExchangesList(ctx)),
    );
}
