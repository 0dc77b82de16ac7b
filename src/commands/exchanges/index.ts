import { verbGroup } from "../verb.js";
import { exchangesListVerb } from "./list-spec.js";

/** The `exchanges` group's verbs, in the order help lists them. */
export const registerExchanges = verbGroup(exchangesListVerb);
