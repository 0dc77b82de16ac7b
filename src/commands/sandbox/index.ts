import { verbGroup } from "../verb.js";
import { resetVerb } from "./reset-spec.js";
import { serveVerb } from "./serve-spec.js";

/** The `sandbox` group's verbs, in the order help lists them. */
export const registerSandbox = verbGroup(serveVerb, resetVerb);
