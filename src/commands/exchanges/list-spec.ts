import { Command } from "@commander-js/extra-typings";
import { EXCHANGE_FIELD_NAMES } from "../../domain/order.js";
import { english, type Translator } from "../../i18n/index.js";
import { checkedFields, fieldsOption } from "../../output/fields-option.js";
import { defineVerb } from "../verb.js";
import type { ExchangesListOptions } from "./list.js";

const exchangesListCommand = (t: Translator = english) =>
  new Command("list")
    .alias("ls")
    .description(t("exchanges.list.description"))
    .addOption(fieldsOption(EXCHANGE_FIELD_NAMES, t))
    .addHelpText("after", t("exchanges.list.examples"));

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
