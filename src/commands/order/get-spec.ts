import { Command } from "@commander-js/extra-typings";
import { FILLS_FIELD_NAMES, ORDER_FIELD_NAMES } from "../../domain/order.js";
import { english, type Translator } from "../../i18n/index.js";
import { checkedFields, fieldsOption } from "../../output/fields-option.js";
import { defineVerb } from "../verb.js";
import type { OrderGetOptions } from "./get.js";
import { orderIdArguments } from "./ids.js";

const orderGetCommand = (t: Translator = english) =>
  new Command("get")
    .description(t("order.get.description"))
    .argument("<ORDER_ID...>", t("order.ids"))
    .option("--fills", t("order.get.fills"))
    // With --fills the fills.* names are valid too; without it they are refused by name.
    .addOption(fieldsOption([...ORDER_FIELD_NAMES, ...FILLS_FIELD_NAMES], t))
    .addHelpText("after", t("order.get.examples"));

/** The flags of `order get`, as commander parses them (inferred from the spec). */
export type OrderGetFlags = ReturnType<ReturnType<typeof orderGetCommand>["opts"]>;

/** The ids and `--fields` checked (every bad id named at once), before anything is sent. */
function orderGetOptions(ids: readonly string[], flags: OrderGetFlags): OrderGetOptions {
  const fills = flags.fills === true;
  return {
    ids: orderIdArguments(ids),
    fills,
    fields: checkedFields(
      flags.fields,
      fills ? [...ORDER_FIELD_NAMES, ...FILLS_FIELD_NAMES] : ORDER_FIELD_NAMES,
    ),
  };
}

export const orderGetVerb = defineVerb({
  command: orderGetCommand,
  options: ([ids], flags) => orderGetOptions(ids, flags),
  run: async () => (await import("./get.js")).runOrderGet,
});
