import { Command } from "@commander-js/extra-typings";
import { EXCHANGE_FIELD_NAMES } from "../../domain/order.js";
import { checkedFields, fieldsOption } from "../../output/fields-option.js";
import { defineVerb } from "../verb.js";
import type { ExchangesListOptions } from "./list.js";

const exchangesListCommand = () =>
  new Command("list")
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
    );

/** The flags of `exchanges list`, as commander parses them (inferred from the spec). */
export type ExchangesListFlags = ReturnType<ReturnType<typeof exchangesListCommand>["opts"]>;

function exchangesListOptions(flags: ExchangesListFlags): ExchangesListOptions {
  return { fields: checkedFields(flags.fields, EXCHANGE_FIELD_NAMES) };
}

export const exchangesListVerb = defineVerb({
  command: exchangesListCommand,
  options: (_args, flags) => exchangesListOptions(flags),
  run: async () => (await import("./list.js")).runExchangesList,
});
