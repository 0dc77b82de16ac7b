import type { Command } from "commander";
import { english, type Translator } from "../../i18n/index.js";
import type { Runner } from "../run.js";
import { addVerb } from "../verb.js";
import { orderGetVerb } from "./get-spec.js";
import { orderTradesVerb } from "./trades-spec.js";

export function registerOrder(program: Command, run: Runner, t: Translator = english): void {
  const order = program.command("order").description(t("order.description"));
  addVerb(order, orderGetVerb, run, t);
  addVerb(order, orderTradesVerb, run, t);
}
