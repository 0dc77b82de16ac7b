import { Command } from "@commander-js/extra-typings";
import { TRADE_FIELD_NAMES } from "../../domain/order.js";
import { english, type Translator } from "../../i18n/index.js";
import { checkedFields, fieldsOption } from "../../output/fields-option.js";
import { defineVerb } from "../verb.js";
import { orderIdArguments } from "./ids.js";
import type { OrderTradesOptions } from "./trades.js";

const orderTradesCommand = (t: Translator = english) =>
  new Command("trades")
    .description(t("order.trades.description"))
    .argument("<ORDER_ID...>", t("order.ids"))
    .addOption(fieldsOption(TRADE_FIELD_NAMES, t))
    .addHelpText("after", t("order.trades.examples"));

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
