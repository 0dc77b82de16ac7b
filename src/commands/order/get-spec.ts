import { Command } from "@commander-js/extra-typings";
import { FILLS_FIELD_NAMES, ORDER_FIELD_NAMES } from "../../domain/order.js";
import { checkedFields, fieldsOption } from "../../output/fields-option.js";
import { defineVerb } from "../verb.js";
import type { OrderGetOptions } from "./get.js";
import { orderIdArguments } from "./ids.js";

const orderGetCommand = () =>
  new Command("get")
    .description("Show one or more orders by id, with exact prices and amounts")
    .argument(
      "<ORDER_ID...>",
      "order ids (decimal digits, int64), or - to read them from stdin, one a line",
    )
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
  $ tradectl order get 21545488 21545601 -o json
  $ tradectl --sandbox order get 9007199254740993 -o csv
  $ tradectl --sandbox order get 21545488 --fills
  $ tradectl order get 21545488 21545601 --fields id,status,price,stopPrice`,
    );

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
