import { verbGroup } from "../verb.js";
import { receiptsListVerb, receiptsShowVerb, receiptsVerifyVerb } from "./receipts-spec.js";

/** The `receipts` group's verbs, in the order help lists them. */
export const registerReceipts = verbGroup(receiptsListVerb, receiptsShowVerb, receiptsVerifyVerb);
