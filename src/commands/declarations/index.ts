import { verbGroup } from "../verb.js";
import { confirmVerb } from "./confirm/spec.js";
import { listVerb } from "./list-spec.js";
import { watchVerb } from "./watch-spec.js";

/** The `declarations` group's verbs, in the order help lists them. */
export const registerDeclarations = verbGroup(listVerb, confirmVerb, watchVerb);
