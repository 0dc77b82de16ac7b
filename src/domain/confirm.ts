import { LosslessNumber } from "lossless-json";
import { canonicalId, INT32_MAX } from "./ids.js";
import { DESCRIPTION_MAX, DESCRIPTION_MIN, EXCHANGE_OTHER_NAME_MAX } from "./limits.js";
import { CONFIRM_MESSAGES } from "./messages.js";
import { foldCase, serviceLength } from "./text.js";

export const ADDRESS_TYPES = ["Exchange", "IndividualWallet"] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/**
 * Answers to the confirm questions, as gathered from flags, a saved sender, a `--from` row, the
 * wizard or a request body, before the rules are applied: the one name for an answer set. Ids
 * are decimal strings; absent answers are undefined, the declaration's id included (answers for
 * many declarations, or not picked yet).
 */
export interface Answers {
  cryptoDepositDeclarationId?: string;
  isSelfSender?: boolean;
  firstName?: string;
  lastName?: string;
  description?: string;
  addressType?: AddressType;
  exchangeId?: string;
  exchangeOtherName?: string;
}

/** Answers for one known declaration: what the rules check and a body is made from. */
export type DeclarationAnswers = Answers & { cryptoDepositDeclarationId: string };

/** The body the service receives (seed 2.2), field names and order as the seed writes them. */
export interface ConfirmBody {
  cryptoDepositDeclarationId: LosslessNumber;
  isSelfSender: boolean;
  firstName?: string;
  lastName?: string;
  description: string;
  AddressType: AddressType;
  exchangeId?: LosslessNumber;
  exchangeOtherName?: string;
}

/** The confirm operation's answer (seed 2.3), inferred from its schema. */
export type { ConfirmResponse } from "../wire/schemas.js";

/** `exchange`, `individual-wallet` and the API spellings, in any case (Turkish İ/ı too). */
export function normalizeAddressType(value: string): AddressType | null {
  const key = foldCase(value.trim()).replace(/[-_\s]/g, "");
  if (key === "exchange") return "Exchange";
  if (key === "individualwallet") return "IndividualWallet";
  return null;
}

const present = (s: string | undefined): s is string => s !== undefined && s.trim() !== "";

/**
 * The description as it is sent and counted: trimmed, like the names, so blanks around it
 * neither fill the 20 characters nor reach the service; a blank one has length 0.
 */
export function descriptionText(description: string | undefined): string {
  return (description ?? "").trim();
}

/** The description's length as the service counts it (UTF-16 units), for the wizard's count. */
export function descriptionLength(description: string | undefined): number {
  return serviceLength(descriptionText(description));
}

/** The description's length rule, for live validation (the wizard) and the full check. */
export function descriptionProblem(description: string | undefined): string | null {
  const length = descriptionLength(description);
  return length < DESCRIPTION_MIN || length > DESCRIPTION_MAX
    ? CONFIRM_MESSAGES.descriptionLength
    : null;
}

/** The length rule of exchangeOtherName, for live validation (the wizard) and the full check. */
export function exchangeOtherNameProblem(name: string): string | null {
  return serviceLength(name.trim()) > EXCHANGE_OTHER_NAME_MAX
    ? CONFIRM_MESSAGES.exchangeOtherNameTooLong
    : null;
}

export function exchangeIdIsWellFormed(value: string): boolean {
  return canonicalId(value, INT32_MAX) !== null;
}

export interface ConfirmRuleContext {
  /**
   * Ids of the crypto-exchanges listing. Null when the listing could not be read: the rule is
   * then left to the server rather than guessed.
   */
  supportedExchangeIds: ReadonlySet<string> | null;
}

/** A field of the confirm body (seed 2.2), spelled as on the wire. */
export type ConfirmField =
  | "isSelfSender"
  | "firstName"
  | "lastName"
  | "description"
  | "AddressType"
  | "exchangeId"
  | "exchangeOtherName";

/** The confirm rules of seed 7.2 that a request can break (named as in messages.ts). */
export type ConfirmRule =
  | "namesRequired"
  | "descriptionLength"
  | "addressTypeRequired"
  | "exchangeRequired"
  | "walletWithExchange"
  | "bothExchanges"
  | "exchangeIdNotSupported"
  | "exchangeOtherNameTooLong";

/**
 * One broken rule: which rule, the field it is about (so a caller can tell which answer broke
 * it without reading the text), and the seed's exact message.
 */
export interface Violation {
  rule: ConfirmRule;
  field: ConfirmField;
  message: string;
}

const broken = (rule: ConfirmRule, field: ConfirmField): Violation => ({
  rule,
  field,
  message: CONFIRM_MESSAGES[rule],
});

/**
 * Every rule of seed 2.2, each broken one reported with the seed's exact message, in the order of
 * the seed's error table (7.2). An empty array means the request may be sent.
 */
export function confirmRuleViolations(answers: Answers, context: ConfirmRuleContext): Violation[] {
  const errors: Violation[] = [];
  if (answers.isSelfSender !== true && !(present(answers.firstName) && present(answers.lastName))) {
    // The sender was not said at all, or the name that is missing.
    const field =
      answers.isSelfSender === undefined
        ? "isSelfSender"
        : present(answers.firstName)
          ? "lastName"
          : "firstName";
    errors.push(broken("namesRequired", field));
  }
  if (descriptionProblem(answers.description))
    errors.push(broken("descriptionLength", "description"));
  if (answers.addressType === undefined) errors.push(broken("addressTypeRequired", "AddressType"));

  const hasId = present(answers.exchangeId);
  const hasName = present(answers.exchangeOtherName);
  if (answers.addressType === "Exchange") {
    if (!hasId && !hasName) errors.push(broken("exchangeRequired", "exchangeId"));
    if (hasId && hasName) errors.push(broken("bothExchanges", "exchangeOtherName"));
  } else if (answers.addressType === "IndividualWallet" && (hasId || hasName)) {
    errors.push(broken("walletWithExchange", hasId ? "exchangeId" : "exchangeOtherName"));
  }
  if (hasId) {
    const id = canonicalId(answers.exchangeId!, INT32_MAX);
    const supported = context.supportedExchangeIds;
    if (id === null || (supported !== null && !supported.has(id))) {
      errors.push(broken("exchangeIdNotSupported", "exchangeId"));
    }
  }
  // The name is sent trimmed (confirmBody), so the limit applies to what is sent.
  if (hasName && exchangeOtherNameProblem(answers.exchangeOtherName!)) {
    errors.push(broken("exchangeOtherNameTooLong", "exchangeOtherName"));
  }
  return errors;
}

/**
 * The wire body for answers that passed the rules. Names are left out for a self sender (the
 * service would ignore them), and only the exchange field that was answered is sent.
 */
export function confirmBody(answers: DeclarationAnswers): ConfirmBody {
  const self = answers.isSelfSender === true;
  const body: ConfirmBody = {
    cryptoDepositDeclarationId: new LosslessNumber(answers.cryptoDepositDeclarationId),
    isSelfSender: self,
    ...(self ? {} : { firstName: answers.firstName?.trim(), lastName: answers.lastName?.trim() }),
    description: descriptionText(answers.description),
    AddressType: answers.addressType ?? "Exchange",
  };
  if (answers.addressType === "Exchange") {
    if (present(answers.exchangeId))
      body.exchangeId = new LosslessNumber(
        canonicalId(answers.exchangeId, INT32_MAX) ?? answers.exchangeId,
      );
    else if (present(answers.exchangeOtherName))
      body.exchangeOtherName = answers.exchangeOtherName.trim();
  }
  return body;
}
