import { verbGroup } from "../verb.js";
import { rulesImportVerb } from "./import/spec.js";
import { rulesAddVerb, rulesListVerb, rulesRemoveVerb } from "./rules-spec.js";

/** The `rules` group's verbs, in the order help lists them. */
export const registerRules = verbGroup(
  rulesAddVerb,
  rulesListVerb,
  rulesRemoveVerb,
  rulesImportVerb,
);
