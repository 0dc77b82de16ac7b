import type { Command } from "commander";
import type { Runner } from "../run.js";
import { addVerb } from "../verb.js";
import { exchangesListVerb } from "./list-spec.js";

export function registerExchanges(program: Command, run: Runner): void {
  const exchanges = program
    .command("exchanges")
    .description("The crypto-exchanges listing (ids for --exchange-id)");
  addVerb(exchanges, exchangesListVerb, run);
}
