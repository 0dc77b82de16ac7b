import type { Answers } from "../../../domain/batch.js";
import type { ConfirmField, ConfirmRule, Violation } from "../../../domain/confirm.js";
import { CONFIRM_MESSAGES } from "../../../domain/messages.js";
import { TradectlError } from "../../../errors.js";

/** A confirm request being gathered: like ConfirmDraft, but the declaration may not be known yet. */
export type PartialDraft = Answers;

/** The questions a draft can leave unanswered, in the wizard's order. */
export type Answer =
  | "declaration"
  | "sender"
  | "firstName"
  | "lastName"
  | "description"
  | "addressType"
  | "exchange";

/** The questions the draft has not answered. An empty answer counts as given. */
export function missingAnswers(draft: PartialDraft): Answer[] {
  const missing: Answer[] = [];
  if (draft.cryptoDepositDeclarationId === undefined) missing.push("declaration");
  if (draft.isSelfSender === undefined) missing.push("sender");
  else if (draft.isSelfSender === false) {
    if (draft.firstName === undefined) missing.push("firstName");
    if (draft.lastName === undefined) missing.push("lastName");
  }
  if (draft.description === undefined) missing.push("description");
  if (draft.addressType === undefined) missing.push("addressType");
  else if (
    draft.addressType === "Exchange" &&
    draft.exchangeId === undefined &&
    draft.exchangeOtherName === undefined
  ) {
    missing.push("exchange");
  }
  return missing;
}

/** The fields each question answers. */
const FIELDS_OF: Record<Answer, readonly (ConfirmField | "cryptoDepositDeclarationId")[]> = {
  declaration: ["cryptoDepositDeclarationId"],
  sender: ["isSelfSender"],
  firstName: ["firstName"],
  lastName: ["lastName"],
  description: ["description"],
  addressType: ["AddressType"],
  exchange: ["exchangeId", "exchangeOtherName"],
};

/** The seed's rule each unanswered question would otherwise break (for the "missing" line). */
const RULE_OF: Partial<Record<Answer, ConfirmRule>> = {
  sender: "namesRequired",
  firstName: "namesRequired",
  lastName: "namesRequired",
  description: "descriptionLength",
  addressType: "addressTypeRequired",
  exchange: "exchangeRequired",
};

/**
 * The rules broken by the answers that were given: a violation about a field whose question is
 * still to be asked (or reported as missing) is left out.
 */
export function violationsOfGivenAnswers(
  violations: readonly Violation[],
  missing: readonly Answer[],
): Violation[] {
  const unanswered = new Set(missing.flatMap((answer) => FIELDS_OF[answer]));
  return violations.filter((v) => !unanswered.has(v.field));
}

const WHAT: Record<Answer, [what: string, flags: string]> = {
  declaration: [
    "the declaration id",
    "pass it as the argument: `tradectl declarations confirm ID` (`tradectl declarations list --status pending` lists them)",
  ],
  sender: ["the sender", "pass --self, or --first-name and --last-name"],
  firstName: ["the sender's first name", "pass --first-name NAME"],
  lastName: ["the sender's last name", "pass --last-name NAME"],
  description: ["the description", "pass --description TEXT"],
  addressType: [
    "the address type",
    "pass --address-type exchange or --address-type individual-wallet",
  ],
  exchange: [
    "the exchange",
    "pass --exchange-id N (`tradectl exchanges list` shows them) or --exchange-name NAME",
  ],
};

/**
 * `missing the sender: pass --self, or --first-name and --last-name (firstName and lastName
 * required when isSelfSender is false)`: what is missing, the flag that answers it, and the
 * service's own rule, so a script's log names the fix and matches the seed's text.
 */
export function missingAnswerLine(answer: Answer): string {
  const [what, flags] = WHAT[answer];
  const rule = RULE_OF[answer];
  return `missing ${what}: ${flags}${rule ? ` (${CONFIRM_MESSAGES[rule]})` : ""}`;
}

/** Every rule the given answers break, as one error: each seed message on a line of its own. */
export function violationError(violations: readonly Violation[]): TradectlError {
  const listing = violations.some((v) => v.rule === "exchangeIdNotSupported")
    ? "; `tradectl exchanges list` shows the supported exchange ids"
    : "";
  const lines = violations.map((v) => v.message);
  return new TradectlError("validation", lines[0]!, {
    details: lines.slice(1),
    hint: `nothing was sent${listing}`,
  });
}
