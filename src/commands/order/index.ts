import { verbGroup } from "../verb.js";
import { orderGetVerb } from "./get-spec.js";
import { orderTradesVerb } from "./trades-spec.js";

/** The `order` group's verbs, in the order help lists them. */
export const registerOrder = verbGroup(orderGetVerb, orderTradesVerb);
