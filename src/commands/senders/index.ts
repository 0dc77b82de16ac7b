import { verbGroup } from "../verb.js";
import { sendersAddVerb, sendersListVerb, sendersRemoveVerb } from "./senders-spec.js";

/** The `senders` group's verbs, in the order help lists them. */
export const registerSenders = verbGroup(sendersAddVerb, sendersListVerb, sendersRemoveVerb);
